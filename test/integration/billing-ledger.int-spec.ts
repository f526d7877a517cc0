import { randomUUID } from 'node:crypto';
import { billingLine, INVOICE_LINES_SQL, SqlBillingLedger } from '@lgw/billing';
import { billingPeriodFor, Money } from '@lgw/kernel';
import { Database } from '@lgw/database';
import { openTestDatabase } from '../support/test-mode';

/**
 * The ledger on the real database of each mode: lines are unique per (shipment, cause,
 * source event), per-shipment decisions see each other, and an invoice is read by one range
 * scan of its index even when the table holds other teams and months.
 */
describe('billing ledger', () => {
  let db: Database;
  let close: () => Promise<void>;
  let ledger: SqlBillingLedger;
  const team = randomUUID();
  const other = randomUUID();
  const november = billingPeriodFor(2026, 11);

  beforeAll(async () => {
    ({ db, close } = await openTestDatabase());
    ledger = new SqlBillingLedger(db.dataSource);
    for (const id of [team, other]) await db.dataSource.query('INSERT INTO teams (id, name) VALUES ($1, $2)', [id, 'ledger']);
  });
  afterAll(() => close());

  const entry = (shipmentId: string, sourceEventId: string, period = november) => ({
    teamId: team,
    shipmentId,
    trackingNumber: `T-${shipmentId.slice(0, 8)}`,
    sourceEventId,
    occurredAt: new Date(period.startsAt.getTime() + 60_000),
    period,
  });
  const charge = billingLine('shipment', Money.ofHalalas(2233), 'Shipment', 'شحنة');
  const credit = billingLine('cancellation_credit', Money.ofHalalas(-2233), 'Credit', 'إشعار دائن');

  it('writes a (shipment, cause, source event) once, however often it is recorded', async () => {
    const shipment = randomUUID();
    expect(await ledger.record(entry(shipment, '41'), () => [charge])).toBe(1);
    expect(await ledger.record(entry(shipment, '41'), () => [charge])).toBe(0);
    const lines = (await ledger.linesForPeriod(team, november)).filter((l) => l.shipmentId === shipment);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ cause: 'shipment', amountHalalas: 2233, vatHalalas: 335 });
  });

  it('lets concurrent decisions about one shipment see each other: one credit from ten cancellations', async () => {
    const shipment = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        ledger.record(entry(shipment, `cancel-${i}`), (existing) =>
          existing.some((l) => l.cause === 'cancellation_credit') ? [] : [credit],
        ),
      ),
    );
    expect(results.reduce((a, b) => a + b, 0)).toBe(1);
    const lines = (await ledger.linesForPeriod(team, november)).filter((l) => l.shipmentId === shipment);
    expect(lines.map((l) => l.cause)).toEqual(['cancellation_credit']);
  });

  it("reads one team's month through billing_lines_invoice_idx, in line order", async () => {
    const dataSource = db.dataSource;
    const seed = (teamId: string, period: string, count: number) =>
      dataSource.query(
        `INSERT INTO billing_lines (team_id, shipment_id, tracking_number, cause, source_event_id, period_start,
           occurred_at, amount_halalas, vat_halalas, description_en, description_ar)
         SELECT $1, gen_random_uuid(), 'B' || i, 'shipment', i::text, $2::date,
                $2::date + make_interval(secs => $3 - i), 1000, 150, 'Shipment', 'شحنة'
           FROM generate_series(1, $3) AS i`,
        [teamId, period, count],
      );
    await seed(team, november.start, 10_000);
    await seed(team, '2026-10-01', 20_000);
    await seed(other, november.start, 20_000);
    await dataSource.query('ANALYZE billing_lines');

    const lines = await ledger.linesForPeriod(team, november);
    expect(lines.length).toBe(10_000 + 2);
    // The two lines above occurred first; the seeded ones have occurred_at falling as i rises,
    // so line order is the reverse of insertion order.
    expect(lines.slice(0, 2).every((l) => l.trackingNumber.startsWith('T-'))).toBe(true);
    expect(lines.slice(2, 5).map((l) => l.trackingNumber)).toEqual(['B10000', 'B9999', 'B9998']);
    // On a table this small a sequential scan is rightly cheaper; what must hold is that the
    // index serves the query whole (range on team and period, rows already in line order, no
    // sort), so that it is the plan once the ledger holds years of many teams.
    const plan = await dataSource.transaction(async (em) => {
      await em.query('SET LOCAL enable_seqscan = off');
      await em.query('SET LOCAL enable_bitmapscan = off');
      const rows = await em.query(`EXPLAIN ${INVOICE_LINES_SQL}`, [team, november.start]);
      return rows.map((r: any) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/^Index Scan using billing_lines_invoice_idx/);
    expect(plan).toMatch(/Index Cond: \(\(team_id = .*\) AND \(period_start = .*\)\)/);
    expect(plan).not.toMatch(/Sort/);

    const summaries = await ledger.periodSummaries(team);
    expect(summaries.map((s) => [s.periodStart, s.lineCount])).toEqual([
      ['2026-11-01', 10_002],
      ['2026-10-01', 20_000],
    ]);
    expect(summaries[0]).toMatchObject({ subtotalHalalas: 10_000 * 1000 + 2233 - 2233, vatHalalas: 10_000 * 150 + 335 - 335 });
  });
});
