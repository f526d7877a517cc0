import { shipmentFilterSql, ShipmentListQuery } from '@lgw/shipping';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';
import { book } from '../support/booking';
import { CARRIER_CODES } from '../support/carriers';

/**
 * Every search filter of GET /shipments (and its CSV export, which runs the same WHERE clause)
 * is served by an index of the team, never by a scan of the table: the page and its count are
 * explained as the repository runs them. 100,000 rows of one team, spread over a year, one in
 * ten with another carrier and city.
 */
describe('shipment search at 100,000 rows', () => {
  let t: TestApp;
  let team: TestTeam;
  let template: any;
  const rare = CARRIER_CODES[CARRIER_CODES.length - 1];

  beforeAll(async () => {
    t = await bootTestApp();
    team = await t.createTeam('Searching Team');
    await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 100_000 });
    template = await book(t, team, CARRIER_CODES[0], { reference: 'TEMPLATE-1' });
    const db = t.runtime.database.dataSource;
    await db.query(
      `INSERT INTO shipments (id, team_id, quote_id, service_reference, carrier_code, service_code, tracking_number,
         carrier_reference, status, progress, last_event_at, lane, origin, destination, parcels, chargeable_kg,
         hs_codes, reference, quoted_total_halalas, warnings, estimated_delivery_at, created_at, updated_at)
       SELECT gen_random_uuid(), s.team_id, gen_random_uuid(), 'LGWX' || g,
         CASE WHEN g % 10 = 0 THEN $2 ELSE s.carrier_code END, s.service_code, 'BULK' || g,
         'BULK' || g, s.status, s.progress, s.last_event_at, s.lane, s.origin,
         jsonb_set(jsonb_set(s.destination, '{phone}', to_jsonb('96650' || lpad(g::text, 7, '0'))),
                   '{city}', to_jsonb(CASE WHEN g % 10 = 0 THEN 'Tabuk' ELSE 'Jeddah' END)),
         s.parcels, s.chargeable_kg, s.hs_codes, 'ORDER-' || g, s.quoted_total_halalas, s.warnings,
         s.estimated_delivery_at, s.created_at - (g * 5 || ' minutes')::interval, s.updated_at
       FROM shipments s, generate_series(1, 100000) g WHERE s.id = $1`,
      [template.id, rare],
    );
    await db.query('VACUUM ANALYZE shipments');
  }, 240_000);
  afterAll(() => t.close());

  const day = (daysAgo: number) => new Date(Date.now() + 3 * 3600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);

  it.each([
    ['a tracking number', 'q=BULK4242', 1 + 10, { search: 'BULK4242' }],
    ["the caller's reference", 'q=ORDER-77777', 1, { search: 'ORDER-77777' }],
    ["the recipient's phone prefix", 'q=966500042', 1000, { search: '966500042' }],
    ["the gateway's reference", 'q=LGWX99999', 1, { search: 'LGWX99999' }],
    ['a carrier', `carrier=${rare}`, 10_000, { carrierCode: rare }],
    ['a destination city', 'destination_city=tabuk', 10_000, { destinationCity: 'tabuk' }],
  ] as const)('finds by %s through an index', async (_name, query, total, filter) => {
    const res = await t.api(`/shipments?${query}&limit=20`, { key: team.apiKey });
    expect(res.status).toBe(200);
    if (CARRIER_CODES.length > 1 || !query.startsWith('carrier')) expect(res.body.total).toBe(total);
    await expectIndexed(filter);
  });

  it('finds a Riyadh day through the team index, and combines filters', async () => {
    const from = day(30);
    const res = await t.api(`/shipments?created_from=${from}&created_to=${from}`, { key: team.apiKey });
    expect(res.status).toBe(200);
    // One row every 5 minutes: a day holds 288.
    expect(res.body.total).toBe(288);
    const createdFrom = new Date(`${from}T00:00:00+03:00`);
    const createdBefore = new Date(createdFrom.getTime() + 86_400_000);
    await expectIndexed({ createdFrom, createdBefore });
    await expectIndexed({ createdFrom, createdBefore, destinationCity: 'Tabuk', carrierCode: rare, search: 'BULK1' });
  });

  async function expectIndexed(filter: Omit<ShipmentListQuery, 'limit' | 'offset'>): Promise<void> {
    const db = t.runtime.database.dataSource;
    const { where, params } = shipmentFilterSql(team.teamId, filter);
    for (const sql of [
      `SELECT * FROM shipments WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT 20 OFFSET 0`,
      `SELECT count(*)::int AS total FROM shipments WHERE ${where}`,
    ]) {
      const plan = (await db.query(`EXPLAIN ${sql}`, params)).map((r: any) => r['QUERY PLAN']).join('\n');
      expect(plan).toMatch(/Index (Only )?Scan using shipments_|Bitmap Index Scan on shipments_/);
      expect(plan).not.toMatch(/Seq Scan on shipments/);
    }
  }
});
