import { lacks } from '../support/carriers';
import { randomBytes } from 'node:crypto';
import { RunningCarrierSandbox, startCarrierSandbox } from '@lgw/carrier-sandbox';
import { ratesBody } from '../support/fixtures';
import { GatewayProcesses, startGatewayProcesses } from '../support/gateway-processes';
import { SERVICES_MODE } from '../support/test-mode';
import { eventually, sleep } from '../support/eventually';

/**
 * kill -9 of real gateway processes before, at and after the carrier call, for booking and for
 * cancel (docs/adr/0013-carrier-intents.md, docs/adr/0014-idempotency-leases.md). Embedded
 * mode kills the all-in-one process (PGlite on disk); services mode kills the api process while
 * a worker process keeps running on PostgreSQL and Redis. The carrier sandbox outlives them.
 * After restart and recovery: every carrier booking has exactly one gateway shipment, the
 * carrier and the gateway agree on every cancellation, and every Idempotency-Key answers.
 */
/**
 * The idempotency lease and the slow carrier's latency leave the retry during the call seconds of
 * slack, not milliseconds: on a host several times slower than usual, a retry sent 1 s after the
 * requests reached the api only after a 2 s lease had run out, and took the key over.
 */
const LEASE_MS = 4000;
/** Private port range of this suite: 7200-7249 embedded, 7250-7299 services. */
const PORT = 7200 + (SERVICES_MODE ? 50 : 0) + Math.floor(Math.random() * 50);
const SLOW_MS = 5000;

type Json = any;

/** Where destination updates send the shipments (the booking went to Jeddah). */
const NEW_DESTINATION = {
  name: 'New Recipient',
  line1: 'Prince Mohammed Street 9',
  city: 'Dammam',
  country: 'SA',
  postal_code: '32241',
  additional_number: '7788',
  short_address: 'DMMD1234',
  phone: '966501112233',
};

interface SentRequest {
  readonly kind: 'book' | 'cancel' | 'destination';
  readonly method: 'POST' | 'PATCH';
  readonly round: string;
  readonly carrier: string;
  readonly key: string;
  readonly path: string;
  readonly body: Json;
  /** For cancels and destination updates: the shipment concerned. */
  readonly shipmentId?: string;
}

describe(`crash consistency with kill -9 (${SERVICES_MODE ? 'api + worker on PostgreSQL and Redis' : 'embedded all-in-one'})`, () => {
  let sandbox: RunningCarrierSandbox;
  let gw: GatewayProcesses;
  let apiKey: string;
  let carriers: string[];
  /** Quotes per carrier, used up by the rounds. */
  const quotes = new Map<string, Json[]>();
  /** Shipments booked before any crash, per carrier, cancelled by the rounds. */
  const cancellable = new Map<string, string[]>();
  /** One shipment per carrier booked before any crash, redirected by a round. */
  const redirectable = new Map<string, string>();
  const sent: SentRequest[] = [];
  const bookedBeforeAnyCrash = new Set<string>();

  const call = async (path: string, init: { method?: string; body?: Json; key?: string; timeoutMs?: number } = {}) => {
    const headers: Record<string, string> = { authorization: `Bearer ${apiKey}` };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (init.key) headers['idempotency-key'] = init.key;
    const res = await fetch(`${gw.url}/api/v1${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(init.timeoutMs ?? 30_000),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
  };
  const control = async (method: string, path: string, body?: Json) => {
    const res = await fetch(`${sandbox.url}/sandbox/v1${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return res.json() as Promise<Json>;
  };

  /** One request of a round, under an Idempotency-Key of its own. */
  const request = (
    kind: SentRequest['kind'],
    round: string,
    carrier: string,
    rest: Pick<SentRequest, 'method' | 'path' | 'body' | 'shipmentId'>,
  ): SentRequest => ({
    kind,
    round,
    carrier,
    key: `${kind}-${round}-${carrier}-${randomBytes(3).toString('hex')}`,
    ...rest,
  });
  const bookingRequest = (round: string, carrier: string) => {
    const quote = quotes.get(carrier)!.shift()!;
    return request('book', round, carrier, { method: 'POST', path: '/shipments', body: { quote_id: quote.quote_id, ...ratesBody() } });
  };
  const cancelRequest = (round: string, carrier: string) => {
    const shipmentId = cancellable.get(carrier)!.shift()!;
    const path = `/shipments/${shipmentId}/cancel`;
    return request('cancel', round, carrier, { method: 'POST', path, body: { reason: `crash round ${round}` }, shipmentId });
  };
  const destinationRequest = (round: string, carrier: string) => {
    const shipmentId = redirectable.get(carrier)!;
    return request('destination', round, carrier, {
      method: 'PATCH',
      path: `/shipments/${shipmentId}/destination`,
      body: NEW_DESTINATION,
      shipmentId,
    });
  };
  /** Sends without waiting for answers that will never come (the process dies). */
  const fire = (requests: SentRequest[]) => {
    sent.push(...requests);
    return requests.map((r) => call(r.path, { method: r.method, body: r.body, key: r.key }).catch(() => undefined));
  };

  /** One process lifetime that ends at a fault point (the process SIGKILLs itself there). */
  const crashAt = async (faultPoint: string, requests: () => SentRequest[]) => {
    await gw.startApi({ LGW_FAULT_POINT: faultPoint });
    const answers = fire(requests());
    const exit = await gw.apiExit(30_000);
    expect(exit.signal).toBe('SIGKILL');
    await Promise.all(answers);
  };

  /** Every carrier booking has exactly one gateway shipment, and both agree on cancellation. */
  const consistency = async (): Promise<string[]> => {
    const problems: string[] = [];
    const gateway: Json[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = await call(`/shipments?limit=100&offset=${offset}`);
      gateway.push(...page.body.shipments);
      if (offset + 100 >= page.body.total) break;
    }
    for (const carrier of carriers) {
      const atCarrier: Json[] = (await control('GET', `/carriers/${carrier}/shipments`)).shipments;
      for (const booking of atCarrier) {
        const mine = gateway.filter((s) => s.tracking_number === booking.tracking_number);
        if (!booking.cancelled) {
          if (mine.length !== 1) problems.push(`${carrier} ${booking.tracking_number}: ${mine.length} gateway shipments`);
          else if (mine[0].id !== booking.client_reference)
            problems.push(`${carrier} ${booking.tracking_number}: booked as ${booking.client_reference}, recorded as ${mine[0].id}`);
          // A carrier without a cancel (its definition lacks it) is voided in the gateway only (ADR 0076).
          else if (mine[0].status === 'CANCELLED' && !lacks(carrier, 'cancel'))
            problems.push(`${carrier} ${booking.tracking_number}: cancelled in the gateway only`);
        } else if (mine.length > 1 || (mine.length === 1 && mine[0].status !== 'CANCELLED')) {
          problems.push(
            `${carrier} ${booking.tracking_number}: cancelled at the carrier, ${mine.map((s) => s.status).join(',') || 'absent'} in the gateway`,
          );
        }
      }
      for (const shipment of gateway.filter((s) => s.carrier.code === carrier)) {
        if (!atCarrier.some((b) => b.tracking_number === shipment.tracking_number)) {
          problems.push(`${carrier} ${shipment.tracking_number}: in the gateway, unknown to the carrier`);
        }
      }
    }
    return problems;
  };

  beforeAll(async () => {
    sandbox = await startCarrierSandbox({ port: 0, host: '127.0.0.1', autoAdvanceSeconds: 0 });
    gw = await startGatewayProcesses({
      sandboxUrl: sandbox.url,
      port: PORT,
      env: { IDEMPOTENCY_LEASE_MS: String(LEASE_MS), INTENT_RECOVERY_AFTER_MS: String(LEASE_MS), RATE_LIMIT_PER_MINUTE: '100000' },
    });
    await gw.startApi();
    const team = await fetch(`${gw.url}/admin/v1/teams`, {
      method: 'POST',
      headers: { authorization: `Bearer ${gw.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Crash Test Trading' }),
    }).then((r) => r.json() as Promise<Json>);
    apiKey = team.api_key;
    // Every carrier the gateway offers, as its registry lists them, that recovery can ask what it
    // booked: one without a look-up by our reference (lacks booking_lookup) cannot say (docs/adr/0080-aramex.md).
    carriers = (await call('/carriers')).body.carriers.map((c: Json) => c.code).filter((code: string) => !lacks(code, 'booking_lookup'));
    expect(carriers.length).toBeGreaterThan(0);
    for (let i = 0; i < 8; i++) {
      const rated = await call('/rates', { method: 'POST', body: ratesBody() });
      expect(rated.status).toBe(200);
      for (const carrier of carriers) {
        const quote = rated.body.quotes.find((q: Json) => q.carrier.code === carrier);
        expect(quote).toBeDefined();
        quotes.set(carrier, [...(quotes.get(carrier) ?? []), quote]);
      }
    }
    // Three shipments per carrier for the cancel rounds, booked before any crash.
    for (const carrier of carriers) {
      for (let i = 0; i < 3; i++) {
        const quote = quotes.get(carrier)!.shift()!;
        const booked = await call('/shipments', { method: 'POST', body: { quote_id: quote.quote_id, ...ratesBody() } });
        expect(booked.status).toBe(201);
        cancellable.set(carrier, [...(cancellable.get(carrier) ?? []), booked.body.id]);
        bookedBeforeAnyCrash.add(booked.body.id);
      }
      const quote = quotes.get(carrier)!.shift()!;
      const booked = await call('/shipments', { method: 'POST', body: { quote_id: quote.quote_id, ...ratesBody() } });
      expect(booked.status).toBe(201);
      redirectable.set(carrier, booked.body.id);
      bookedBeforeAnyCrash.add(booked.body.id);
    }
  }, 120_000);

  afterAll(async () => {
    await gw?.close();
    await sandbox?.close();
  });

  it('dies at each crash point of booking, cancel and destination update, and while the carrier is answering', async () => {
    // Bookings and cancels run together; whichever reaches its point first kills the process,
    // so the others die wherever they are at that instant.
    const both = (round: string) => [...carriers.map((c) => bookingRequest(round, c)), ...carriers.map((c) => cancelRequest(round, c))];
    await crashAt('booking.before-carrier-call,cancel.before-carrier-call', () => both('before'));
    await crashAt('booking.after-carrier-call', () => carriers.map((c) => bookingRequest('after', c)));
    await crashAt('cancel.after-carrier-call', () => carriers.map((c) => cancelRequest('after', c)));
    await crashAt('booking.after-record', () => carriers.map((c) => bookingRequest('recorded', c)));
    await crashAt('destination.after-carrier-call', () => carriers.map((c) => destinationRequest('after', c)));

    // During the call: the carrier answers slowly and the process is killed meanwhile; the
    // carrier finishes the work after the gateway is gone.
    await gw.startApi();
    for (const carrier of carriers) await control('PUT', `/carriers/${carrier}/fault`, { mode: 'slow', latency_ms: SLOW_MS });
    const during = [...carriers.map((c) => bookingRequest('during', c)), ...carriers.map((c) => cancelRequest('during', c))];
    const answers = fire(during);
    await sleep(1000);
    // The first request still holds its key: a retry is told to come back later, not refused.
    const busy = await call(during[0].path, { method: 'POST', body: during[0].body, key: during[0].key });
    expect(busy.status).toBe(409);
    expect(busy.body.error.code).toBe('E_IDEMPOTENCY_IN_PROGRESS');
    expect(Number(busy.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const exit = await gw.killApi();
    expect(exit.signal).toBe('SIGKILL');
    await Promise.all(answers);
    await sleep(SLOW_MS);
    for (const carrier of carriers) await control('PUT', `/carriers/${carrier}/fault`, { mode: 'none' });
    // The after-carrier-call rounds left carrier bookings and cancellations the gateway did not record.
    const before = await Promise.all(carriers.map((c) => control('GET', `/carriers/${c}/shipments`)));
    expect(before.flatMap((b) => b.shipments).length).toBeGreaterThan(carriers.length * 3);
  }, 180_000);

  it('after restart, recovery makes carrier and gateway agree without any client retry', async () => {
    await gw.startApi();
    let problems: string[] = [];
    await eventually(
      'carrier and gateway agreeing',
      async () => {
        problems = await consistency();
        return problems.length === 0 ? true : undefined;
      },
      30_000,
    ).catch(() => undefined);
    expect(problems).toEqual([]);
    // Not vacuous: bookings the carrier made for requests whose process died (at or after the
    // call, or while the carrier was answering) are gateway shipments now, and cancellations
    // the carrier made for such requests are recorded, all before any client retried.
    const cancelTargets = new Set(sent.filter((r) => r.kind === 'cancel').map((r) => r.shipmentId));
    let recoveredBookings = 0;
    let recoveredCancels = 0;
    for (const carrier of carriers) {
      for (const booking of (await control('GET', `/carriers/${carrier}/shipments`)).shipments) {
        if (!booking.cancelled && !bookedBeforeAnyCrash.has(booking.client_reference)) recoveredBookings++;
        if (booking.cancelled && cancelTargets.has(booking.client_reference)) {
          expect((await call(`/shipments/${booking.client_reference}`)).body.status).toBe('CANCELLED');
          recoveredCancels++;
        }
      }
    }
    // A destination the carrier took is the gateway's too (the worker may still be settling it).
    const redirectsAgree = async () => {
      for (const request of sent.filter((r) => r.kind === 'destination')) {
        const shipment = (await call(`/shipments/${request.shipmentId}`)).body;
        const atCarrier = await control('GET', `/carriers/${request.carrier}/shipments/${shipment.tracking_number}`);
        if (atCarrier.destination.city !== shipment.destination.city) return undefined;
      }
      return true;
    };
    await eventually('carrier and gateway agreeing on destinations', redirectsAgree, 20_000).catch(() => undefined);
    let recoveredRedirects = 0;
    for (const request of sent.filter((r) => r.kind === 'destination')) {
      const shipment = (await call(`/shipments/${request.shipmentId}`)).body;
      const atCarrier = await control('GET', `/carriers/${request.carrier}/shipments/${shipment.tracking_number}`);
      if (atCarrier.destination_updates.length > 0) {
        expect({ carrier: atCarrier.destination.city, gateway: shipment.destination.city }).toEqual({
          carrier: 'Dammam',
          gateway: 'Dammam',
        });
        recoveredRedirects++;
      } else {
        expect(shipment.destination.city).toBe('Jeddah');
      }
    }
    expect({
      recoveredBookings: recoveredBookings >= 2,
      recoveredCancels: recoveredCancels >= 1,
      recoveredRedirects: recoveredRedirects >= 1,
    }).toEqual({
      recoveredBookings: true,
      recoveredCancels: true,
      recoveredRedirects: true,
    });
  }, 60_000);

  it('every Idempotency-Key gets the real outcome on retry, never a lasting 409', async () => {
    for (const request of sent) {
      const answer = await eventually(`an answer for ${request.key}`, async () => {
        const res = await call(request.path, { method: request.method, body: request.body, key: request.key });
        return res.status === 409 && res.body.error.code === 'E_IDEMPOTENCY_IN_PROGRESS' ? undefined : res;
      });
      if (request.kind === 'destination' && lacks(request.carrier, 'destination_update')) {
        // The carrier offers no consignee change: nothing was sent, nothing changed (as destination.e2e).
        expect({ key: request.key, status: answer.status }).toEqual({ key: request.key, status: 404 });
        continue;
      }
      if (request.kind === 'destination') {
        expect({ key: request.key, status: answer.status }).toEqual({ key: request.key, status: 200 });
        expect(answer.body.destination.city).toBe('Dammam');
        const atCarrier = await control('GET', `/carriers/${request.carrier}/shipments/${answer.body.tracking_number}`);
        expect(atCarrier.destination.city).toBe('Dammam');
        continue;
      }
      if (request.kind === 'book') {
        expect({ key: request.key, status: answer.status, error: answer.body?.error?.code }).toEqual({
          key: request.key,
          status: 201,
          error: undefined,
        });
        const booking = (await control('GET', `/carriers/${request.carrier}/shipments?client_reference=${answer.body.id}`)).shipments;
        expect(booking).toHaveLength(1);
        expect(booking[0]).toMatchObject({ tracking_number: answer.body.tracking_number, cancelled: false });
        // Asked again: the same shipment, replayed.
        const again = await call(request.path, { method: 'POST', body: request.body, key: request.key });
        expect(again.status).toBe(201);
        expect(again.body.id).toBe(answer.body.id);
        expect(again.headers.get('idempotent-replayed')).toBe('true');
      } else {
        expect({ key: request.key, status: answer.status, error: answer.body?.error?.code }).toEqual({
          key: request.key,
          status: 200,
          error: undefined,
        });
        expect(answer.body).toMatchObject({ id: request.shipmentId, status: 'CANCELLED' });
        const tracking = answer.body.tracking_number;
        expect((await control('GET', `/carriers/${request.carrier}/shipments/${tracking}`)).cancelled).toBe(
          !lacks(request.carrier, 'cancel'),
        );
      }
    }
    expect(await consistency()).toEqual([]);
  }, 120_000);
});
