import { bootTestApp, TestApp, TestTeam } from '../support/test-app';
import { book } from '../support/booking';

/**
 * GET /shipments must page a large team in milliseconds: the list and its count are served
 * by the (team_id, created_at, id) and (team_id, status, created_at, id) indexes, never by a
 * scan of the table. 100,000 rows of one team are enough for the planner to show its hand.
 */
describe('shipment list at 100,000 rows', () => {
  let t: TestApp;
  let team: TestTeam;

  beforeAll(async () => {
    t = await bootTestApp();
    team = await t.createTeam('Big Team');
    await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 100_000 });
    const template = await book(t, team, 'sahm');
    const db = t.runtime.database.dataSource;
    await db.query(
      `INSERT INTO shipments (id, team_id, quote_id, service_reference, carrier_code, service_code, tracking_number,
         carrier_reference, status, progress, last_event_at, lane, origin, destination, parcels, chargeable_kg,
         hs_codes, quoted_total_halalas, warnings, estimated_delivery_at, created_at, updated_at)
       SELECT gen_random_uuid(), s.team_id, gen_random_uuid(), 'LGWX' || g, s.carrier_code, s.service_code, 'BULK' || g,
         'BULK' || g, CASE WHEN g % 10 = 0 THEN 'DELIVERED' ELSE 'IN_TRANSIT' END, s.progress, s.last_event_at, s.lane,
         s.origin, s.destination, s.parcels, s.chargeable_kg, s.hs_codes, s.quoted_total_halalas, s.warnings,
         s.estimated_delivery_at, s.created_at - (g || ' seconds')::interval, s.updated_at
       FROM shipments s, generate_series(1, 100000) g WHERE s.id = $1`,
      [template.id],
    );
    await db.query('ANALYZE shipments');
  }, 180_000);
  afterAll(() => t.close());

  it('pages deep into the list through the team index', async () => {
    const res = await t.api('/shipments?limit=100&offset=5000&status=DELIVERED', { key: team.apiKey });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(10_000);
    expect(res.body.shipments).toHaveLength(100);
    const created = res.body.shipments.map((s: any) => Date.parse(s.created_at));
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    // How fast is for bench/ to measure; here the plans below prove the index carries the page.

    const db = t.runtime.database.dataSource;
    for (const [sql, params] of [
      ['SELECT * FROM shipments WHERE team_id = $1 ORDER BY created_at DESC, id DESC LIMIT 20 OFFSET 0', [team.teamId]],
      [
        'SELECT * FROM shipments WHERE team_id = $1 AND status = $2 ORDER BY created_at DESC, id DESC LIMIT 100 OFFSET 5000',
        [team.teamId, 'DELIVERED'],
      ],
      ['SELECT count(*) FROM shipments WHERE team_id = $1 AND status = $2', [team.teamId, 'DELIVERED']],
    ] as const) {
      const plan = (await db.query(`EXPLAIN ${sql}`, [...params])).map((r: any) => r['QUERY PLAN']).join('\n');
      expect(plan).toMatch(/(Index (Only )?Scan using|Bitmap Index Scan on) shipments_team_(status_)?created_idx/);
      expect(plan).not.toMatch(/Seq Scan on shipments/);
    }
  });
});
