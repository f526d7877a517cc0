import { CARRIERS } from '@lgw/carriers';
import { FAULT_ERROR_BODY } from '@lgw/carriers/shared/sandbox';
import { book, quoteFor, shipmentBody } from '../support/booking';
import { ApiResponse, bootTestApp, TestApp, TestTeam } from '../support/test-app';
import { CARRIER_CODES, PASSTHROUGH_CARRIER_CODES } from '../support/carriers';

/** What the `error` fault answers for a carrier: its simulator's own failure body (or the generic one). */
async function faultBodyOf(code: string): Promise<unknown> {
  const simulator = await CARRIERS.find((c) => c.descriptor.code === code)!.simulator();
  return simulator.faultBody ?? FAULT_ERROR_BODY;
}

const TIMEOUT_MS = 500;
/** Scheduling, the HTTP round trips and a loaded CI machine on top of the carrier deadline. */
const MARGIN_MS = 700;
const SLOW_MS = 3000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.95) - 1)];
}

function expectUnavailable(res: ApiResponse, carrier: string): void {
  expect(res.status).toBe(503);
  expect(res.body.error).toMatchObject({ code: 'E_CARRIER_UNAVAILABLE', details: { carrier } });
  expect(res.body.error.message_en).toBeTruthy();
  expect(res.body.error.message_ar).toBeTruthy();
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
}

/** Helpers over one booted app. */
function harness(get: () => { t: TestApp; team: TestTeam }) {
  const fault = async (carrier: string, mode: 'none' | 'down' | 'slow' | 'error', latencyMs?: number) => {
    const res = await get().t.sandbox('PUT', `/sandbox/v1/carriers/${carrier}/fault`, {
      mode,
      ...(latencyMs === undefined ? {} : { latency_ms: latencyMs }),
    });
    expect(res.status).toBe(200);
  };
  const stats = async (carrier: string) => (await get().t.sandbox('GET', `/sandbox/v1/carriers/${carrier}/stats`)).body;
  const forward = (carrier: string, raw = '{"ping":"pong"}') =>
    get().t.api(`/carriers/${carrier}/passthrough`, {
      method: 'POST',
      key: get().team.apiKey,
      rawBody: raw,
      headers: { 'content-type': 'application/json' },
    });
  const quote = (carrier: string) => quoteFor(get().t, get().team, carrier);
  const post = (q: Awaited<ReturnType<typeof quote>>) =>
    get().t.api('/shipments', { method: 'POST', key: get().team.apiKey, body: shipmentBody(q.quote, q.body) });
  return { fault, stats, forward, quote, post };
}

describe('carrier resilience: deadlines, faults, bulkhead and isolation', () => {
  let t: TestApp;
  let team: TestTeam;
  const h = harness(() => ({ t, team }));

  beforeAll(async () => {
    t = await bootTestApp({
      env: {
        CARRIER_TIMEOUT_MS: String(TIMEOUT_MS),
        CARRIER_RETRY_ATTEMPTS: '2',
        // Failures must not trip the breaker here: these tests are about what each call does.
        CARRIER_BREAKER_THRESHOLD: '100000',
        CARRIER_BULKHEAD_LIMIT: '4',
        CARRIER_BULKHEAD_QUEUE: '2',
      },
    });
    team = await t.createTeam('Resilience Team');
    await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 1_000_000 });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    for (const carrier of CARRIER_CODES) await h.fault(carrier, 'none');
  });

  it('bounds the calls in flight to a slow carrier and refuses the excess at once', async () => {
    await h.fault('sahm', 'slow', SLOW_MS);
    const before = await h.stats('sahm');
    const results = await Promise.all(Array.from({ length: 10 }, () => timed(() => h.forward('sahm'))));
    for (const { value } of results) expectUnavailable(value, 'sahm');
    // 4 in flight + 2 queued; the other 4 are refused without waiting for a slot.
    const fast = results.filter((r) => r.ms < 300);
    expect(fast.length).toBeGreaterThanOrEqual(4);
    for (const r of fast) expect(r.value.headers.get('retry-after')).toBe('1');
    expect(Math.max(...results.map((r) => r.ms))).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
    const after = await h.stats('sahm');
    expect(after.native_requests - before.native_requests).toBeLessThanOrEqual(6);
  });

  describe.each(PASSTHROUGH_CARRIER_CODES)('%s', (carrier) => {
    it('down: passthrough and booking answer 503 E_CARRIER_UNAVAILABLE with Retry-After, at once', async () => {
      const q = await h.quote(carrier);
      await h.fault(carrier, 'down');
      const passthrough = await timed(() => h.forward(carrier));
      expectUnavailable(passthrough.value, carrier);
      expect(passthrough.ms).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
      const booking = await timed(() => h.post(q));
      expectUnavailable(booking.value, carrier);
      expect(booking.ms).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
    });

    it('slow beyond the timeout: 503 within the timeout, not the carrier latency', async () => {
      const q = await h.quote(carrier);
      await h.fault(carrier, 'slow', SLOW_MS);
      const passthrough = await timed(() => h.forward(carrier));
      expectUnavailable(passthrough.value, carrier);
      expect(passthrough.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      expect(passthrough.ms).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
      const booking = await timed(() => h.post(q));
      expectUnavailable(booking.value, carrier);
      expect(booking.ms).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
    });

    it('slow within the timeout: the call simply takes longer', async () => {
      await h.fault(carrier, 'slow', 150);
      const passthrough = await timed(() => h.forward(carrier));
      expect(passthrough.value.status).toBe(200);
      expect(passthrough.ms).toBeGreaterThanOrEqual(140);
    });

    it('error: passthrough hands the 500 back unchanged, booking gives 503 and leaves nothing behind', async () => {
      const q = await h.quote(carrier);
      await h.fault(carrier, 'error');
      const passthrough = await h.forward(carrier);
      expect(passthrough.status).toBe(500);
      expect(passthrough.headers.get('content-type')).toMatch(/^application\/json/);
      expect(passthrough.text).toBe(JSON.stringify(await faultBodyOf(carrier)));
      expect(passthrough.headers.get('retry-after')).toBeNull();

      const total = async () => (await t.api('/shipments?limit=1', { key: team.apiKey })).body.total;
      const before = await total();
      expectUnavailable(await h.post(q), carrier);
      expect(await total()).toBe(before);

      // The quote was given back: once the carrier recovers it books.
      await h.fault(carrier, 'none');
      expect((await h.post(q)).status).toBe(201);
    });

    it('cancel with the carrier failing: 503, and the shipment stays as it was', async () => {
      const shipment = await book(t, team, carrier);
      await h.fault(carrier, 'error');
      const res = await t.api(`/shipments/${shipment.id}/cancel`, { method: 'POST', key: team.apiKey });
      expectUnavailable(res, carrier);
      const got = await t.api(`/shipments/${shipment.id}`, { key: team.apiKey });
      expect(got.body.status).toBe('CREATED');
      await h.fault(carrier, 'none');
      expect((await t.api(`/shipments/${shipment.id}/cancel`, { method: 'POST', key: team.apiKey })).status).toBe(200);
    });
  });

  it('retries only calls the carrier makes idempotent: Sahm bookings (Idempotency-Key), not Bahr waybills', async () => {
    const sahmQuote = await h.quote('sahm');
    const bahrQuote = await h.quote('bahr');
    await h.fault('sahm', 'error');
    await h.fault('bahr', 'error');

    const sahmBefore = (await h.stats('sahm')).native_requests;
    expectUnavailable(await h.post(sahmQuote), 'sahm');
    expect((await h.stats('sahm')).native_requests - sahmBefore).toBeGreaterThan(1);

    const bahrBefore = (await h.stats('bahr')).native_requests;
    expectUnavailable(await h.post(bahrQuote), 'bahr');
    expect((await h.stats('bahr')).native_requests - bahrBefore).toBe(1);

    // Passthrough is never retried: the merchant's bytes reach the carrier once per request.
    const before = (await h.stats('sahm')).native_requests;
    expect((await h.forward('sahm')).status).toBe(500);
    expect((await h.stats('sahm')).native_requests - before).toBe(1);
  });

  describe('isolation: one carrier failing leaves the others at their normal latency', () => {
    interface Samples {
      list: number[];
      [carrier: string]: number[];
    }

    /** GET /shipments and one booking per healthy carrier, sequentially, `rounds` times. */
    async function measure(carriers: string[], rounds: number): Promise<Samples> {
      const samples: Samples = { list: [] };
      for (const c of carriers) samples[c] = [];
      for (let i = 0; i < rounds; i++) {
        const list = await timed(() => t.api('/shipments?limit=20', { key: team.apiKey }));
        expect(list.value.status).toBe(200);
        samples.list.push(list.ms);
        for (const c of carriers) {
          const q = await h.quote(c);
          const booking = await timed(() => h.post(q));
          expect(booking.value.status).toBe(201);
          samples[c].push(booking.ms);
        }
      }
      return samples;
    }

    /** Keeps calls to the failing carrier in flight (bookings and passthrough) until stopped. */
    function loadOn(carrier: string, workers: number) {
      let running = true;
      const statuses: number[] = [];
      const loops = Array.from({ length: workers }, async (_, i) => {
        while (running) {
          const res = i % 2 === 0 ? await h.forward(carrier) : await h.post(await h.quote(carrier));
          statuses.push(res.status);
          await sleep(50);
        }
      });
      return {
        stop: async () => {
          running = false;
          await Promise.all(loops);
          return statuses;
        },
      };
    }

    // Two passthrough carriers fail in turn (the load forwards to them), one slow and one down;
    // every other carrier keeps its latency.
    it.each(
      PASSTHROUGH_CARRIER_CODES.slice(0, 2).map(
        (failing, i) => [failing, i === 0 ? 'slow' : 'down', CARRIER_CODES.filter((code) => code !== failing)] as const,
      ),
    )('%s %s: GET /shipments and %j bookings keep their latency', async (failing, mode, healthy) => {
      await measure([...healthy], 3);
      const baseline = await measure([...healthy], 12);

      await h.fault(failing, mode, mode === 'slow' ? SLOW_MS : undefined);
      const load = loadOn(failing, 6);
      await sleep(100);
      const during = await measure([...healthy], 12);
      const statuses = await load.stop();

      // The fault was real while measuring: every call to the failing carrier failed.
      expect(statuses.length).toBeGreaterThan(0);
      expect(new Set(statuses)).toEqual(new Set([503]));
      const slower = Object.keys(baseline)
        .map((key) => ({ key, baseline: p95(baseline[key]), during: p95(during[key]) }))
        // A carrier starved by the failing one waits for its timeout (seconds); scheduling noise on a
        // loaded machine stays well under a second.
        .filter((r) => r.during >= Math.max(3 * r.baseline, 800));
      expect(slower).toEqual([]);
    });
  });
});

describe('carrier resilience: circuit breaker per carrier', () => {
  let t: TestApp;
  let team: TestTeam;
  const h = harness(() => ({ t, team }));
  const THRESHOLD = 3;
  const HALF_OPEN_MS = 1000;

  beforeAll(async () => {
    t = await bootTestApp({
      env: {
        CARRIER_TIMEOUT_MS: String(TIMEOUT_MS),
        CARRIER_BREAKER_THRESHOLD: String(THRESHOLD),
        CARRIER_BREAKER_HALF_OPEN_MS: String(HALF_OPEN_MS),
      },
    });
    team = await t.createTeam('Breaker Team');
    await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 1_000_000 });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    for (const carrier of PASSTHROUGH_CARRIER_CODES) await h.fault(carrier, 'none');
  });

  it('passthrough: opens after repeated failures, fails fast without reaching the carrier, recovers after the half-open delay', async () => {
    await h.fault('sahm', 'down');
    const start = await h.stats('sahm');
    for (let i = 0; i < THRESHOLD; i++) expectUnavailable(await h.forward('sahm'), 'sahm');
    const opened = await h.stats('sahm');
    expect(opened.native_requests - start.native_requests).toBe(THRESHOLD);

    for (let i = 0; i < 2; i++) {
      const res = await timed(() => h.forward('sahm'));
      expectUnavailable(res.value, 'sahm');
      expect(res.value.headers.get('retry-after')).toBe(String(Math.ceil(HALF_OPEN_MS / 1000)));
      expect(res.ms).toBeLessThan(200);
    }
    // Another carrier's circuit is its own.
    expect((await h.forward('bahr')).status).toBe(200);

    // Even with the carrier back, the open circuit keeps calls away until the half-open delay.
    await h.fault('sahm', 'none');
    expectUnavailable(await h.forward('sahm'), 'sahm');
    expect((await h.stats('sahm')).native_requests).toBe(opened.native_requests);

    await sleep(HALF_OPEN_MS + 150);
    const trial = await h.forward('sahm');
    expect(trial.status).toBe(200);
    expect((await h.forward('sahm')).status).toBe(200);
    const recovered = await h.stats('sahm');
    expect(recovered.native_requests - opened.native_requests).toBe(2);
    expect(recovered.passthrough_requests - opened.passthrough_requests).toBe(2);
  });

  it('a carrier that answers 500 is not unavailable for passthrough: the circuit stays closed', async () => {
    await h.fault('sahm', 'error');
    const before = await h.stats('sahm');
    for (let i = 0; i < THRESHOLD + 2; i++) {
      const res = await h.forward('sahm');
      expect(res.status).toBe(500);
      expect(res.body).toEqual(await faultBodyOf('sahm'));
    }
    expect((await h.stats('sahm')).native_requests - before.native_requests).toBe(THRESHOLD + 2);
    await h.fault('sahm', 'none');
    expect((await h.forward('sahm')).status).toBe(200);
  });

  it('bookings: the circuit opens after repeated failed bookings and closes again after recovery', async () => {
    const quotes: Awaited<ReturnType<typeof h.quote>>[] = [];
    for (let i = 0; i < THRESHOLD + 2; i++) quotes.push(await h.quote('bahr'));
    await h.fault('bahr', 'down');
    const start = await h.stats('bahr');
    for (let i = 0; i < THRESHOLD; i++) expectUnavailable(await h.post(quotes[i]), 'bahr');
    const opened = await h.stats('bahr');
    expect(opened.native_requests).toBeGreaterThan(start.native_requests);

    const fast = await timed(() => h.post(quotes[THRESHOLD]));
    expectUnavailable(fast.value, 'bahr');
    expect(fast.ms).toBeLessThan(200);
    const stillOpen = await h.stats('bahr');
    expect(stillOpen.native_requests).toBe(opened.native_requests);
    expect(stillOpen.bookings).toBe(opened.bookings);

    // Passthrough has its own circuit: with the carrier back it works at once.
    await h.fault('bahr', 'none');
    expect((await h.forward('bahr')).status).toBe(200);
    expectUnavailable(await h.post(quotes[THRESHOLD + 1]), 'bahr');

    await sleep(HALF_OPEN_MS + 150);
    expect((await h.post(quotes[0])).status).toBe(201);
    expect((await h.post(quotes[1])).status).toBe(201);
  });
});
