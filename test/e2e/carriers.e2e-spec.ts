import { quoteWhere } from '../support/booking';
import { SyncTrackingUseCase } from '@lgw/tracking';
import { CARRIERS, CarrierDefinition } from '@lgw/carriers';
import { lacks } from '../support/carriers';
import { DUBAI, JEDDAH, ratesBody } from '../support/fixtures';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';

/** A lane the carrier's first service level serves: domestic if it can, else abroad within its coverage. */
function laneOf(carrier: CarrierDefinition) {
  const level = carrier.descriptor.service_levels[0];
  const abroad = carrier.descriptor.coverage_countries.find((country) => country !== 'SA');
  const destination = level.lanes.includes('domestic') || !abroad ? JEDDAH : { ...DUBAI, country: abroad };
  return { level, body: ratesBody({ destination }) };
}

/**
 * Every registered carrier through the whole API, lean: listed, quoted, booked, tracked and
 * cancelled. A carrier added with `npm run carrier:new` passes this without editing it.
 */
describe('each registered carrier through the API', () => {
  let t: TestApp;
  let team: TestTeam;

  beforeAll(async () => {
    t = await bootTestApp({ env: { CARRIER_TIMEOUT_MS: '2000' } });
    team = await t.createTeam('Carrier Kit Team');
  }, 120_000);
  afterAll(() => t.close());

  describe.each(CARRIERS.map((carrier) => [carrier.descriptor.code, carrier] as const))('%s', (code, carrier) => {
    const { level, body } = laneOf(carrier);

    const bookOne = async () => {
      const quote = await quoteWhere(t, team.apiKey, body, (q) => q.carrier.code === code && q.service.code === level.code);
      expect(quote).toBeDefined();
      expect(quote.total_sar).toBeGreaterThan(0);
      const res = await t.api('/shipments', { method: 'POST', key: team.apiKey, body: { quote_id: quote.quote_id, ...body } });
      expect(res.status).toBe(201);
      expect(res.body.carrier.code).toBe(code);
      return res.body;
    };

    it('is listed with its service levels', async () => {
      const res = await t.api('/carriers', { key: team.apiKey });
      const listed = res.body.carriers.find((c: any) => c.code === code);
      expect(listed).toMatchObject({ code, name_en: carrier.descriptor.name_en, integration_type: carrier.descriptor.integration_type });
      expect(listed.service_levels.map((l: any) => l.code)).toEqual(carrier.descriptor.service_levels.map((l) => l.code));
      // How many parcels one booking takes as pieces, as the carrier's descriptor declares it (docs/adr/0087).
      const pieces = carrier.descriptor.capabilities.pieces;
      expect(listed.pieces).toEqual(pieces ? { max: pieces.max, numbering: pieces.numbering } : null);
    });

    it('is quoted, books, and reports tracking read back from its own codes', async () => {
      const shipment = await bookOne();
      const booked = await t.sandbox('GET', `/sandbox/v1/carriers/${code}/shipments/${shipment.tracking_number}`);
      expect(booked.body.client_reference).toBe(shipment.id);

      const at = new Date(Date.now() - 60_000).toISOString();
      const injected = await t.sandbox('POST', `/sandbox/v1/carriers/${code}/shipments/${shipment.tracking_number}/events`, {
        code: 'PICKED_UP',
        occurred_at: at,
      });
      expect(injected.status).toBe(201);
      const synced = await t.app.get(SyncTrackingUseCase).execute({ carrierCode: code, now: new Date(Date.now() + 86_400_000) });
      expect(synced.events).toBeGreaterThanOrEqual(1);

      const tracking = await t.api(`/shipments/${shipment.id}/tracking`, { key: team.apiKey });
      expect(tracking.body.status).toBe('PICKED_UP');
      expect(tracking.body.events.map((e: any) => e.code)).toContain('PICKED_UP');
    });

    it('cancels before pickup, at the carrier too (or voided in the gateway where the carrier has no cancel)', async () => {
      const shipment = await bookOne();
      const res = await t.api(`/shipments/${shipment.id}/cancel`, { method: 'POST', key: team.apiKey });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('CANCELLED');
      const atCarrier = await t.sandbox('GET', `/sandbox/v1/carriers/${code}/shipments/${shipment.tracking_number}/cancellations`);
      // docs/adr/0076-real-carriers.md: a carrier without a cancel keeps its booking; the gateway voids it.
      expect(atCarrier.body.cancelled).toBe(!lacks(code, 'cancel'));
    });
  });
});
