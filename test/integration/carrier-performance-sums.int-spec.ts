import { randomUUID } from 'node:crypto';
import { SqlCarrierPerformanceStore } from '@lgw/tracking/persistence/sql-carrier-performance.store';
import type { PerformanceEntry } from '@lgw/tracking/application/ports/carrier-performance.port';
import { openTestDatabase } from '../support/test-mode';

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * The sums of any range are the sums of its days, whether they are read from the daily, weekly
 * or monthly rows (docs/adr/0084, "Sums by day, week and month"; the split itself is held by
 * performance-periods.spec.ts): deliveries recorded over five months, every range checked against
 * the entries added up by hand.
 */
describe('carrier performance sums by month, week and day', () => {
  let close: () => Promise<void>;
  let store: SqlCarrierPerformanceStore;
  const teamId = randomUUID();
  const entries: PerformanceEntry[] = [];

  beforeAll(async () => {
    const opened = await openTestDatabase({ inMemory: true });
    close = opened.close;
    const ds = opened.db.dataSource;
    await ds.query('INSERT INTO teams (id, name) VALUES ($1, $2)', [teamId, 'Sums']);
    store = new SqlCarrierPerformanceStore(ds);
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < 400; i++) {
      const day = addDays('2026-06-20', Math.floor(next() * 160));
      const delivered = next() < 0.9;
      const lane = next() < 0.5 ? ['riyadh', 'jeddah', 'Riyadh', 'Jeddah'] : ['riyadh', 'dammam', 'Riyadh', 'Dammam'];
      const entry: PerformanceEntry = {
        shipmentId: randomUUID(),
        teamId,
        carrierCode: next() < 0.5 ? 'sahm' : 'bahr',
        serviceCode: 'express',
        originCityKey: lane[0],
        destinationCityKey: lane[1],
        originCity: lane[2],
        destinationCity: lane[3],
        status: delivered ? 'DELIVERED' : 'RETURNED',
        outcome: {
          day,
          delivered,
          onTime: delivered && next() < 0.8,
          firstAttempt: delivered && next() < 0.7,
          returned: !delivered,
          transitDays: delivered ? 1 + Math.floor(next() * 4) : null,
        },
      };
      entries.push(entry);
      expect(await store.record(entry, new Date())).toBe(true);
    }
    // Counted once: the same shipment again adds nothing.
    expect(await store.record(entries[0], new Date())).toBe(false);
  }, 120_000);
  afterAll(() => close?.());

  it.each([
    ['2026-06-01', '2026-11-30'],
    ['2026-07-01', '2026-09-30'],
    ['2026-06-25', '2026-10-12'],
    ['2026-08-01', '2026-08-01'],
    ['2026-08-10', '2026-08-31'],
    ['2026-07-31', '2026-09-01'],
    // whole weeks between days, and a week that runs into the next month
    ['2026-08-05', '2026-08-28'],
    ['2026-09-27', '2026-10-03'],
    ['2026-07-26', '2026-09-05'],
  ])('%s … %s', async (from, to) => {
    const got = await store.sums(teamId, from, to);
    const expected = new Map<
      string,
      { shipments: number; delivered: number; onTime: number; firstAttempt: number; returned: number; transit: Map<number, number> }
    >();
    for (const e of entries) {
      if (e.outcome.day < from || e.outcome.day > to) continue;
      const key = [e.carrierCode, e.serviceCode, e.originCity, e.destinationCity].join('/');
      const sum = expected.get(key) ?? {
        shipments: 0,
        delivered: 0,
        onTime: 0,
        firstAttempt: 0,
        returned: 0,
        transit: new Map<number, number>(),
      };
      sum.shipments += 1;
      sum.delivered += Number(e.outcome.delivered);
      sum.onTime += Number(e.outcome.onTime);
      sum.firstAttempt += Number(e.outcome.firstAttempt);
      sum.returned += Number(e.outcome.returned);
      if (e.outcome.transitDays !== null) sum.transit.set(e.outcome.transitDays, (sum.transit.get(e.outcome.transitDays) ?? 0) + 1);
      expected.set(key, sum);
    }
    expect(got.length).toBe(expected.size);
    for (const row of got) {
      const want = expected.get([row.carrierCode, row.serviceCode, row.originCity, row.destinationCity].join('/'))!;
      expect({ ...row, transitHistogram: Object.fromEntries(row.transitHistogram) }).toEqual({
        carrierCode: row.carrierCode,
        serviceCode: row.serviceCode,
        originCity: row.originCity,
        destinationCity: row.destinationCity,
        shipments: want.shipments,
        delivered: want.delivered,
        onTime: want.onTime,
        firstAttempt: want.firstAttempt,
        returned: want.returned,
        transitHistogram: Object.fromEntries(want.transit),
      });
    }
  });
});
