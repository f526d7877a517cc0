import { billingPeriodFor, billingPeriodOf, parseBillingPeriodKey, previousBillingPeriod } from './billing-period';

describe('billing periods (calendar months in Asia/Riyadh)', () => {
  it('puts 23:30 Riyadh time on the last day of a month in that month', () => {
    // 2026-10-31 23:30 +03:00
    expect(billingPeriodOf(new Date('2026-10-31T20:30:00Z'))).toMatchObject({ key: '2026-10', start: '2026-10-01', end: '2026-10-31' });
  });

  it('puts 00:30 Riyadh time on the first day in the next month, although it is still the previous day in UTC', () => {
    expect(billingPeriodOf(new Date('2026-10-31T21:30:00Z'))).toMatchObject({ key: '2026-11', start: '2026-11-01', end: '2026-11-30' });
  });

  it('starts exactly at 00:00 Riyadh time', () => {
    const p = billingPeriodFor(2026, 11);
    expect(p.startsAt.toISOString()).toBe('2026-10-31T21:00:00.000Z');
    expect(p.endsBefore.toISOString()).toBe('2026-11-30T21:00:00.000Z');
    expect(billingPeriodOf(p.startsAt).key).toBe('2026-11');
    expect(billingPeriodOf(new Date(p.startsAt.getTime() - 1)).key).toBe('2026-10');
  });

  it('knows February in leap and common years and crosses the year', () => {
    expect(billingPeriodFor(2028, 2).end).toBe('2028-02-29');
    expect(billingPeriodFor(2027, 2).end).toBe('2027-02-28');
    expect(billingPeriodOf(new Date('2026-12-31T21:00:00Z')).key).toBe('2027-01');
    expect(previousBillingPeriod(billingPeriodFor(2027, 1)).key).toBe('2026-12');
  });

  it('parses only well-formed month keys', () => {
    expect(parseBillingPeriodKey('2026-11')?.start).toBe('2026-11-01');
    for (const bad of ['2026-13', '2026-00', '26-11', '2026-1', '2026-11-01', '']) expect(parseBillingPeriodKey(bad)).toBeNull();
  });
});
