import { book } from '../support/booking';
import { CARRIER_CODES } from '../support/carriers';
import { eventually } from '../support/eventually';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';

/**
 * A carrier that sends a shipment back (RETURN_TO_ORIGIN → RETURNED) bills the team a
 * return_fee once, however often the carrier repeats its return events.
 */
describe('return to origin', () => {
  let t: TestApp;
  let team: TestTeam;

  beforeAll(async () => {
    t = await bootTestApp({
      worker: true,
      env: { TRACKING_POLL_INTERVAL_MS: '200', CARRIER_TIMEOUT_MS: '800', CARRIER_BREAKER_THRESHOLD: '1000' },
    });
    team = await t.createTeam('Returns Team');
    await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 100_000 });
  }, 120_000);
  afterAll(() => t?.close());

  const BASE = Date.now() - 60 * 60_000;
  const at = (minute: number) => new Date(BASE + minute * 60_000).toISOString();

  it.each(CARRIER_CODES)('%s: repeated return events bill return_fee exactly once', async (carrier) => {
    const s = await book(t, team, carrier);
    const inject = async (body: Record<string, unknown>) => {
      const res = await t.sandbox('POST', `/sandbox/v1/carriers/${carrier}/shipments/${s.tracking_number}/events`, body);
      expect(res.status).toBe(201);
    };
    await inject({ code: 'OUT_FOR_DELIVERY', occurred_at: at(1) });
    for (let attempt = 0; attempt < 3; attempt++) {
      await inject({ code: 'EXCEPTION', exception_type: 'FAILED_DELIVERY_ATTEMPT', occurred_at: at(2 + attempt) });
    }
    // The carrier reports the return leg twice over, with new event ids each time.
    await inject({ code: 'RETURN_TO_ORIGIN', occurred_at: at(6) });
    await inject({ code: 'RETURN_TO_ORIGIN', occurred_at: at(7) });
    await inject({ code: 'RETURNED', occurred_at: at(8) });
    await inject({ code: 'RETURNED', occurred_at: at(9) });
    const returned = await eventually('returned', async () => {
      const body = (await t.api(`/shipments/${s.id}`, { key: team.apiKey })).body;
      return body.status === 'RETURNED' ? body : undefined;
    });
    expect(returned.return_reason).toEqual({
      code: 'FAILED_DELIVERY_ATTEMPT',
      message_en: expect.any(String),
      message_ar: expect.any(String),
    });
    expect(returned.return_reason.message_ar).toMatch(/[\u0600-\u06FF]/);

    // Every billing event of the shipment has been processed...
    const db = t.runtime.database.dataSource;
    await eventually('billing caught up', async () => {
      const [row] = await db.query(
        `SELECT count(*)::int AS pending FROM outbox_events o
          WHERE o.aggregate_id = $1 AND o.type = 'shipment.status_changed' AND o.payload->>'status' IN ('RETURN_TO_ORIGIN', 'RETURNED')
            AND NOT EXISTS (SELECT 1 FROM billing_event_receipts r WHERE r.event_id = o.id::text)`,
        [s.id],
      );
      const [events] = await db.query(
        `SELECT count(*)::int AS n FROM outbox_events WHERE aggregate_id = $1 AND type = 'shipment.status_changed' AND payload->>'status' IN ('RETURN_TO_ORIGIN', 'RETURNED')`,
        [s.id],
      );
      return Number(row.pending) === 0 && Number(events.n) >= 2 ? true : undefined;
    });
    // ...and the invoice shows one return fee, priced like the shipment's own charge.
    const invoice = (await t.api('/invoices/current', { key: team.apiKey })).body;
    const lines = invoice.line_items.filter((l: any) => l.shipment_id === s.id);
    expect(lines.filter((l: any) => l.cause === 'return_fee')).toHaveLength(1);
    const fee = lines.find((l: any) => l.cause === 'return_fee');
    const charge = lines.find((l: any) => l.cause === 'shipment');
    expect(fee.amount_sar).toBe(charge.amount_sar);
    expect(fee.description_ar).toEqual(expect.any(String));
    const tracking = (await t.api(`/shipments/${s.id}/tracking`, { key: team.apiKey })).body;
    expect(tracking.events.filter((e: any) => e.code === 'EXCEPTION_FAILED_DELIVERY_ATTEMPT')).toHaveLength(3);
  });

  it.each(CARRIER_CODES)(
    '%s: a return the carrier gives no reason for shows none, and a shipment on its way shows none',
    async (carrier) => {
      const s = await book(t, team, carrier);
      const inject = async (body: Record<string, unknown>) =>
        expect((await t.sandbox('POST', `/sandbox/v1/carriers/${carrier}/shipments/${s.tracking_number}/events`, body)).status).toBe(201);
      await inject({ code: 'OUT_FOR_DELIVERY', occurred_at: at(1) });
      const onItsWay = await eventually('out for delivery', async () => {
        const body = (await t.api(`/shipments/${s.id}`, { key: team.apiKey })).body;
        return body.status === 'OUT_FOR_DELIVERY' ? body : undefined;
      });
      expect(onItsWay.return_reason).toBeNull();
      await inject({ code: 'RETURN_TO_ORIGIN', occurred_at: at(2) });
      const back = await eventually('return to origin', async () => {
        const body = (await t.api(`/shipments/${s.id}`, { key: team.apiKey })).body;
        return body.status === 'RETURN_TO_ORIGIN' ? body : undefined;
      });
      expect(back.return_reason).toBeNull();
    },
  );
});
