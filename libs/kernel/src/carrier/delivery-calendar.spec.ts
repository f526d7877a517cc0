import { addDeliveryDays, DEFAULT_CUT_OFF, estimateDeliveryDate, SAUDI_DELIVERY_CALENDAR } from './delivery-calendar';
import { addCalendarDays, riyadhDateOf } from './pickup-rules';

const at = (iso: string) => new Date(iso);

describe('estimateDeliveryDate', () => {
  it('counts transit from the booking day before the Riyadh cut-off and from the next day after it', () => {
    // 2026-11-29 is a Sunday. 13:59 Riyadh = 10:59Z; 14:00 Riyadh = 11:00Z.
    expect(estimateDeliveryDate(at('2026-11-29T10:59:59.999Z'), 2, SAUDI_DELIVERY_CALENDAR)).toBe('2026-12-01');
    expect(estimateDeliveryDate(at('2026-11-29T11:00:00.000Z'), 2, SAUDI_DELIVERY_CALENDAR)).toBe('2026-12-02');
  });

  it('skips Fridays and public holidays', () => {
    // Thursday 2026-12-03 after the cut-off leaves on Friday, which is no delivery day: Saturday is day 0.
    expect(estimateDeliveryDate(at('2026-12-03T12:00:00Z'), 0, SAUDI_DELIVERY_CALENDAR)).toBe('2026-12-05');
    // National Day (2026-09-23, a Wednesday) is skipped: Tuesday morning + 1 day → Thursday.
    expect(estimateDeliveryDate(at('2026-09-22T06:00:00Z'), 1, SAUDI_DELIVERY_CALENDAR)).toBe('2026-09-24');
  });

  it('takes the Riyadh date, not the UTC one, around midnight', () => {
    // 2026-11-29T21:30Z is 00:30 on Monday 30 November in Riyadh: before the cut-off of that Monday.
    expect(estimateDeliveryDate(at('2026-11-29T21:30:00Z'), 1, SAUDI_DELIVERY_CALENDAR)).toBe('2026-12-01');
    expect(estimateDeliveryDate(at('2026-11-29T20:59:59Z'), 1, SAUDI_DELIVERY_CALENDAR)).toBe('2026-12-01');
  });

  it('honours another cut-off', () => {
    // 07:00Z is 10:00 in Riyadh.
    expect(estimateDeliveryDate(at('2026-11-29T07:00:00Z'), 1, SAUDI_DELIVERY_CALENDAR, '10:30')).toBe('2026-11-30');
    expect(estimateDeliveryDate(at('2026-11-29T07:00:00Z'), 1, SAUDI_DELIVERY_CALENDAR, '09:30')).toBe('2026-12-01');
  });

  it('answers as the plain rule does for instants in any order (the last departure day it keeps never leaks)', () => {
    const reference = (bookedAt: Date, days: number, cutOff: string) => {
      const [h, m] = cutOff.split(':').map(Number);
      const minutes = Math.floor(((bookedAt.getTime() + 3 * 3_600_000) % 86_400_000) / 60_000);
      const today = riyadhDateOf(bookedAt);
      const leaves = minutes >= h * 60 + m ? addCalendarDays(today, 1) : today;
      return addDeliveryDays(leaves, days, SAUDI_DELIVERY_CALENDAR);
    };
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    const start = Date.parse('2026-01-01T00:00:00Z');
    const span = Date.parse('2027-12-01T00:00:00Z') - start;
    for (let i = 0; i < 2_000; i++) {
      // Runs of instants close together (the cache's case) mixed with jumps across days and cut-offs.
      const base = start + (next() % 1000) * (span / 1000);
      for (let j = 0; j < 3; j++) {
        const instant = new Date(base + (next() % 172_800_000) - 86_400_000);
        const cutOff = next() % 4 === 0 ? '09:15' : DEFAULT_CUT_OFF;
        const days = next() % 6;
        expect([instant.toISOString(), cutOff, days, estimateDeliveryDate(instant, days, SAUDI_DELIVERY_CALENDAR, cutOff)]).toEqual([
          instant.toISOString(),
          cutOff,
          days,
          reference(instant, days, cutOff),
        ]);
      }
    }
  });
});
