import { randomUUID } from 'node:crypto';
import { Database } from '@lgw/database';
import { CodPayoutsPerAccount1732100710000 } from '@lgw/database/migrations/1732100710000-cod-payouts-per-account.migration';
import { SqlCodRemittanceRepository } from '@lgw/cod/persistence/sql-cod-remittance.repository';
import { openTestDatabase, SERVICES_MODE } from '../support/test-mode';

const CARRIER = 'probe-cod';
const PAID_AT = new Date('2026-11-20T10:00:00.000Z');

/**
 * Payouts matched per carrier account (docs/adr/0091): what each account's payout may attach to,
 * by the connection each shipment was booked on, against the database's own SQL.
 */
describe(`cash-on-delivery payouts per account (${SERVICES_MODE ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  let db: Database;
  let repo: SqlCodRemittanceRepository;
  let close: () => Promise<void>;
  const teamA = randomUUID();
  const teamB = randomUUID();
  const platform = randomUUID();
  const replacedPlatform = randomUUID();
  const connA = randomUUID();
  const connB = randomUUID();

  beforeAll(async () => {
    ({ db, close } = await openTestDatabase({ inMemory: true }));
    repo = new SqlCodRemittanceRepository(db.dataSource);
    for (const [id, name] of [
      [teamA, 'COD A'],
      [teamB, 'COD B'],
    ]) {
      await db.dataSource.query('INSERT INTO teams (id, name) VALUES ($1, $2)', [id, name]);
    }
    const connection = (id: string, teamId: string | null, status: string) =>
      db.dataSource.query(
        `INSERT INTO carrier_connections (id, carrier_code, owner, team_id, credentials_ciphertext, credentials_hint, status, created_at)
         VALUES ($1, $2, $3, $4, 'sealed', 'hint', $5, now())`,
        [id, CARRIER, teamId ? 'team' : 'platform', teamId, status],
      );
    await connection(replacedPlatform, null, 'revoked');
    await connection(platform, null, 'active');
    await connection(connA, teamA, 'active');
    await connection(connB, teamB, 'active');
  });
  afterAll(() => close());

  /** A delivered COD shipment of 10 SAR booked on the connection (null: before shipments kept it). */
  async function shipment(teamId: string, connectionId: string | null): Promise<{ id: string; tn: string }> {
    const id = randomUUID();
    const tn = `TN-${id}`;
    await db.dataSource.query(
      `INSERT INTO shipments (id, team_id, quote_id, service_reference, carrier_code, service_code, tracking_number,
         carrier_reference, status, progress, last_event_at, lane, origin, destination, parcels, chargeable_kg,
         quoted_total_halalas, estimated_delivery_at, created_at, updated_at, cod_amount_halalas, connection_id)
       VALUES ($1, $2, $3, 'LGW1', $4, 'svc', $5, 'ref', 'DELIVERED', 'DELIVERED', now(), 'domestic', '{}', '{}', '[]', 1, 100,
               now(), now(), now(), 1000, $6)`,
      [id, teamId, randomUUID(), CARRIER, tn, connectionId],
    );
    return { id, tn };
  }
  const payout = (reference: string, ...tns: string[]) => ({
    reference,
    remittedAt: PAID_AT,
    lines: tns.map((trackingNumber) => ({ trackingNumber, amountHalalas: 1000 })),
  });
  const unmatched = async (reference: string) =>
    (
      await db.dataSource.query(
        'SELECT account, tracking_number, reason FROM cod_unmatched_lines WHERE carrier_code = $1 AND carrier_reference = $2 ORDER BY account, tracking_number',
        [CARRIER, reference],
      )
    ).map((r: { account: string; tracking_number: string; reason: string }) => ({ ...r }));

  it("the platform's payout takes the platform's bookings, a replaced platform connection's and those without one; a team's own is another account's", async () => {
    const onPlatform = await shipment(teamB, platform);
    const onReplaced = await shipment(teamB, replacedPlatform);
    const legacy = await shipment(teamB, null);
    const onA = await shipment(teamA, connA);
    const recorded = await repo.recordPayout(CARRIER, 'platform', payout('P-1', onPlatform.tn, onReplaced.tn, legacy.tn, onA.tn));
    expect(recorded.created.map((r) => ({ team: r.teamId, items: r.itemCount }))).toEqual([{ team: teamB, items: 3 }]);
    expect(recorded.unmatched).toBe(1);
    expect(await unmatched('P-1')).toEqual([{ account: 'platform', tracking_number: onA.tn, reason: 'OTHER_ACCOUNT' }]);
    const listed = await repo.listUnmatched(CARRIER, 10, 0);
    expect(listed.items.find((l) => l.carrierReference === 'P-1')).toMatchObject({ connectionId: null, reason: 'OTHER_ACCOUNT' });
  });

  it("a team connection's payout takes only its own bookings (and its team's without a connection), never another team's", async () => {
    const onA = await shipment(teamA, connA);
    const legacyA = await shipment(teamA, null);
    const onB = await shipment(teamB, connB);
    const onPlatformB = await shipment(teamB, platform);
    const legacyB = await shipment(teamB, null);
    const recorded = await repo.recordPayout(CARRIER, connA, payout('A-1', onA.tn, legacyA.tn, onB.tn, onPlatformB.tn, legacyB.tn));
    expect(recorded.created.map((r) => ({ team: r.teamId, items: r.itemCount }))).toEqual([{ team: teamA, items: 2 }]);
    expect(await unmatched('A-1')).toEqual(
      [legacyB.tn, onB.tn, onPlatformB.tn].sort().map((tn) => ({ account: connA, tracking_number: tn, reason: 'OTHER_ACCOUNT' })),
    );
    const listed = await repo.listUnmatched(CARRIER, 100, 0);
    expect(listed.items.filter((l) => l.carrierReference === 'A-1').every((l) => l.connectionId === connA)).toBe(true);
  });

  it('two accounts may pay under the same reference: each payout is recorded, and a repeat of either adds nothing', async () => {
    const onA = await shipment(teamA, connA);
    const onPlatform = await shipment(teamA, platform);
    const mine = await repo.recordPayout(CARRIER, connA, payout('SAME-1', onA.tn));
    const theirs = await repo.recordPayout(CARRIER, 'platform', payout('SAME-1', onPlatform.tn));
    expect([mine.created.length, theirs.created.length]).toEqual([1, 1]);
    expect((await repo.recordPayout(CARRIER, connA, payout('SAME-1', onA.tn))).created).toEqual([]);
    expect((await repo.recordPayout(CARRIER, 'platform', payout('SAME-1', onPlatform.tn))).created).toEqual([]);
    const list = await repo.list(teamA, 100, 0);
    expect(list.items.filter((r) => r.carrierReference === 'SAME-1')).toHaveLength(2);
  });

  it('keeps a feed position per account', async () => {
    await repo.saveCursor(CARRIER, 'platform', 'p-5');
    await repo.saveCursor(CARRIER, connA, 'a-2');
    await repo.saveCursor(CARRIER, connA, 'a-3');
    expect(await repo.cursor(CARRIER, 'platform')).toBe('p-5');
    expect(await repo.cursor(CARRIER, connA)).toBe('a-3');
    expect(await repo.cursor(CARRIER, connB)).toBeNull();
  });

  // Last: it takes the migration down and up again on this database.
  it("migrates the per-carrier positions to the platform's account, and back", async () => {
    const migration = new CodPayoutsPerAccount1732100710000();
    const runner = db.dataSource.createQueryRunner();
    try {
      await migration.down(runner);
      const rows = await runner.query('SELECT carrier_code, cursor FROM cod_payout_cursors WHERE carrier_code = $1', [CARRIER]);
      expect(rows).toEqual([{ carrier_code: CARRIER, cursor: 'p-5' }]);
      const kept = await runner.query('SELECT count(*)::int AS n FROM cod_remittances WHERE carrier_reference = $1', ['SAME-1']);
      expect(kept[0].n).toBe(1);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    expect(await repo.cursor(CARRIER, 'platform')).toBe('p-5');
    expect(await repo.cursor(CARRIER, connA)).toBeNull();
  });
});
