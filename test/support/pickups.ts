import { CARRIERS } from '@lgw/carriers';
import { addCalendarDays, parseClockTime, PickupSchedule, riyadhDateOf, weekdayOf } from '@lgw/kernel';

/** The registered carriers that declare collections: suites iterate these, never a list of codes. */
export const PICKUP_CARRIERS: ReadonlyArray<{ code: string; schedule: PickupSchedule }> = CARRIERS.filter(
  (c) => c.descriptor.capabilities.pickups,
).map((c) => ({ code: c.descriptor.code, schedule: c.descriptor.capabilities.pickups as PickupSchedule }));

export function pickupScheduleOf(code: string): PickupSchedule {
  const found = PICKUP_CARRIERS.find((c) => c.code === code);
  if (!found) throw new Error(`${code} does not collect`);
  return found.schedule;
}

export const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const bookableWeek = () => {
  const today = riyadhDateOf(new Date());
  return [1, 2, 3, 4, 5, 6, 7].map((n) => addCalendarDays(today, n));
};

/** A date 1–7 days ahead (Riyadh) the carrier collects on, and a 3-hour window at its opening time. */
export function pickupSlotFor(code: string): { pickup_date: string; window: { from: string; to: string } } {
  return pickupSlotIn(pickupScheduleOf(code), code);
}

/**
 * The same from a declared calendar (`capabilities.pickups`, weekdays 0 = Sunday): the first
 * collection day of the coming week, a window from the opening time of up to 3 hours that ends
 * by the closing time.
 */
export function pickupSlotIn(
  schedule: PickupSchedule,
  label = 'the carrier',
): { pickup_date: string; window: { from: string; to: string } } {
  const date = bookableWeek().find((d) => schedule.collectionDays.includes(weekdayOf(d)));
  if (!date) throw new Error(`${label} collects on no day of the coming week`);
  // A carrier that collects in fixed slots: within its first slot.
  const hours = schedule.slots?.[0] ?? schedule.hours;
  const open = parseClockTime(hours.from) ?? 0;
  const close = parseClockTime(hours.to) ?? open + 180;
  return { pickup_date: date, window: { from: hhmm(open), to: hhmm(Math.min(open + 180, close)) } };
}

/** A date within the bookable week the carrier does not collect on. */
export function pickupDayOffFor(code: string): string | undefined {
  const schedule = pickupScheduleOf(code);
  return bookableWeek().find((d) => !schedule.collectionDays.includes(weekdayOf(d)));
}
