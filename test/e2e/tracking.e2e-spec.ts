import { DUBAI } from '../support/fixtures';
import { book, quoteFor, shipmentBody } from '../support/booking';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';
import { CARRIER_CODES, carrierDefinition, lacks } from '../support/carriers';

const EVENT_FIELDS = ['code', 'is_exception', 'location_ar', 'location_en', 'occurred_at', 'status_ar', 'status_en'].sort();
const ISO_WITH_OFFSET = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;
const ARABIC = /[\u0600-\u06FF]/;

/**
 * Whole minutes from the next full minute: one carrier reports times to the minute only, and
 * spacing events by minutes keeps their order unambiguous for every carrier.
 */
const BASE = Math.ceil(Date.now() / 60_000) * 60_000 + 60_000;
const at = (minute: number) => new Date(BASE + minute * 60_000).toISOString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('tracking', () => {
  let t: TestApp;
  let team: TestTeam;
  let other: TestTeam;

  beforeAll(async () => {
    t = await bootTestApp({
      worker: true,
      env: { TRACKING_POLL_INTERVAL_MS: '200', CARRIER_TIMEOUT_MS: '800', CARRIER_BREAKER_THRESHOLD: '1000' },
    });
    team = await t.createTeam('Tracking Team');
    other = await t.createTeam('Other Team');
    for (const x of [team, other]) await t.admin('PUT', `/teams/${x.teamId}/rate-limit`, { per_minute: 100_000 });
    // Booting the embedded database takes seconds, more on a busy machine; the 5 s contract is measured per test.
  }, 120_000);
  afterAll(() => t?.close());

  async function inject(carrier: string, trackingNumber: string, body: Record<string, unknown>) {
    const res = await t.sandbox('POST', `/sandbox/v1/carriers/${carrier}/shipments/${trackingNumber}/events`, body);
    if (res.status !== 201) throw new Error(`sandbox refused the event: ${res.status} ${res.text}`);
  }

  const tracking = (id: string, key = team.apiKey) => t.api(`/shipments/${id}/tracking`, { key });

  /** Polls GET tracking until `done` holds; fails after 5 s (the sandbox contract) unless told otherwise. */
  async function trackingUntil(id: string, done: (body: any) => boolean, what: string, withinMs = 5000) {
    const deadline = Date.now() + withinMs;
    let last: any;
    while (Date.now() < deadline) {
      const res = await tracking(id);
      expect(res.status).toBe(200);
      last = res.body;
      if (done(last)) return last;
      await sleep(100);
    }
    throw new Error(`not within ${withinMs} ms: ${what}; last answer ${JSON.stringify(last)}`);
  }

  const hasStatus = (status: string) => (body: any) => body.status === status;
  /** The label job may add its own LABEL_GENERATED step at any moment: not what these tests are about. */
  const withoutLabel = (codes: string[]) => codes.filter((c) => c !== 'LABEL_GENERATED');
  const codesOf = (events: any[]) => withoutLabel(events.map((e) => e.code));
  const storedEvents = (id: string) =>
    t.runtime.database.dataSource.query('SELECT event_key, code FROM tracking_events WHERE shipment_id = $1', [id]);
  const statusChanges = async (id: string) =>
    (
      await t.runtime.database.dataSource.query(
        "SELECT payload FROM outbox_events WHERE aggregate_id = $1 AND type = 'shipment.status_changed' ORDER BY id",
        [id],
      )
    )
      .map((row: any) => (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload))
      .filter((p: any) => p.status !== 'LABEL_GENERATED');

  function expectNewestFirst(events: any[]) {
    const times = events.map((e) => Date.parse(e.occurred_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  }

  // A carrier reporting to the minute floors a scan below the booking's second: an exception in
  // the minute of the booking or of the pickup was taken for an older one and lost.
  const minuteCarriers = CARRIER_CODES.filter((code) => carrierDefinition(code).wire.eventTimeResolutionMs >= 60_000);
  it('a minute-resolution carrier: exceptions in the minute of the booking and of the pickup apply and go out as shipment.exception', async () => {
    expect(minuteCarriers.length).toBeGreaterThan(0);
    for (const carrier of minuteCarriers) {
      const s = await book(t, team, carrier);
      await inject(carrier, s.tracking_number, { code: 'PICKED_UP' });
      await trackingUntil(s.id, hasStatus('PICKED_UP'), `${carrier} PICKED_UP`);
      await inject(carrier, s.tracking_number, { code: 'EXCEPTION', exception_type: 'CUSTOMS_HOLD' });
      await trackingUntil(s.id, hasStatus('EXCEPTION_CUSTOMS_HOLD'), `${carrier} EXCEPTION_CUSTOMS_HOLD in the pickup's minute`);
      const held = (await statusChanges(s.id)).find((c: any) => c.status === 'EXCEPTION_CUSTOMS_HOLD');
      expect(held).toMatchObject({ previous_status: 'PICKED_UP', exception_type: 'CUSTOMS_HOLD' });
      expect(held.kinds).toContain('shipment.exception');

      const fresh = await book(t, team, carrier);
      await inject(carrier, fresh.tracking_number, { code: 'EXCEPTION', exception_type: 'ADDRESS_ISSUE' });
      await trackingUntil(fresh.id, hasStatus('EXCEPTION_ADDRESS_ISSUE'), `${carrier} EXCEPTION_ADDRESS_ISSUE right after booking`);
      expect((await statusChanges(fresh.id)).map((c: any) => c.kinds)).toContainEqual(expect.arrayContaining(['shipment.exception']));
    }
  });

  describe.each(CARRIER_CODES)('with %s', (carrier) => {
    it('shows a pickup within 5 s, stores it once however often it is fetched, and then refuses cancel', async () => {
      const s = await book(t, team, carrier);
      const started = Date.now();
      await inject(carrier, s.tracking_number, { code: 'PICKED_UP', occurred_at: at(1), location_en: 'Riyadh', location_ar: 'الرياض' });
      const body = await trackingUntil(s.id, hasStatus('PICKED_UP'), 'PICKED_UP');
      expect(Date.now() - started).toBeLessThan(5000);

      expect(Object.keys(body).sort()).toEqual(['events', 'status', 'tracking_number']);
      expect(body.tracking_number).toBe(s.tracking_number);
      expect(codesOf(body.events)).toEqual(['PICKED_UP', 'CREATED']);
      const [pickup] = body.events;
      expect(Object.keys(pickup).sort()).toEqual(EVENT_FIELDS);
      expect(pickup).toMatchObject({
        code: 'PICKED_UP',
        status_en: 'Picked up',
        location_en: 'Riyadh',
        // A carrier that names places in English only: the English name stands in both languages.
        location_ar: lacks(carrier, 'arabic_places') ? 'Riyadh' : 'الرياض',
        is_exception: false,
      });
      expect(pickup.status_ar).toMatch(ARABIC);
      expect(pickup.occurred_at).toMatch(ISO_WITH_OFFSET);
      expect(Date.parse(pickup.occurred_at)).toBe(Date.parse(at(1)));
      for (const e of body.events) expect(typeof e.location_ar === 'string' && typeof e.location_en === 'string').toBe(true);

      // The carrier answers with the whole history on every poll: let a few polls pass.
      await sleep(1000);
      const rows = await storedEvents(s.id);
      expect(withoutLabel(rows.map((r: any) => r.code)).sort()).toEqual(['CREATED', 'PICKED_UP']);
      expect(codesOf((await tracking(s.id)).body.events)).toHaveLength(2);

      const cancel = await t.api(`/shipments/${s.id}/cancel`, { method: 'POST', key: team.apiKey });
      expect(cancel.status).toBe(409);
      expect(cancel.body.error.code).toBe('E_CANCEL_NOT_ALLOWED');
      expect((await t.api(`/shipments/${s.id}`, { key: team.apiKey })).body.status).toBe('PICKED_UP');
    });

    it('marks exceptions with their type and puts a measured weight in the domain event', async () => {
      const s = await book(t, team, carrier);
      await inject(carrier, s.tracking_number, { code: 'PICKED_UP', occurred_at: at(1) });
      await inject(carrier, s.tracking_number, { code: 'EXCEPTION', exception_type: 'ADDRESS_ISSUE', occurred_at: at(2) });
      const issue = await trackingUntil(s.id, hasStatus('EXCEPTION_ADDRESS_ISSUE'), 'EXCEPTION_ADDRESS_ISSUE');
      expect(issue.events[0]).toMatchObject({ code: 'EXCEPTION_ADDRESS_ISSUE', is_exception: true, exception_type: 'ADDRESS_ISSUE' });
      expect(issue.events[0].status_en).toBe('Address issue');
      expect(issue.events[0].status_ar).toMatch(ARABIC);
      for (const e of issue.events.slice(1)) {
        expect(e.is_exception).toBe(false);
        expect(e).not.toHaveProperty('exception_type');
      }

      await inject(carrier, s.tracking_number, { code: 'WEIGHT_MISMATCH', occurred_at: at(3), measured_weight_kg: 2.75 });
      const weighed = await trackingUntil(s.id, hasStatus('EXCEPTION_WEIGHT_MISMATCH'), 'EXCEPTION_WEIGHT_MISMATCH');
      expect(codesOf(weighed.events)).toEqual(['EXCEPTION_WEIGHT_MISMATCH', 'EXCEPTION_ADDRESS_ISSUE', 'PICKED_UP', 'CREATED']);
      expect(weighed.events[0]).toMatchObject({ is_exception: true, exception_type: 'WEIGHT_MISMATCH' });
      expectNewestFirst(weighed.events);

      const changes = await statusChanges(s.id);
      expect(changes.map((c: any) => c.status)).toEqual(['PICKED_UP', 'EXCEPTION_ADDRESS_ISSUE', 'EXCEPTION_WEIGHT_MISMATCH']);
      expect(changes[2]).toMatchObject({
        shipment_id: s.id,
        previous_status: 'EXCEPTION_ADDRESS_ISSUE',
        status: 'EXCEPTION_WEIGHT_MISMATCH',
        exception_type: 'WEIGHT_MISMATCH',
        ...(lacks(carrier, 'measured_weight') ? {} : { measured_weight_kg: 2.75 }),
        kinds: ['shipment.status_updated', 'shipment.exception'],
      });
      expect(changes[0]).not.toHaveProperty('exception_type');

      // Back into the flow after the exception.
      await inject(carrier, s.tracking_number, { code: 'IN_TRANSIT', occurred_at: at(4) });
      await trackingUntil(s.id, hasStatus('IN_TRANSIT'), 'IN_TRANSIT after the exception');
    });

    it('keeps DELIVERED, and still records a late, older scan in the history within 5 s', async () => {
      const s = await book(t, team, carrier);
      await inject(carrier, s.tracking_number, { code: 'OUT_FOR_DELIVERY', occurred_at: at(4) });
      await inject(carrier, s.tracking_number, { code: 'DELIVERED', occurred_at: at(5), location_en: 'Jeddah' });
      const delivered = await trackingUntil(s.id, hasStatus('DELIVERED'), 'DELIVERED');
      expect(delivered.events[0]).toMatchObject({ code: 'DELIVERED', is_exception: false, location_en: 'Jeddah' });
      const changes = await statusChanges(s.id);
      expect(changes.at(-1)).toMatchObject({ status: 'DELIVERED', kinds: ['shipment.status_updated', 'shipment.delivered'] });
      // Still on the schedule for the grace period, counted from when the sync saw the delivery.
      const [row] = await t.runtime.database.dataSource.query(
        'SELECT t.next_poll_at, s.terminal_at FROM shipments s LEFT JOIN tracking_schedule t ON t.shipment_id = s.id WHERE s.id = $1',
        [s.id],
      );
      expect(row.next_poll_at).not.toBeNull();
      expect(row.terminal_at).not.toBeNull();

      const started = Date.now();
      const late = new Date(Date.parse(at(5)) - 1000).toISOString();
      await inject(carrier, s.tracking_number, { code: 'IN_TRANSIT', occurred_at: late, location_en: 'Riyadh hub' });
      const after = await trackingUntil(s.id, (b) => b.events.some((e: any) => e.code === 'IN_TRANSIT'), 'the late IN_TRANSIT scan');
      expect(Date.now() - started).toBeLessThan(5000);
      expect(after.status).toBe('DELIVERED');
      expect(codesOf(after.events)).toEqual(['DELIVERED', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'CREATED']);
      expectNewestFirst(after.events);
      expect((await t.api(`/shipments/${s.id}`, { key: team.apiKey })).body.status).toBe('DELIVERED');
      expect(await statusChanges(s.id)).toEqual(changes);
    });

    it('lists a scan the carrier sends twice (new id, same code, time and place) once', async () => {
      const s = await book(t, team, carrier);
      const scan = { code: 'PICKED_UP', occurred_at: at(1), location_en: 'Riyadh', location_ar: 'الرياض' };
      await inject(carrier, s.tracking_number, scan);
      await inject(carrier, s.tracking_number, scan);
      const sent = await t.sandbox('GET', `/sandbox/v1/carriers/${carrier}/shipments/${s.tracking_number}`);
      const ids = (sent.body.events ?? []).filter((e: any) => e.code === 'PICKED_UP').map((e: any) => e.id);
      expect(new Set(ids).size).toBe(2);
      await inject(carrier, s.tracking_number, { code: 'AT_ORIGIN_HUB', occurred_at: at(2) });
      await trackingUntil(s.id, hasStatus('AT_ORIGIN_HUB'), 'AT_ORIGIN_HUB');
      // The carrier answers with both copies on every poll: let a few polls pass.
      await sleep(1000);
      expect(codesOf((await tracking(s.id)).body.events)).toEqual(['AT_ORIGIN_HUB', 'PICKED_UP', 'CREATED']);
      const rows = await storedEvents(s.id);
      expect(rows.filter((r: any) => r.code === 'PICKED_UP')).toHaveLength(1);
      expect((await statusChanges(s.id)).map((c: any) => c.status)).toEqual(['PICKED_UP', 'AT_ORIGIN_HUB']);
    });

    it('keeps an event with a code the carrier map does not know, and goes on syncing', async () => {
      const s = await book(t, team, carrier);
      await inject(carrier, s.tracking_number, { native_code: '9999', occurred_at: at(1) });
      // Kept as an event under the carrier's own code, and no status change of its own.
      const kept = await trackingUntil(s.id, (b: any) => b.events.some((e: any) => e.code === '9999'), 'the unknown code kept');
      expect(['CREATED', 'LABEL_GENERATED']).toContain(kept.status);
      await inject(carrier, s.tracking_number, { code: 'PICKED_UP', occurred_at: at(2) });
      const body = await trackingUntil(s.id, hasStatus('PICKED_UP'), 'PICKED_UP after an unknown code');
      expect(codesOf(body.events)).toEqual(['PICKED_UP', '9999', 'CREATED']);
      const unknown = body.events.find((e: any) => e.code === '9999');
      expect(Object.keys(unknown).sort()).toEqual(EVENT_FIELDS);
      expect(unknown.is_exception).toBe(false);
      expect(unknown.status_en).toContain('9999');
      expect(unknown.status_ar).toMatch(ARABIC);
    });
  });

  it('applies customs exceptions on an international lane and resumes the flow after them', async () => {
    const { quote, body } = await quoteFor(t, team, 'sahm', { destination: DUBAI });
    const booked = await t.api('/shipments', { method: 'POST', key: team.apiKey, body: shipmentBody(quote, body) });
    expect(booked.status).toBe(201);
    const s = booked.body;
    await inject('sahm', s.tracking_number, { code: 'PICKED_UP', occurred_at: at(1) });
    await inject('sahm', s.tracking_number, { code: 'EXCEPTION', exception_type: 'CUSTOMS_HOLD', occurred_at: at(2) });
    const held = await trackingUntil(s.id, hasStatus('EXCEPTION_CUSTOMS_HOLD'), 'EXCEPTION_CUSTOMS_HOLD');
    expect(held.events[0]).toMatchObject({ code: 'EXCEPTION_CUSTOMS_HOLD', is_exception: true, exception_type: 'CUSTOMS_HOLD' });
    await inject('sahm', s.tracking_number, { code: 'CUSTOMS_CLEARED', occurred_at: at(3) });
    await trackingUntil(s.id, hasStatus('CUSTOMS_CLEARED'), 'CUSTOMS_CLEARED');
  });

  it('applies a customs hold the carrier reports on a domestic SA→SA shipment: the carrier is the source of truth', async () => {
    const s = await book(t, team, 'sahm');
    expect((await t.sandbox('GET', `/sandbox/v1/carriers/sahm/shipments/${s.tracking_number}`)).body.lane).toBe('domestic');
    await inject('sahm', s.tracking_number, { code: 'PICKED_UP', occurred_at: at(1) });
    await trackingUntil(s.id, hasStatus('PICKED_UP'), 'PICKED_UP');
    await inject('sahm', s.tracking_number, { code: 'EXCEPTION_CUSTOMS_HOLD', exception_type: 'CUSTOMS_HOLD', occurred_at: at(2) });
    const held = await trackingUntil(s.id, hasStatus('EXCEPTION_CUSTOMS_HOLD'), 'EXCEPTION_CUSTOMS_HOLD on a domestic lane');
    expect(held.events[0]).toMatchObject({ code: 'EXCEPTION_CUSTOMS_HOLD', is_exception: true, exception_type: 'CUSTOMS_HOLD' });
    expect((await t.api(`/shipments/${s.id}`, { key: team.apiKey })).body.status).toBe('EXCEPTION_CUSTOMS_HOLD');
    expect((await statusChanges(s.id)).at(-1)).toMatchObject({
      previous_status: 'PICKED_UP',
      status: 'EXCEPTION_CUSTOMS_HOLD',
      exception_type: 'CUSTOMS_HOLD',
      kinds: ['shipment.status_updated', 'shipment.exception'],
    });
    // The flow resumes after the hold.
    await inject('sahm', s.tracking_number, { code: 'IN_TRANSIT', occurred_at: at(3) });
    await trackingUntil(s.id, hasStatus('IN_TRANSIT'), 'IN_TRANSIT after the hold');
  });

  it("places the gateway's label step before a pickup the carrier scanned while the label job was still running", async () => {
    const s = await book(t, team, 'sahm');
    const first = await tracking(s.id);
    const created = first.body.events.find((e: any) => e.code === 'CREATED');
    // Scanned a millisecond after the booking: always before the label job can have finished.
    const pickedAt = new Date(Date.parse(created.occurred_at) + 1).toISOString();
    await inject('sahm', s.tracking_number, { code: 'PICKED_UP', occurred_at: pickedAt, location_en: 'Riyadh' });
    const body = await trackingUntil(
      s.id,
      (b) => b.status === 'PICKED_UP' && b.events.some((e: any) => e.code === 'LABEL_GENERATED'),
      'PICKED_UP and the label step',
      30_000,
    );
    expect(body.events.map((e: any) => e.code)).toEqual(['PICKED_UP', 'LABEL_GENERATED', 'CREATED']);
    expectNewestFirst(body.events);
    expect(Date.parse(body.events[1].occurred_at)).toBeLessThanOrEqual(Date.parse(pickedAt));
    // The stored step keeps the job's own time: only the order shown is derived.
    const [label] = await t.runtime.database.dataSource.query(
      "SELECT occurred_at FROM tracking_events WHERE shipment_id = $1 AND code = 'LABEL_GENERATED'",
      [s.id],
    );
    expect(new Date(label.occurred_at).getTime()).toBeGreaterThan(Date.parse(pickedAt));
  });

  it('rides out a carrier outage and then applies what arrived meanwhile in time order', async () => {
    const s = await book(t, team, 'sahm');
    await t.sandbox('PUT', '/sandbox/v1/carriers/sahm/fault', { mode: 'down' });
    try {
      await inject('sahm', s.tracking_number, { code: 'DELIVERED', occurred_at: at(5) });
      await inject('sahm', s.tracking_number, { code: 'AT_DELIVERY_HUB', occurred_at: at(3) });
      await inject('sahm', s.tracking_number, { code: 'OUT_FOR_DELIVERY', occurred_at: at(4) });
      await sleep(600);
      expect(['CREATED', 'LABEL_GENERATED']).toContain((await tracking(s.id)).body.status);
    } finally {
      await t.sandbox('PUT', '/sandbox/v1/carriers/sahm/fault', { mode: 'none' });
    }
    const body = await trackingUntil(s.id, hasStatus('DELIVERED'), 'DELIVERED after the outage');
    expect(codesOf(body.events)).toEqual(['DELIVERED', 'OUT_FOR_DELIVERY', 'AT_DELIVERY_HUB', 'CREATED']);
    expect((await statusChanges(s.id)).map((c: any) => [c.previous_status, c.status]).slice(1)).toEqual([
      ['AT_DELIVERY_HUB', 'OUT_FOR_DELIVERY'],
      ['OUT_FOR_DELIVERY', 'DELIVERED'],
    ]);
    expect((await statusChanges(s.id)).map((c: any) => c.status)).toEqual(['AT_DELIVERY_HUB', 'OUT_FOR_DELIVERY', 'DELIVERED']);
  });

  it("never shows one team's tracking to another: 404 E_NOT_FOUND", async () => {
    const s = await book(t, team, 'sahm');
    for (const res of [
      await tracking(s.id, other.apiKey),
      await tracking('4b0c4d1e-0000-4000-8000-000000000000'),
      await tracking('not-a-uuid'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('E_NOT_FOUND');
      expect(res.body.error.message_ar).toBeTruthy();
    }
    expect((await t.api(`/shipments/${s.id}/tracking`, { key: null })).status).toBe(401);
  });

  it('documents the route and every field in the OpenAPI contract', async () => {
    const res = await t.api('/openapi.json', { key: null });
    const op = res.body.paths['/api/v1/shipments/{id}/tracking'].get;
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '401', '404', '429']));
    const schemas = res.body.components.schemas;
    expect(Object.keys(schemas.TrackingResponseDto.properties).sort()).toEqual(['events', 'status', 'tracking_number']);
    // piece_number: only on an event about one piece of a multi-piece shipment (docs/adr/0087).
    expect(Object.keys(schemas.TrackingEventDto.properties).sort()).toEqual([...EVENT_FIELDS, 'exception_type', 'piece_number'].sort());
    expect(schemas.TrackingEventDto.required).toEqual(expect.arrayContaining(EVENT_FIELDS));
    expect(schemas.TrackingEventDto.required).not.toContain('exception_type');
    expect(schemas.TrackingEventDto.required).not.toContain('piece_number');
  });
});
