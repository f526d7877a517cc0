import { deliveryOutcome, histogramPercentile, laneCityKey, quoteOnTimeRate, rate, riyadhDay } from './carrier-performance';

const BOOKED = new Date('2026-03-01T20:30:00Z'); // 23:30 in Riyadh, 1 March

describe('deliveryOutcome', () => {
  it('is on time delivered on or before the Riyadh day of the estimate, and counts transit in Riyadh calendar days', () => {
    const estimate = new Date('2026-03-03T08:00:00Z');
    const onTheDay = deliveryOutcome({
      status: 'DELIVERED',
      bookedAt: BOOKED,
      finishedAt: new Date('2026-03-03T20:59:00Z'), // 23:59 Riyadh, 3 March
      estimatedDeliveryAt: estimate,
      declaredTransitMaxDays: 5,
      failedAttempts: 0,
    });
    expect(onTheDay).toEqual({ day: '2026-03-03', delivered: true, onTime: true, firstAttempt: true, returned: false, transitDays: 2 });
    const nextDay = deliveryOutcome({
      status: 'DELIVERED',
      bookedAt: BOOKED,
      finishedAt: new Date('2026-03-03T21:00:00Z'), // 00:00 Riyadh, 4 March
      estimatedDeliveryAt: estimate,
      declaredTransitMaxDays: 5,
      failedAttempts: 1,
    });
    expect(nextDay).toEqual({ day: '2026-03-04', delivered: true, onTime: false, firstAttempt: false, returned: false, transitDays: 3 });
  });

  it("without an estimate, judges by the service's declared transit days", () => {
    const base = {
      status: 'DELIVERED' as const,
      bookedAt: BOOKED,
      estimatedDeliveryAt: null,
      declaredTransitMaxDays: 2,
      failedAttempts: 0,
    };
    expect(deliveryOutcome({ ...base, finishedAt: new Date('2026-03-03T10:00:00Z') }).onTime).toBe(true);
    expect(deliveryOutcome({ ...base, finishedAt: new Date('2026-03-04T10:00:00Z') }).onTime).toBe(false);
  });

  it('counts a return as returned, neither delivered nor timed', () => {
    const out = deliveryOutcome({
      status: 'RETURNED',
      bookedAt: BOOKED,
      finishedAt: new Date('2026-03-09T10:00:00Z'),
      estimatedDeliveryAt: null,
      declaredTransitMaxDays: 2,
      failedAttempts: 3,
    });
    expect(out).toEqual({ day: '2026-03-09', delivered: false, onTime: false, firstAttempt: false, returned: true, transitDays: null });
  });
});

describe('histogramPercentile (nearest rank)', () => {
  it('answers the smallest day count that the share of deliveries stayed within', () => {
    const h = new Map([
      [1, 5],
      [2, 3],
      [4, 1],
      [9, 1],
    ]);
    expect(histogramPercentile(h, 0.5)).toBe(1);
    expect(histogramPercentile(h, 0.6)).toBe(2);
    expect(histogramPercentile(h, 0.9)).toBe(4);
    expect(histogramPercentile(h, 1)).toBe(9);
    expect(histogramPercentile(new Map(), 0.5)).toBeNull();
  });

  it('agrees with sorting every delivery, on generated histograms', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 200; i += 1) {
      const all = Array.from({ length: 1 + Math.floor(next() * 60) }, () => Math.floor(next() * 12));
      const h = new Map<number, number>();
      for (const d of all) h.set(d, (h.get(d) ?? 0) + 1);
      const sorted = [...all].sort((a, b) => a - b);
      for (const p of [0.5, 0.9]) expect(histogramPercentile(h, p)).toBe(sorted[Math.ceil(p * sorted.length) - 1]);
    }
  });
});

describe('lanes and rates', () => {
  it('keys a city the same whatever its spelling', () => {
    expect(laneCityKey('Riyadh')).toBe(laneCityKey('الرياض'));
    expect(laneCityKey('Jeddah')).toBe(laneCityKey(' jiddah '));
    expect(laneCityKey('Jeddah')).not.toBe(laneCityKey('Riyadh'));
  });

  it('shows an on-time rate from 20 deliveries, rounded to four decimals', () => {
    expect(quoteOnTimeRate({ delivered: 19, onTime: 19 })).toBeNull();
    expect(quoteOnTimeRate(undefined)).toBeNull();
    expect(quoteOnTimeRate({ delivered: 21, onTime: 20 })).toBe(0.9524);
    expect(rate(0, 0)).toBeNull();
  });

  it('dates in Riyadh', () => {
    expect(riyadhDay(new Date('2026-03-01T21:00:00Z'))).toBe('2026-03-02');
  });
});
