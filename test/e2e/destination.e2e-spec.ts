import { randomUUID } from 'node:crypto';
import { book } from '../support/booking';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';
import { CARRIER_CODES, lacks } from '../support/carriers';

/** The cases about the route rather than a carrier book on the first registered one. */
const ANY = CARRIER_CODES[0];

const DAMMAM = {
  name: 'New Recipient',
  line1: 'Prince Mohammed Street 9',
  city: 'Dammam',
  country: 'sa',
  postal_code: '32241',
  additional_number: '7788',
  short_address: 'dmmd1234',
  phone: '966501112233',
};

describe('destination updates', () => {
  let t: TestApp;
  let team: TestTeam;
  let other: TestTeam;

  beforeAll(async () => {
    t = await bootTestApp({ env: { CARRIER_TIMEOUT_MS: '800', CARRIER_BREAKER_THRESHOLD: '1000' } });
    team = await t.createTeam('Destination Team');
    other = await t.createTeam('Other Team');
    for (const x of [team, other]) await t.admin('PUT', `/teams/${x.teamId}/rate-limit`, { per_minute: 100_000 });
  });
  afterAll(() => t.close());

  const patch = (id: string, body: unknown, key = team.apiKey) => t.api(`/shipments/${id}/destination`, { method: 'PATCH', key, body });
  const outboxFor = (id: string) =>
    t.runtime.database.dataSource.query(
      "SELECT type, payload FROM outbox_events WHERE aggregate_id = $1 AND type = 'shipment.destination_updated' ORDER BY id",
      [id],
    );
  const carrierUpdates = async (carrier: string, trackingNumber: string) => {
    const res = await t.sandbox('GET', `/sandbox/v1/carriers/${carrier}/shipments/${trackingNumber}/destination-updates`);
    expect(res.status).toBe(200);
    return res.body.destination_updates as any[];
  };

  it.each(CARRIER_CODES.filter((code) => lacks(code, 'destination_update')))(
    'keeps a %s shipment where it is: the carrier offers no consignee change, nothing is sent or changed',
    async (carrier) => {
      const s = await book(t, team, carrier);
      const res = await patch(s.id, DAMMAM);
      expect(res.status).toBe(404);
      expect((await t.api(`/shipments/${s.id}`, { key: team.apiKey })).body.destination).toEqual(s.destination);
      expect(await carrierUpdates(carrier, s.tracking_number)).toEqual([]);
      expect(await outboxFor(s.id)).toEqual([]);
    },
  );

  it.each(CARRIER_CODES.filter((code) => !lacks(code, 'destination_update')))(
    'redirects a %s shipment: 200 Shipment, carrier told, domain event written',
    async (carrier) => {
      const s = await book(t, team, carrier);
      const res = await patch(s.id, DAMMAM);
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(s.id);
      expect(res.body.destination).toEqual({ ...DAMMAM, country: 'SA', short_address: 'DMMD1234' });
      expect(res.body.origin).toEqual(s.origin);
      expect(res.body.status).toBe(s.status);

      const got = await t.api(`/shipments/${s.id}`, { key: team.apiKey });
      expect(got.body).toEqual(res.body);

      const updates = await carrierUpdates(carrier, s.tracking_number);
      expect(updates).toHaveLength(1);
      expect(updates[0].address.city).toBe('Dammam');

      const outbox = await outboxFor(s.id);
      expect(outbox).toHaveLength(1);
      expect(outbox[0].payload).toMatchObject({
        shipment_id: s.id,
        destination: { city: 'Dammam', short_address: 'DMMD1234' },
        previous_destination: { city: s.destination.city },
      });
    },
  );

  it('treats the same address again as done: 200, no second carrier call or event', async () => {
    const s = await book(t, team, ANY);
    expect((await patch(s.id, DAMMAM)).status).toBe(200);
    const again = await patch(s.id, DAMMAM);
    expect(again.status).toBe(200);
    expect(again.body.destination.city).toBe('Dammam');
    expect(await carrierUpdates(ANY, s.tracking_number)).toHaveLength(1);
    expect(await outboxFor(s.id)).toHaveLength(1);
  });

  it('keeps the destination-phone warning in step with the new address', async () => {
    const s = await book(t, team, ANY);
    expect(s.warnings.map((w: any) => w.code)).not.toContain('DESTINATION_PHONE_MISSING');
    const { phone: _phone, ...withoutPhone } = DAMMAM;
    const res = await patch(s.id, withoutPhone);
    expect(res.status).toBe(200);
    expect(res.body.warnings.map((w: any) => w.code)).toContain('DESTINATION_PHONE_MISSING');
  });

  it('refuses a Saudi address without a National Address: 422 E_ADDRESS_NOT_NORMALISED with details.missing', async () => {
    const s = await book(t, team, ANY);
    const res = await patch(s.id, { city: 'Dammam', country: 'SA', postal_code: '32241' });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({
      code: 'E_ADDRESS_NOT_NORMALISED',
      message_en: 'Destination address is not normalised to the Saudi National Address standard.',
      details: { missing: ['short_address', 'additional_number'] },
    });
    expect(await carrierUpdates(ANY, s.tracking_number)).toHaveLength(0);
  });

  it('refuses malformed fields with 422 E_VALIDATION naming the Address field', async () => {
    const s = await book(t, team, ANY);
    const cases: Array<[unknown, string]> = [
      [{ ...DAMMAM, postal_code: '123' }, 'postal_code'],
      [{ ...DAMMAM, phone: '+966501112233' }, 'phone'],
      [{ ...DAMMAM, short_address: 'DMM12' }, 'short_address'],
      [{ country: 'SA', short_address: 'DMMD1234' }, 'city'],
      [{ ...DAMMAM, city: 42 }, 'city'],
      [['not', 'an', 'address'], 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await patch(s.id, body);
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'E_VALIDATION', details: { field } });
      expect(res.body.error.details.reason).toEqual(expect.any(String));
    }
    expect(await carrierUpdates(ANY, s.tracking_number)).toHaveLength(0);
  });

  it('keeps the booked country: the price depended on the lane', async () => {
    const s = await book(t, team, ANY);
    const res = await patch(s.id, { name: 'Gulf Buyer', city: 'Dubai', country: 'AE', phone: '971501234567' });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'E_VALIDATION', details: { field: 'country' } });
    expect(await carrierUpdates(ANY, s.tracking_number)).toHaveLength(0);
  });

  it('refuses after a final status: 409 E_DESTINATION_UPDATE_NOT_ALLOWED', async () => {
    const s = await book(t, team, ANY);
    expect((await t.api(`/shipments/${s.id}/cancel`, { method: 'POST', key: team.apiKey })).status).toBe(200);
    const res = await patch(s.id, DAMMAM);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('E_DESTINATION_UPDATE_NOT_ALLOWED');
    expect(res.body.error.message_en).toBeTruthy();
    expect(res.body.error.message_ar).toBeTruthy();
    expect(await carrierUpdates(ANY, s.tracking_number)).toHaveLength(0);
  });

  it('changes nothing when the carrier is down: 503 with Retry-After', async () => {
    const s = await book(t, team, ANY);
    await t.sandbox('PUT', `/sandbox/v1/carriers/${ANY}/fault`, { mode: 'down' });
    try {
      const res = await patch(s.id, DAMMAM);
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('E_CARRIER_UNAVAILABLE');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await t.sandbox('PUT', `/sandbox/v1/carriers/${ANY}/fault`, { mode: 'none' });
    }
    const got = await t.api(`/shipments/${s.id}`, { key: team.apiKey });
    expect(got.body.destination).toEqual(s.destination);
    expect(await outboxFor(s.id)).toHaveLength(0);
    // Once the carrier is back the same request goes through.
    expect((await patch(s.id, DAMMAM)).status).toBe(200);
  });

  it("answers 404 for another team's shipment and unknown ids, without calling the carrier", async () => {
    const s = await book(t, team, ANY);
    for (const [id, key] of [
      [s.id, other.apiKey],
      [randomUUID(), team.apiKey],
      ['nope', team.apiKey],
    ]) {
      const res = await patch(id, DAMMAM, key);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('E_NOT_FOUND');
    }
    expect(await carrierUpdates(ANY, s.tracking_number)).toHaveLength(0);
    expect((await t.api(`/shipments/${s.id}`, { key: team.apiKey })).body.destination).toEqual(s.destination);
  });
});
