import fc from 'fast-check';
import {
  addCalendarDays,
  canSchedulePickup,
  canUnschedulePickup,
  checkPickupSlot,
  isCalendarDate,
  parseClockTime,
  PickupSchedule,
  pickupWindowOpensAt,
  riyadhDateOf,
  slotHolding,
  weekdayOf,
} from './pickup-rules';
import { SHIPMENT_STATUSES } from '@lgw/kernel';

/** Saturday to Thursday, 08:00–20:00. */
const SCHEDULE: PickupSchedule = { collectionDays: [6, 0, 1, 2, 3, 4], hours: { from: '08:00', to: '20:00' } };
/** Wednesday 2026-11-25 10:00 in Riyadh (07:00 UTC). */
const NOW = new Date('2026-11-25T07:00:00Z');
const fields = (date: string, from: string, to: string, now = NOW) =>
  checkPickupSlot(date, { from, to }, SCHEDULE, now).map((p) => p.field);

describe('pickup rules', () => {
  it('gives each instant its own Riyadh date, the day kept from the call before or not', () => {
    const days = [
      '2026-11-25T20:59:59.999Z',
      '2026-11-25T21:00:00Z',
      '2026-11-25T20:59:59.999Z',
      '2026-11-24T21:00:00Z',
      '1969-12-31T22:00:00Z',
    ];
    expect(days.map((at) => riyadhDateOf(new Date(at)))).toEqual(['2026-11-25', '2026-11-26', '2026-11-25', '2026-11-25', '1970-01-01']);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -2e12, max: 4e12 }), { minLength: 1, maxLength: 20 }), (instants) => {
        for (const ms of instants) expect(riyadhDateOf(new Date(ms))).toBe(new Date(ms + 3 * 3_600_000).toISOString().slice(0, 10));
      }),
    );
    expect(() => riyadhDateOf(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('reads Riyadh dates, weekdays and times', () => {
    expect(riyadhDateOf(new Date('2026-11-25T20:59:00Z'))).toBe('2026-11-25');
    expect(riyadhDateOf(new Date('2026-11-25T21:00:00Z'))).toBe('2026-11-26');
    expect(weekdayOf('2026-11-27')).toBe(5);
    expect(addCalendarDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(parseClockTime('09:30')).toBe(570);
    expect(parseClockTime('24:00')).toBeNull();
    expect(parseClockTime('9:30')).toBeNull();
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(pickupWindowOpensAt('2026-11-26', { from: '10:00', to: '12:00' })).toEqual(new Date('2026-11-26T07:00:00Z'));
  });

  it('accepts a collection day within the week and a window of at least 2 hours inside the hours', () => {
    expect(fields('2026-11-26', '08:00', '10:00')).toEqual([]);
    expect(fields('2026-12-02', '18:00', '20:00')).toEqual([]);
    // Today, with the window open but not over: the courier can still come.
    expect(fields('2026-11-25', '09:00', '12:00')).toEqual([]);
  });

  it('refuses the date: past, beyond 7 days, not a date, a day off (Friday)', () => {
    expect(fields('2026-11-24', '10:00', '12:00')).toEqual(['pickup_date']);
    expect(fields('2026-12-03', '10:00', '12:00')).toEqual(['pickup_date']);
    expect(fields('2026-11-31', '10:00', '12:00')).toEqual(['pickup_date']);
    const friday = checkPickupSlot('2026-11-27', { from: '10:00', to: '12:00' }, SCHEDULE, NOW);
    expect(friday).toEqual([
      { field: 'pickup_date', reason: 'the carrier does not collect on Friday', reason_ar: expect.stringContaining('الجمعة') },
    ]);
  });

  it('holds a window within one of the fixed slots of a carrier that collects in slots, and refuses one across two', () => {
    const slotted: PickupSchedule = {
      ...SCHEDULE,
      hours: { from: '09:00', to: '21:00' },
      slots: [
        { from: '09:00', to: '14:00' },
        { from: '14:00', to: '18:00' },
        { from: '18:00', to: '21:00' },
      ],
    };
    expect(checkPickupSlot('2026-11-26', { from: '14:00', to: '17:00' }, slotted, NOW)).toEqual([]);
    expect(slotHolding(slotted, { from: '14:00', to: '17:00' })).toEqual({ from: '14:00', to: '18:00' });
    expect(slotHolding(slotted, { from: '13:00', to: '15:00' })).toBeUndefined();
    expect(checkPickupSlot('2026-11-26', { from: '13:00', to: '15:00' }, slotted, NOW)).toEqual([
      {
        field: 'window',
        reason: 'the carrier collects in fixed slots (09:00-14:00, 14:00-18:00, 18:00-21:00): the window must lie within one',
        reason_ar: expect.stringContaining('فترات محددة'),
      },
    ]);
    // A carrier without slots takes any window inside its hours.
    expect(slotHolding(SCHEDULE, { from: '13:00', to: '15:00' })).toBeUndefined();
    expect(fields('2026-11-26', '13:00', '15:00')).toEqual([]);
  });

  it('refuses the window: malformed, shorter than 2 hours, outside the hours, over today', () => {
    expect(fields('2026-11-26', '25:00', '12:00')).toEqual(['window.from']);
    expect(fields('2026-11-26', '10:00', '1200')).toEqual(['window.to']);
    expect(fields('2026-11-26', '10:00', '11:59')).toEqual(['window.to']);
    expect(fields('2026-11-26', '12:00', '10:00')).toEqual(['window.to']);
    expect(fields('2026-11-26', '07:59', '10:00')).toEqual(['window.from']);
    expect(fields('2026-11-26', '18:01', '20:01')).toEqual(['window.to']);
    expect(fields('2026-11-25', '08:00', '10:00')).toEqual(['window.to']);
  });

  it('lists date and window problems together', () => {
    expect(fields('2026-11-27', '10:00', '10:30')).toEqual(['pickup_date', 'window.to']);
  });

  it('lets only booked shipments waiting for a courier join, and only a scheduled one go back', () => {
    expect(SHIPMENT_STATUSES.filter(canSchedulePickup)).toEqual(['CREATED', 'LABEL_GENERATED']);
    expect(SHIPMENT_STATUSES.filter(canUnschedulePickup)).toEqual(['PICKUP_SCHEDULED']);
  });
});
