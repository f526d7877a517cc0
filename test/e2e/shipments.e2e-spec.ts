import { DUBAI, JEDDAH, PARCELS } from '../support/fixtures';
import { book, quoteFor, shipmentBody } from '../support/booking';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';
import { CARRIER_CODES, collectsCashDomestic } from '../support/carriers';

const SHIPMENT_FIELDS = [
  'id',
  'tracking_number',
  'service_reference',
  'reference',
  'status',
  'status_ar',
  'status_en',
  'cancelled_at',
  'carrier',
  'service',
  'origin',
  'destination',
  'parcels',
  'declared_value_sar',
  'incoterm',
  'hs_codes',
  'cod_amount_sar',
  'label_url',
  'mode',
  'warnings',
  'quoted_total_sar',
  'estimated_delivery_at',
  'created_at',
  'cod',
  'is_return',
  'return_of',
  'return_reason',
  'delivery_issue',
  'estimated_delivery_date',
  'tracking_url',
  'proof_of_delivery',
].sort();

describe('shipments', () => {
  let t: TestApp;
  let team: TestTeam;
  let other: TestTeam;

  beforeAll(async () => {
    // A short deadline only for sahm, whose faults the suite sets: the other carriers keep the
    // default, as a loaded machine needs for darb's several exchanges per booking.
    t = await bootTestApp({ env: { SAHM_TIMEOUT_MS: '800', CARRIER_BREAKER_THRESHOLD: '1000' } });
    team = await t.createTeam('Shipping Team');
    other = await t.createTeam('Other Team');
    for (const x of [team, other]) await t.admin('PUT', `/teams/${x.teamId}/rate-limit`, { per_minute: 100_000 });
  });
  afterAll(() => t.close());

  const post = (body: unknown, headers: Record<string, string> = {}, key = team.apiKey) =>
    t.api('/shipments', { method: 'POST', key, body, headers });

  describe.each(CARRIER_CODES)('booking with %s', (carrier) => {
    // Cash on delivery where the carrier's couriers collect it on this (domestic) lane, as it declares.
    const cod = collectsCashDomestic(carrier);

    it('creates the shipment with the full Shipment shape and a CREATED event', async () => {
      const { quote, body } = await quoteFor(t, team, carrier, cod ? { cod_amount: 125.5 } : {});
      const res = await post(shipmentBody(quote, body, { reference: `ORDER-${carrier}` }));
      expect(res.status).toBe(201);
      const s = res.body;
      expect(Object.keys(s).sort()).toEqual(SHIPMENT_FIELDS);
      expect(s.status).toBe('CREATED');
      expect(s.status_en).toBeTruthy();
      expect(s.status_ar).toMatch(/[\u0600-\u06FF]/);
      expect(s.carrier.code).toBe(carrier);
      expect(s.service.code).toBe(quote.service.code);
      expect(s.tracking_number).toEqual(expect.any(String));
      expect(s.label_url).toBe(`/api/v1/labels/${s.id}`);
      expect(s.reference).toBe(`ORDER-${carrier}`);
      expect(s.quoted_total_sar).toBe(quote.total_sar);
      if (cod) {
        expect(s.cod_amount_sar).toBe(125.5);
        expect(s.cod).toEqual({
          amount_sar: 125.5,
          fee_sar: quote.breakdown.find((l: any) => l.code === 'cod_fee').amount_sar,
          status: 'PENDING',
          collected_sar: null,
          collected_at: null,
          remittance_id: null,
        });
      } else {
        expect(s.cod_amount_sar).toBeNull();
        expect(s.cod).toBeNull();
        expect(quote.breakdown.map((l: any) => l.code)).not.toContain('cod_fee');
      }
      expect(s.destination.short_address).toBe(JEDDAH.short_address);
      // The promise made at booking: the end of the estimated Riyadh delivery day.
      expect(s.estimated_delivery_at).toBe(new Date(`${s.estimated_delivery_date}T23:59:59.999+03:00`).toISOString());
      expect(Date.parse(s.estimated_delivery_at) - Date.parse(s.created_at)).toBeGreaterThan(quote.transit_days.max * 86_400_000);

      const got = await t.api(`/shipments/${s.id}`, { key: team.apiKey });
      expect(got.status).toBe(200);
      expect(got.body).toEqual(s);
      const events = await t.runtime.database.dataSource.query('SELECT code FROM tracking_events WHERE shipment_id = $1', [s.id]);
      expect(events.map((e: any) => e.code)).toEqual(['CREATED']);
      const booked = await t.sandbox('GET', `/sandbox/v1/carriers/${carrier}/shipments/${s.tracking_number}`);
      expect(booked.status).toBe(200);
    });
  });

  it('rejects an expired quote with 409 E_QUOTE_EXPIRED and the contract message', async () => {
    // A gateway whose quotes live one second.
    const shortLived = await bootTestApp({ env: { QUOTE_TTL_SECONDS: '1' } });
    try {
      const shortTeam = await shortLived.createTeam('Short Quotes');
      const { quote, body } = await quoteFor(shortLived, shortTeam, 'sahm');
      expect(Date.parse(quote.expires_at) - Date.now()).toBeLessThanOrEqual(1000);
      await new Promise((r) => setTimeout(r, 1100));
      const res = await shortLived.api('/shipments', { method: 'POST', key: shortTeam.apiKey, body: shipmentBody(quote, body) });
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({
        code: 'E_QUOTE_EXPIRED',
        message_en: 'This quote has expired. Quotes are valid for 15 minutes. Request a new rate.',
      });
      expect(res.body.error.message_ar).toBeTruthy();
    } finally {
      await shortLived.close();
    }
  });

  it('books a quote once: reuse gives 409 E_QUOTE_ALREADY_USED', async () => {
    const { quote, body } = await quoteFor(t, team, 'sahm');
    expect((await post(shipmentBody(quote, body))).status).toBe(201);
    const again = await post(shipmentBody(quote, body));
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('E_QUOTE_ALREADY_USED');
  });

  it('treats unknown and other-team quotes alike: 422 on quote_id', async () => {
    const { quote, body } = await quoteFor(t, team, 'sahm');
    for (const res of [
      await post(shipmentBody({ quote_id: '4b0c4d1e-0000-4000-8000-000000000000' }, body)),
      await post(shipmentBody({ quote_id: 'not-a-quote' }, body)),
      await post(shipmentBody(quote, body), {}, other.apiKey),
    ]) {
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('E_VALIDATION');
      expect(res.body.error.details.field).toBe('quote_id');
    }
    expect((await post(shipmentBody(quote, body))).status).toBe(201);
  });

  it('requires the request to match the quote lane and parcels', async () => {
    const { quote, body } = await quoteFor(t, team, 'sahm');
    const lane = await post(shipmentBody(quote, { ...body, destination: DUBAI }));
    expect(lane.status).toBe(422);
    expect(lane.body.error.details.field).toBe('destination.country');
    const parcels = await post(shipmentBody(quote, { ...body, parcels: [{ ...PARCELS[0], weight_kg: 9 }] }));
    expect(parcels.status).toBe(422);
    expect(parcels.body.error.details.field).toBe('parcels');
    const missing = await post({ ...shipmentBody(quote, body), quote_id: undefined });
    expect(missing.body.error.details).toEqual({
      field: 'quote_id',
      reason: 'is required',
      reason_ar: 'حقل مطلوب',
      errors: [{ field: 'quote_id', reason: 'is required', reason_ar: 'حقل مطلوب' }],
    });
  });

  it('refuses a Saudi destination without a National Address: 422 E_ADDRESS_NOT_NORMALISED with details.missing', async () => {
    const destination = { city: 'Jeddah', country: 'SA', postal_code: '21577', phone: '966598765432' };
    const { quote, body } = await quoteFor(t, team, 'sahm', { destination });
    const res = await post(shipmentBody(quote, body));
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('E_ADDRESS_NOT_NORMALISED');
    expect(res.body.error.message_en).toBe('Destination address is not normalised to the Saudi National Address standard.');
    expect(res.body.error.details.missing).toEqual(expect.arrayContaining(['additional_number']));
    const fixed = await post(shipmentBody(quote, { ...body, destination: { ...destination, additional_number: '1234' } }));
    expect(fixed.status).toBe(201);
  });

  it('warns about missing customs data on an international lane', async () => {
    const { quote, body } = await quoteFor(t, team, 'sahm', { destination: DUBAI });
    const res = await post(shipmentBody(quote, body));
    expect(res.status).toBe(201);
    const codes = res.body.warnings.map((w: any) => w.code);
    expect(codes).toEqual(expect.arrayContaining(['HS_CODES_MISSING', 'DECLARED_VALUE_MISSING']));
    for (const w of res.body.warnings) {
      expect(w.message_en).toBeTruthy();
      expect(w.message_ar).toMatch(/[\u0600-\u06FF]/);
    }
  });

  describe('Idempotency-Key', () => {
    it('makes 20 concurrent identical requests one shipment and one carrier booking', async () => {
      const { quote, body } = await quoteFor(t, team, 'sahm');
      const before = (await t.sandbox('GET', '/sandbox/v1/carriers/sahm/stats')).body.bookings;
      const request = shipmentBody(quote, body);
      const results = await Promise.all(Array.from({ length: 20 }, () => post(request, { 'Idempotency-Key': 'order-20-concurrent' })));
      const created = results.filter((r) => r.status === 201);
      expect(created.length).toBeGreaterThanOrEqual(1);
      expect(results.every((r) => r.status === 201 || (r.status === 409 && r.body.error.code === 'E_IDEMPOTENCY_IN_PROGRESS'))).toBe(true);
      expect(new Set(created.map((r) => r.body.id)).size).toBe(1);
      const rows = await t.runtime.database.dataSource.query('SELECT id FROM shipments WHERE quote_id = $1', [quote.quote_id]);
      expect(rows).toHaveLength(1);
      const after = (await t.sandbox('GET', '/sandbox/v1/carriers/sahm/stats')).body.bookings;
      expect(after - before).toBe(1);

      const replay = await post(request, { 'Idempotency-Key': '"order-20-concurrent"' });
      expect(replay.status).toBe(201);
      expect(replay.body).toEqual(created[0].body);
      const mismatch = await post({ ...request, reference: 'something else' }, { 'Idempotency-Key': 'order-20-concurrent' });
      expect(mismatch.status).toBe(422);
      expect(mismatch.body.error.code).toBe('E_IDEMPOTENCY_MISMATCH');
    });

    it('keeps keys per team', async () => {
      const mine = await quoteFor(t, team, 'sahm');
      const theirs = await quoteFor(t, other, 'sahm');
      expect((await post(shipmentBody(mine.quote, mine.body), { 'Idempotency-Key': 'shared-key' })).status).toBe(201);
      const res = await post(shipmentBody(theirs.quote, theirs.body), { 'Idempotency-Key': 'shared-key' }, other.apiKey);
      expect(res.status).toBe(201);
    });
  });

  it('books a quote once under concurrency even without a key', async () => {
    const { quote, body } = await quoteFor(t, team, 'bahr');
    const results = await Promise.all(Array.from({ length: 10 }, () => post(shipmentBody(quote, body))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.body.error.code === 'E_QUOTE_ALREADY_USED')).toHaveLength(9);
  });

  describe('carrier failures leave nothing half-created', () => {
    afterEach(async () => {
      for (const code of CARRIER_CODES) await t.sandbox('PUT', `/sandbox/v1/carriers/${code}/fault`, { mode: 'none' });
    });

    it.each([
      ['down', {}],
      ['error', {}],
      ['slow', { latency_ms: 2500 }],
    ])('%s → 503 E_CARRIER_UNAVAILABLE with Retry-After; the quote stays usable', async (mode, extra) => {
      const { quote, body } = await quoteFor(t, team, 'sahm');
      await t.sandbox('PUT', '/sandbox/v1/carriers/sahm/fault', { mode, ...extra });
      const started = Date.now();
      const res = await post(shipmentBody(quote, body));
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('E_CARRIER_UNAVAILABLE');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Date.now() - started).toBeLessThan(2500);
      const rows = await t.runtime.database.dataSource.query('SELECT id FROM shipments WHERE quote_id = $1', [quote.quote_id]);
      expect(rows).toHaveLength(0);
      await t.sandbox('PUT', '/sandbox/v1/carriers/sahm/fault', { mode: 'none' });
      const retry = await post(shipmentBody(quote, body));
      expect(retry.status).toBe(201);
    });

    it('cancels the carrier booking when the local write fails after the carrier confirmed', async () => {
      const db = t.runtime.database.dataSource;
      await db.query(`CREATE OR REPLACE FUNCTION refuse_probe() RETURNS trigger AS $$
        BEGIN IF NEW.reference = 'FAIL-LOCAL-WRITE' THEN RAISE EXCEPTION 'disk full'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
      await db.query('CREATE TRIGGER refuse_probe BEFORE INSERT ON shipments FOR EACH ROW EXECUTE FUNCTION refuse_probe()');
      try {
        const { quote, body } = await quoteFor(t, team, 'sahm');
        const before = await t.sandbox('GET', '/sandbox/v1/carriers/sahm/shipments');
        const res = await post(shipmentBody(quote, body, { reference: 'FAIL-LOCAL-WRITE' }));
        expect(res.status).toBe(500);
        expect(res.body.error.code).toBe('E_INTERNAL');
        expect(res.text).not.toMatch(/disk full|INSERT|trigger/i);
        const after = await t.sandbox('GET', '/sandbox/v1/carriers/sahm/shipments');
        const fresh = after.body.shipments.filter(
          (s: any) => !before.body.shipments.some((b: any) => b.tracking_number === s.tracking_number),
        );
        expect(fresh).toHaveLength(1);
        const detail = await t.sandbox('GET', `/sandbox/v1/carriers/sahm/shipments/${fresh[0].tracking_number}/cancellations`);
        expect(detail.body.cancelled).toBe(true);
        const ok = await post(shipmentBody(quote, body, { reference: 'AFTER-FAILURE' }));
        expect(ok.status).toBe(201);
      } finally {
        await db.query('DROP TRIGGER refuse_probe ON shipments');
      }
    });
  });

  describe('listing and reading', () => {
    it("lists the team's shipments newest first with total, limit and offset", async () => {
      const lister = await t.createTeam('Lister');
      await t.admin('PUT', `/teams/${lister.teamId}/rate-limit`, { per_minute: 100_000 });
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push((await book(t, lister, 'sahm')).id);
      const page = await t.api('/shipments', { key: lister.apiKey });
      expect(page.status).toBe(200);
      expect(page.body.total).toBe(3);
      expect(page.body.limit).toBe(20);
      expect(page.body.offset).toBe(0);
      expect(page.body.shipments.map((s: any) => s.id)).toEqual([...ids].reverse());
      const second = await t.api('/shipments?limit=1&offset=1', { key: lister.apiKey });
      expect(second.body).toMatchObject({ total: 3, limit: 1, offset: 1 });
      expect(second.body.shipments.map((s: any) => s.id)).toEqual([ids[1]]);
      const filtered = await t.api('/shipments?status=DELIVERED', { key: lister.apiKey });
      expect(filtered.body).toMatchObject({ total: 0, shipments: [] });
      const created = await t.api('/shipments?status=CREATED', { key: lister.apiKey });
      expect(created.body.total).toBe(3);
    });

    it.each([
      ['status=SHIPPED', 'status'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=abc', 'limit'],
      ['offset=-1', 'offset'],
    ])('422 E_VALIDATION for %s', async (query, field) => {
      const res = await t.api(`/shipments?${query}`, { key: team.apiKey });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('E_VALIDATION');
      expect(res.body.error.details.field).toBe(field);
    });

    it("never shows one team's shipments to another", async () => {
      const s = await book(t, team, 'sahm');
      const res = await t.api(`/shipments/${s.id}`, { key: other.apiKey });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('E_NOT_FOUND');
      const list = await t.api('/shipments?limit=100', { key: other.apiKey });
      expect(list.body.shipments.some((x: any) => x.id === s.id)).toBe(false);
      expect((await t.api(`/shipments/${s.id}/cancel`, { method: 'POST', key: other.apiKey })).status).toBe(404);
      expect((await t.api('/shipments/not-a-uuid', { key: team.apiKey })).status).toBe(404);
    });
  });

  describe('cancel', () => {
    it('cancels before pickup, with the carrier, and stores the reason', async () => {
      const s = await book(t, team, 'bahr');
      const res = await t.api(`/shipments/${s.id}/cancel`, { method: 'POST', key: team.apiKey, body: { reason: 'customer changed mind' } });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['cancelled_at', 'id', 'status', 'status_ar', 'status_en', 'tracking_number']);
      expect(res.body).toMatchObject({ id: s.id, tracking_number: s.tracking_number, status: 'CANCELLED' });
      expect(Number.isNaN(Date.parse(res.body.cancelled_at))).toBe(false);
      const carrierSide = await t.sandbox('GET', `/sandbox/v1/carriers/bahr/shipments/${s.tracking_number}/cancellations`);
      expect(carrierSide.body.cancelled).toBe(true);
      const [row] = await t.runtime.database.dataSource.query('SELECT cancel_reason, status FROM shipments WHERE id = $1', [s.id]);
      expect(row).toEqual({ cancel_reason: 'customer changed mind', status: 'CANCELLED' });
      const outbox = await t.runtime.database.dataSource.query('SELECT type FROM outbox_events WHERE aggregate_id = $1 ORDER BY id', [
        s.id,
      ]);
      expect(outbox.map((o: any) => o.type)).toEqual(['shipment.created', 'shipment.cancelled']);
      const read = (await t.api(`/shipments/${s.id}`, { key: team.apiKey })).body;
      expect({ status: read.status, cancelled_at: read.cancelled_at }).toEqual({
        status: 'CANCELLED',
        cancelled_at: res.body.cancelled_at,
      });
      expect((await t.api(`/shipments/${(await book(t, team, 'bahr')).id}`, { key: team.apiKey })).body.cancelled_at).toBeNull();
    });

    it('honours Idempotency-Key: a replay answers the first cancellation, another body is refused', async () => {
      const s = await book(t, team, 'sahm');
      const headers = { 'Idempotency-Key': `cancel-${s.id}` };
      const first = await t.api(`/shipments/${s.id}/cancel`, {
        method: 'POST',
        key: team.apiKey,
        body: { reason: 'duplicate order' },
        headers,
      });
      expect(first.status).toBe(200);
      const replay = await t.api(`/shipments/${s.id}/cancel`, {
        method: 'POST',
        key: team.apiKey,
        body: { reason: 'duplicate order' },
        headers,
      });
      expect(replay.status).toBe(200);
      expect(replay.body).toEqual(first.body);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      const other = await t.api(`/shipments/${s.id}/cancel`, { method: 'POST', key: team.apiKey, body: { reason: 'changed' }, headers });
      expect(other.status).toBe(422);
      expect(other.body.error.code).toBe('E_IDEMPOTENCY_MISMATCH');
      const carrierSide = await t.sandbox('GET', `/sandbox/v1/carriers/sahm/shipments/${s.tracking_number}/cancellations`);
      expect(carrierSide.body.cancellations).toHaveLength(1);
    });

    it('works without a body', async () => {
      const s = await book(t, team, 'darb');
      const res = await t.api(`/shipments/${s.id}/cancel`, { method: 'POST', key: team.apiKey });
      expect(res.status).toBe(200);
    });

    it('answers 200 for a shipment the carrier already reported cancelled (tracking recorded it, no cancel request did)', async () => {
      const s = await book(t, team, 'sahm');
      // What the tracking poll writes for a carrier-side cancellation: the status, no cancelled_at.
      await t.runtime.database.dataSource.query("UPDATE shipments SET status = 'CANCELLED' WHERE id = $1", [s.id]);
      const res = await t.api(`/shipments/${s.id}/cancel`, { method: 'POST', key: team.apiKey });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: s.id, status: 'CANCELLED' });
      expect(Number.isNaN(Date.parse(res.body.cancelled_at))).toBe(false);
    });

    it('refuses after pickup with 409 E_CANCEL_NOT_ALLOWED', async () => {
      const s = await book(t, team, 'sahm');
      await t.runtime.database.dataSource.query("UPDATE shipments SET status = 'PICKED_UP' WHERE id = $1", [s.id]);
      const res = await t.api(`/shipments/${s.id}/cancel`, { method: 'POST', key: team.apiKey });
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({
        code: 'E_CANCEL_NOT_ALLOWED',
        message_en: 'Shipment can no longer be cancelled after pickup.',
      });
    });

    it('gives 503 and changes nothing when the carrier is down', async () => {
      const s = await book(t, team, 'sahm');
      await t.sandbox('PUT', '/sandbox/v1/carriers/sahm/fault', { mode: 'down' });
      try {
        const res = await t.api(`/shipments/${s.id}/cancel`, { method: 'POST', key: team.apiKey });
        expect(res.status).toBe(503);
        expect(res.body.error.code).toBe('E_CARRIER_UNAVAILABLE');
      } finally {
        await t.sandbox('PUT', '/sandbox/v1/carriers/sahm/fault', { mode: 'none' });
      }
      expect((await t.api(`/shipments/${s.id}`, { key: team.apiKey })).body.status).toBe('CREATED');
    });
  });
});
