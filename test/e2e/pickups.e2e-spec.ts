import { randomUUID } from 'node:crypto';
import { CARRIERS } from '@lgw/carriers';
import { addCalendarDays, parseClockTime, riyadhDateOf } from '@lgw/kernel';
import { book } from '../support/booking';
import { lacks } from '../support/carriers';
import { eventually } from '../support/eventually';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';
import { hhmm, PICKUP_CARRIERS, pickupDayOffFor, pickupScheduleOf, pickupSlotFor } from '../support/pickups';

describe('pickups', () => {
  let t: TestApp;
  let team: TestTeam;
  let other: TestTeam;

  beforeAll(async () => {
    // The carriers' default deadline (5 s): this suite proves the pickup flows, not deadlines (carrier-resilience
    // and the contract suites do), so it runs beside other suites, where an 800 ms deadline was missed.
    t = await bootTestApp({
      worker: true,
      env: { TRACKING_POLL_INTERVAL_MS: '200', CARRIER_BREAKER_THRESHOLD: '1000' },
    });
    team = await t.createTeam('Pickup Team');
    other = await t.createTeam('Other Team');
    for (const x of [team, other]) await t.admin('PUT', `/teams/${x.teamId}/rate-limit`, { per_minute: 100_000 });
  }, 120_000);
  afterAll(() => t?.close());

  const schedule = (body: unknown, key = team.apiKey, headers: Record<string, string> = {}) =>
    t.api('/pickups', { method: 'POST', key, body, headers });
  const shipment = async (id: string) => (await t.api(`/shipments/${id}`, { key: team.apiKey })).body;
  const pickupCount = async () => Number((await t.runtime.database.dataSource.query('SELECT count(*)::int AS n FROM pickups'))[0].n);
  // The carrier's own look-up by our pickup id; where it has none (lacks pickup_lookup), what the simulator holds under that reference.
  const atCarrier = async (code: string, pickupId: string) => {
    if (!lacks(code, 'pickup_lookup')) return t.runtime.carriers.get(code)!.pickups!.findPickupByReference(pickupId);
    const held = (await t.sandbox('GET', `/sandbox/v1/carriers/${code}/pickups`)).body.pickups as any[];
    const found = held.find((p) => p.reference === pickupId);
    return found ? { confirmationNumber: found.confirmation_number, cancelled: found.cancelled } : null;
  };
  const inject = async (carrier: string, trackingNumber: string, code: string) => {
    const res = await t.sandbox('POST', `/sandbox/v1/carriers/${carrier}/shipments/${trackingNumber}/events`, { code });
    expect(res.status).toBe(201);
  };

  it('has carriers that collect', () => {
    expect(PICKUP_CARRIERS.length).toBeGreaterThan(0);
  });

  // What a collecting carrier declares, as the cases below rely on it: hours that fit a 2-hour
  // window, and a day of the week it does not collect (whichever day that is).
  it.each(PICKUP_CARRIERS)('$code declares its collection hours (2 hours at least) and a day off', ({ code, schedule: s }) => {
    expect(parseClockTime(s.hours.to)! - parseClockTime(s.hours.from)!).toBeGreaterThanOrEqual(120);
    expect(s.collectionDays.length).toBeLessThan(7);
    expect(pickupDayOffFor(code)).toEqual(expect.any(String));
  });

  it.each(PICKUP_CARRIERS.map((c) => c.code))(
    '%s: schedules a collection at the carrier, moves the shipments, and cancels it back',
    async (carrier) => {
      const shipments = [await book(t, team, carrier), await book(t, team, carrier)];
      const slot = pickupSlotFor(carrier);
      const res = await schedule({ carrier, ...slot, shipment_ids: shipments.map((s) => s.id) });
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
      expect(res.body).toEqual({
        id: expect.any(String),
        carrier,
        status: 'SCHEDULED',
        confirmation_number: expect.stringMatching(/\S/),
        pickup_date: slot.pickup_date,
        window: slot.window,
        address: shipments[0].origin,
        shipment_ids: shipments.map((s) => s.id),
        created_at: expect.any(String),
        cancelled_at: null,
      });
      const pickup = res.body;
      expect(await atCarrier(carrier, pickup.id)).toEqual({ confirmationNumber: pickup.confirmation_number, cancelled: false });

      for (const s of shipments) {
        expect((await shipment(s.id)).status).toBe('PICKUP_SCHEDULED');
        const tracking = (await t.api(`/shipments/${s.id}/tracking`, { key: team.apiKey })).body;
        expect(tracking.status).toBe('PICKUP_SCHEDULED');
        expect(tracking.events.map((e: any) => e.code)).toContain('PICKUP_SCHEDULED');
      }
      const outbox = await t.runtime.database.dataSource.query(
        "SELECT payload FROM outbox_events WHERE type = 'shipment.status_changed' AND payload->>'pickup_id' = $1",
        [pickup.id],
      );
      expect(outbox).toHaveLength(2);
      for (const row of outbox) {
        expect(row.payload).toMatchObject({ status: 'PICKUP_SCHEDULED', kinds: ['shipment.status_updated'] });
      }

      expect((await t.api(`/pickups/${pickup.id}`, { key: team.apiKey })).body).toEqual(pickup);
      const list = await t.api('/pickups?limit=1', { key: team.apiKey });
      expect(list.status).toBe(200);
      expect(list.body).toMatchObject({ pickups: [pickup], limit: 1, offset: 0 });
      expect(list.body.total).toBeGreaterThanOrEqual(1);

      const cancelled = await t.api(`/pickups/${pickup.id}/cancel`, { method: 'POST', key: team.apiKey, body: {} });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({ id: pickup.id, status: 'CANCELLED', cancelled_at: expect.any(String) });
      expect(await atCarrier(carrier, pickup.id)).toEqual({ confirmationNumber: pickup.confirmation_number, cancelled: true });
      for (const s of shipments) expect((await shipment(s.id)).status).toBe('LABEL_GENERATED');
      // Cancelling again answers the same; the shipments can join a new collection.
      expect((await t.api(`/pickups/${pickup.id}/cancel`, { method: 'POST', key: team.apiKey })).body).toEqual(cancelled.body);
      const again = await schedule({ carrier, ...slot, shipment_ids: shipments.map((s) => s.id) });
      expect(again.status).toBe(201);
      expect(again.body.id).not.toBe(pickup.id);
      for (const s of shipments) expect((await shipment(s.id)).status).toBe('PICKUP_SCHEDULED');
    },
    60_000,
  );

  describe('refuses every rule with its field, before any carrier call and with nothing written', () => {
    const carrier = PICKUP_CARRIERS[0].code;
    const s0 = () => pickupScheduleOf(carrier);
    let ready: any;

    beforeAll(async () => {
      ready = await book(t, team, carrier);
    });

    async function refused(body: Record<string, unknown>, field: string) {
      const before = await pickupCount();
      const res = await schedule({ carrier, ...pickupSlotFor(carrier), shipment_ids: [ready.id], ...body });
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'E_VALIDATION', details: { field } });
      expect(res.body.error.details.reason).toEqual(expect.any(String));
      expect(await pickupCount()).toBe(before);
      expect((await shipment(ready.id)).status).not.toBe('PICKUP_SCHEDULED');
      return res.body.error.details;
    }

    it('an unknown carrier', () => refused({ carrier: 'nope' }, 'carrier'));
    it('a date in the past (Asia/Riyadh)', () => refused({ pickup_date: addCalendarDays(riyadhDateOf(new Date()), -1) }, 'pickup_date'));
    it('a date more than 7 days ahead', () => refused({ pickup_date: addCalendarDays(riyadhDateOf(new Date()), 8) }, 'pickup_date'));
    it('a date that is not a date', () => refused({ pickup_date: '2026-02-30' }, 'pickup_date'));
    it.each(PICKUP_CARRIERS.map((c) => c.code))('%s: a day the carrier does not collect on', async (code) => {
      const s = await book(t, team, code);
      const off = pickupDayOffFor(code)!;
      const res = await schedule({ carrier: code, ...pickupSlotFor(code), pickup_date: off, shipment_ids: [s.id] });
      expect(res.status).toBe(422);
      expect(res.body.error.details).toMatchObject({ field: 'pickup_date', reason: expect.stringContaining('does not collect') });
      expect(res.body.error.details.reason_ar).toEqual(expect.any(String));
    });
    it('a window shorter than 2 hours', () => {
      const from = parseClockTime(s0().hours.from)!;
      return refused({ window: { from: hhmm(from), to: hhmm(from + 119) } }, 'window.to');
    });
    it("a window opening before the carrier's hours", () => {
      const from = parseClockTime(s0().hours.from)!;
      return refused({ window: { from: hhmm(from - 30), to: hhmm(from + 150) } }, 'window.from');
    });
    it("a window closing after the carrier's hours", () => {
      const to = parseClockTime(s0().hours.to)!;
      return refused({ window: { from: hhmm(to - 150), to: hhmm(to + 30) } }, 'window.to');
    });
    it('a malformed time', () => refused({ window: { from: '25:00', to: '27:00' } }, 'window.from'));
    it('no shipments', () => refused({ shipment_ids: [] }, 'shipment_ids'));
    it("another team's shipment (as unknown)", async () => {
      const theirs = await book(t, other, carrier);
      const details = await refused({ shipment_ids: [theirs.id] }, 'shipment_ids.0');
      expect(details.reason).toBe('shipment not found');
      expect((await refused({ shipment_ids: [randomUUID()] }, 'shipment_ids.0')).reason).toBe('shipment not found');
    });
    it('a shipment of another carrier', async () => {
      const otherCarrier = CARRIERS.map((c) => c.descriptor.code).find((c) => c !== carrier)!;
      const s = await book(t, team, otherCarrier);
      expect((await refused({ shipment_ids: [s.id] }, 'shipment_ids.0')).reason).toContain('another carrier');
    });
    it('a cancelled shipment', async () => {
      const s = await book(t, team, carrier);
      expect((await t.api(`/shipments/${s.id}/cancel`, { method: 'POST', key: team.apiKey })).status).toBe(200);
      expect((await refused({ shipment_ids: [ready.id, s.id] }, 'shipment_ids.1')).reason).toContain('cancelled');
    });
    it('a shipment in another active pickup', async () => {
      const s = await book(t, team, carrier);
      expect((await schedule({ carrier, ...pickupSlotFor(carrier), shipment_ids: [s.id] })).status).toBe(201);
      expect((await refused({ shipment_ids: [s.id] }, 'shipment_ids.0')).reason).toContain('another scheduled pickup');
    });
    it('a shipment already picked up', async () => {
      const s = await book(t, team, carrier);
      await inject(carrier, s.tracking_number, 'PICKED_UP');
      await eventually('picked up', async () => ((await shipment(s.id)).status === 'PICKED_UP' ? true : undefined));
      expect((await refused({ shipment_ids: [s.id] }, 'shipment_ids.0')).reason).toContain('picked up');
    });
    it('lists every problem in details.errors', async () => {
      const res = await schedule({
        carrier,
        pickup_date: addCalendarDays(riyadhDateOf(new Date()), 9),
        window: { from: '10:00', to: '10:30' },
        shipment_ids: [randomUUID()],
      });
      expect(res.status).toBe(422);
      expect(res.body.error.details.errors.map((e: any) => e.field)).toEqual(['pickup_date', 'window.to', 'shipment_ids.0']);
    });
  });

  it('refuses to cancel once the window has opened (409), and keeps the collection', async () => {
    const carrier = PICKUP_CARRIERS[0].code;
    const s = await book(t, team, carrier);
    const pickup = (await schedule({ carrier, ...pickupSlotFor(carrier), shipment_ids: [s.id] })).body;
    // The collection day has come: the window opened yesterday.
    await t.runtime.database.dataSource.query('UPDATE pickups SET pickup_date = pickup_date - 8 WHERE id = $1', [pickup.id]);
    const res = await t.api(`/pickups/${pickup.id}/cancel`, { method: 'POST', key: team.apiKey });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('E_PICKUP_CANCEL_NOT_ALLOWED');
    expect(res.body.error.message_ar).toEqual(expect.any(String));
    expect((await t.api(`/pickups/${pickup.id}`, { key: team.apiKey })).body.status).toBe('SCHEDULED');
    expect((await shipment(s.id)).status).toBe('PICKUP_SCHEDULED');
    expect(await atCarrier(carrier, pickup.id)).toMatchObject({ cancelled: false });
  });

  it.each(PICKUP_CARRIERS.map((c) => c.code))('%s down: 503 E_CARRIER_UNAVAILABLE and nothing half-created', async (carrier) => {
    const s = await book(t, team, carrier);
    const before = await pickupCount();
    expect((await t.sandbox('PUT', `/sandbox/v1/carriers/${carrier}/fault`, { mode: 'down' })).status).toBe(200);
    try {
      const res = await schedule({ carrier, ...pickupSlotFor(carrier), shipment_ids: [s.id] });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('E_CARRIER_UNAVAILABLE');
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await t.sandbox('PUT', `/sandbox/v1/carriers/${carrier}/fault`, { mode: 'none' });
    }
    expect(await pickupCount()).toBe(before);
    expect((await shipment(s.id)).status).not.toBe('PICKUP_SCHEDULED');
    // Nothing is left at the carrier either once the intent is settled (the carrier never got it).
    const again = await schedule({ carrier, ...pickupSlotFor(carrier), shipment_ids: [s.id] });
    expect({ status: again.status, error: again.body.error }).toEqual({ status: 201, error: undefined });
  });

  it('cancel with the carrier down: 503 and the collection and its shipments unchanged', async () => {
    const carrier = PICKUP_CARRIERS[0].code;
    const s = await book(t, team, carrier);
    const pickup = (await schedule({ carrier, ...pickupSlotFor(carrier), shipment_ids: [s.id] })).body;
    expect((await t.sandbox('PUT', `/sandbox/v1/carriers/${carrier}/fault`, { mode: 'down' })).status).toBe(200);
    try {
      const res = await t.api(`/pickups/${pickup.id}/cancel`, { method: 'POST', key: team.apiKey });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('E_CARRIER_UNAVAILABLE');
    } finally {
      await t.sandbox('PUT', `/sandbox/v1/carriers/${carrier}/fault`, { mode: 'none' });
    }
    expect((await t.api(`/pickups/${pickup.id}`, { key: team.apiKey })).body.status).toBe('SCHEDULED');
    expect((await shipment(s.id)).status).toBe('PICKUP_SCHEDULED');
    expect(await atCarrier(carrier, pickup.id)).toMatchObject({ cancelled: false });
    // The carrier back: the same cancel goes through.
    expect((await t.api(`/pickups/${pickup.id}/cancel`, { method: 'POST', key: team.apiKey })).status).toBe(200);
    expect((await shipment(s.id)).status).toBe('LABEL_GENERATED');
  });

  it('honours Idempotency-Key: one collection, the first answer replayed; another body → 422', async () => {
    const carrier = PICKUP_CARRIERS[0].code;
    const s = await book(t, team, carrier);
    const body = { carrier, ...pickupSlotFor(carrier), shipment_ids: [s.id] };
    const key = `pickup-${randomUUID()}`;
    const first = await schedule(body, team.apiKey, { 'idempotency-key': key });
    const second = await schedule(body, team.apiKey, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const mismatch = await schedule({ ...body, window: { from: body.window.from, to: '23:00' } }, team.apiKey, { 'idempotency-key': key });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.error.code).toBe('E_IDEMPOTENCY_MISMATCH');
  });

  it('shows a collection COMPLETED once the courier has taken every shipment', async () => {
    const carrier = PICKUP_CARRIERS[0].code;
    const s = await book(t, team, carrier);
    const pickup = (await schedule({ carrier, ...pickupSlotFor(carrier), shipment_ids: [s.id] })).body;
    await inject(carrier, s.tracking_number, 'PICKED_UP');
    await eventually('completed', async () => {
      const got = await t.api(`/pickups/${pickup.id}`, { key: team.apiKey });
      return got.body.status === 'COMPLETED' ? got : undefined;
    });
    const res = await t.api(`/pickups/${pickup.id}/cancel`, { method: 'POST', key: team.apiKey });
    expect(res.status).toBe(409);
  });

  it("answers another team's pickup exactly like an unknown one (GET, cancel, list)", async () => {
    const carrier = PICKUP_CARRIERS[0].code;
    const s = await book(t, team, carrier);
    const pickup = (await schedule({ carrier, ...pickupSlotFor(carrier), shipment_ids: [s.id] })).body;
    const unknown = randomUUID();
    for (const [method, suffix] of [
      ['GET', ''],
      ['POST', '/cancel'],
    ] as const) {
      const theirs = await t.api(`/pickups/${pickup.id}${suffix}`, { method, key: other.apiKey });
      const none = await t.api(`/pickups/${unknown}${suffix}`, { method, key: other.apiKey });
      expect(theirs.status).toBe(404);
      expect(theirs.text).toBe(none.text);
    }
    const list = await t.api('/pickups', { key: other.apiKey });
    expect(list.body.pickups.map((p: any) => p.id)).not.toContain(pickup.id);
    expect((await t.api(`/pickups/${pickup.id}`, { key: team.apiKey })).body.status).toBe('SCHEDULED');
  });

  it('validates list paging', async () => {
    const res = await t.api('/pickups?limit=0', { key: team.apiKey });
    expect(res.status).toBe(422);
    expect(res.body.error.details.field).toBe('limit');
  });
});
