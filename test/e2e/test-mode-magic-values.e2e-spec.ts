import { CARRIERS } from '@lgw/carriers';
import { book, quoteFor, shipmentBody } from '../support/booking';
import { eventually } from '../support/eventually';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';

type Json = any;
/** One step of a magic reference's walk at the sandbox. */
const STEP_MS = 200;

/**
 * Magic shipment references (docs/test-mode.md): with a test key, through the API, every
 * simulated carrier of the registry refuses, fails or holds the shipment as the value says.
 */
describe('test mode: magic references', () => {
  let t: TestApp;
  let team: TestTeam;
  let testTeam: TestTeam;
  const codes = CARRIERS.map((c) => c.descriptor.code);
  /** The carriers that declare a customs hold (their simulators then have a code for it). */
  const customsCodes = CARRIERS.filter((c) => c.tracking.statuses.includes('EXCEPTION_CUSTOMS_HOLD')).map((c) => c.descriptor.code);

  const tracking = async (id: string) => (await t.api(`/shipments/${id}/tracking`, { key: team.testApiKey })).body;

  beforeAll(async () => {
    // The walks step every STEP_MS instead of the sandbox's default second: the same nine steps
    // in a fifth of the time (about 8 s less per carrier); tracking polls as often as they step.
    t = await bootTestApp({
      worker: true,
      sandboxAutoAdvanceSeconds: STEP_MS / 1000,
      env: { TRACKING_POLL_INTERVAL_MS: String(STEP_MS), RATE_LIMIT_PER_MINUTE: '100000' },
    });
    team = await t.createTeam('Magic Values Trading');
    testTeam = { ...team, apiKey: team.testApiKey };
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it.each(codes)('TEST_REFUSE_BOOKING: %s refuses the booking with the carrier-refusal error, and books nothing', async (code) => {
    const { quote, body } = await quoteFor(t, testTeam, code);
    const res = await t.api('/shipments', {
      method: 'POST',
      key: team.testApiKey,
      body: shipmentBody(quote, body, { reference: 'TEST_REFUSE_BOOKING' }),
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'E_VALIDATION', details: { field: 'carrier' } });
    expect(res.body.error.details.reason).toContain('TEST_REFUSE_BOOKING');
    const listed = await t.api('/shipments', { key: team.testApiKey });
    expect(listed.body.shipments.filter((s: Json) => s.reference === 'TEST_REFUSE_BOOKING')).toEqual([]);
    // Any other reference books as usual on the same quote's carrier.
    expect(await book(t, testTeam, code, { reference: 'TEST_REFUSE_BOOKING_NOT' })).toMatchObject({ mode: 'test', carrier: { code } });
  });

  it.each(codes)(
    'TEST_FAIL_DELIVERY: %s walks the shipment through three failed attempts and sends it back',
    async (code) => {
      const shipment = await book(t, testTeam, code, { reference: 'TEST_FAIL_DELIVERY' });
      const seen = await eventually(
        `${code} back to origin`,
        async () => {
          const now = await tracking(shipment.id);
          return now.status === 'RETURN_TO_ORIGIN' ? now : undefined;
        },
        30_000,
      );
      // The gateway shows the attempts (a carrier stamping its scans to the minute shows repeats of
      // one code once); the simulated carrier made all three before sending the parcel back.
      expect(seen.events.some((e: Json) => e.exception_type === 'FAILED_DELIVERY_ATTEMPT')).toBe(true);
      const atCarrier = await t.sandbox('GET', `/sandbox/v1/carriers/${code}/shipments/${shipment.tracking_number}`);
      const walked = atCarrier.body.events.map((e: Json) => e.code);
      const vocabulary = (await CARRIERS.find((c) => c.descriptor.code === code)!.simulator()).vocabulary;
      expect(walked).toEqual(
        [
          'PICKED_UP',
          'IN_TRANSIT',
          'OUT_FOR_DELIVERY',
          'EXCEPTION_FAILED_DELIVERY_ATTEMPT',
          'OUT_FOR_DELIVERY',
          'EXCEPTION_FAILED_DELIVERY_ATTEMPT',
          'OUT_FOR_DELIVERY',
          'EXCEPTION_FAILED_DELIVERY_ATTEMPT',
          'RETURN_TO_ORIGIN',
        ].filter((status) => status in vocabulary),
      );
      expect(seen.events.some((e: Json) => e.code === 'DELIVERED')).toBe(false);
    },
    60_000,
  );

  it('TEST_CUSTOMS_HOLD: some registered carrier can hold a shipment at customs', () => {
    expect(customsCodes.length).toBeGreaterThan(0);
  });

  it.each(customsCodes)(
    'TEST_CUSTOMS_HOLD: %s holds the shipment at customs, and it stays there',
    async (code) => {
      const shipment = await book(t, testTeam, code, { reference: 'TEST_CUSTOMS_HOLD' });
      const held = await eventually(
        `${code} held at customs`,
        async () => {
          const now = await tracking(shipment.id);
          return now.events?.some((e: Json) => e.exception_type === 'CUSTOMS_HOLD') ? now : undefined;
        },
        20_000,
      );
      expect(held.events.some((e: Json) => e.code === 'PICKED_UP')).toBe(true);
      // The walk ends at the hold: nothing moves it on by itself, not in a dozen more steps' time.
      await new Promise((r) => setTimeout(r, 12 * STEP_MS));
      const later = await tracking(shipment.id);
      expect(later.events.filter((e: Json) => e.code === 'OUT_FOR_DELIVERY' || e.code === 'DELIVERED')).toEqual([]);
    },
    60_000,
  );
});
