import { addCalendarDays, DAY_MS, isCalendarDate, RIYADH_OFFSET_MS, riyadhDateOf, Weekday, weekdayOf } from './pickup-rules';
import { remembered } from '../shared/remembered';

/**
 * The days a carrier's couriers knock on doors (Asia/Riyadh dates). Saudi carriers deliver
 * Saturday to Thursday and rest on Friday and the public holidays; a carrier declares its own
 * days in its descriptor (capabilities.deliveries) where they differ.
 */
export interface DeliveryCalendar {
  readonly days: readonly Weekday[];
  /** Riyadh dates, YYYY-MM-DD, on which nothing is delivered. */
  readonly holidays: readonly string[];
}

/**
 * Saudi public holidays (Founding Day, Eid al-Fitr and Eid al-Adha breaks, National Day) as the
 * Umm al-Qura calendar announces them ahead; the Eid dates move with the moon sighting by a day,
 * which a carrier that declares its own list can correct.
 */
export const SAUDI_PUBLIC_HOLIDAYS: readonly string[] = [
  '2026-02-22',
  '2026-03-19',
  '2026-03-20',
  '2026-03-21',
  '2026-03-22',
  '2026-05-26',
  '2026-05-27',
  '2026-05-28',
  '2026-05-29',
  '2026-09-23',
  '2027-02-22',
  '2027-03-09',
  '2027-03-10',
  '2027-03-11',
  '2027-03-12',
  '2027-05-15',
  '2027-05-16',
  '2027-05-17',
  '2027-05-18',
  '2027-09-23',
];

export const SAUDI_DELIVERY_CALENDAR: DeliveryCalendar = { days: [6, 0, 1, 2, 3, 4], holidays: SAUDI_PUBLIC_HOLIDAYS };

/** Whether the carrier delivers on a Riyadh date. */
export function isDeliveryDay(date: string, calendar: DeliveryCalendar): boolean {
  return isCalendarDate(date) && calendar.days.includes(weekdayOf(date)) && !calendar.holidays.includes(date);
}

/** The first delivery day on or after `date` (a calendar with no day at all answers `date`). */
export function deliveryDayOnOrAfter(date: string, calendar: DeliveryCalendar): string {
  let day = date;
  for (let i = 0; i < 366; i++) {
    if (isDeliveryDay(day, calendar)) return day;
    day = addCalendarDays(day, 1);
  }
  return date;
}

/**
 * Answers per calendar (a carrier's calendar is one object for the life of the process): every
 * quote estimates from today for a handful of transit lengths, so walking the days again for
 * each quote cost POST /rates about 6 % of its CPU.
 */
const counted = new WeakMap<DeliveryCalendar, (key: string) => string>();

/** `count` delivery days after `date` (count 0: the first delivery day on or after it). */
export function addDeliveryDays(date: string, count: number, calendar: DeliveryCalendar): string {
  let countFrom = counted.get(calendar);
  if (!countFrom) {
    countFrom = remembered(10_000, (key) => {
      const [from, n] = key.split('+');
      let day = deliveryDayOnOrAfter(from, calendar);
      for (let i = 0; i < Number(n); i++) day = deliveryDayOnOrAfter(addCalendarDays(day, 1), calendar);
      return day;
    });
    counted.set(calendar, countFrom);
  }
  return countFrom(`${date}+${count}`);
}

/** Riyadh wall-clock "HH:MM" after which a handed-over parcel leaves the next day. */
export const DEFAULT_CUT_OFF = '14:00';

/**
 * When a parcel booked at `bookedAt` should arrive: the service's longest transit in delivery
 * days, counted from the day it leaves (the booking day before the cut-off, the next day after).
 */
export function estimateDeliveryDate(
  bookedAt: Date,
  transitMaxDays: number,
  calendar: DeliveryCalendar,
  cutOff: string = DEFAULT_CUT_OFF,
): string {
  return addDeliveryDays(departureDay(bookedAt, cutOff), Math.max(0, transitMaxDays), calendar);
}

/**
 * The Riyadh day a parcel booked at `bookedAt` leaves. The last answer is kept with the span of
 * instants it holds for (the rest of that side of the cut-off): every quote of a rating, and
 * every booking until the cut-off or midnight, asks for the same one.
 */
function departureDay(bookedAt: Date, cutOff: string): string {
  const ms = bookedAt.getTime();
  if (cutOff === lastDeparture.cutOff && ms >= lastDeparture.from && ms < lastDeparture.until) return lastDeparture.day;
  const today = riyadhDateOf(bookedAt);
  const midnight = Date.parse(`${today}T00:00:00Z`) - RIYADH_OFFSET_MS;
  const cutOffAt = midnight + cutOffMinutes(cutOff) * 60_000;
  lastDeparture =
    ms >= cutOffAt
      ? { cutOff, from: cutOffAt, until: midnight + DAY_MS, day: addCalendarDays(today, 1) }
      : { cutOff, from: midnight, until: cutOffAt, day: today };
  return lastDeparture.day;
}
let lastDeparture = { cutOff: '', from: Number.NaN, until: Number.NaN, day: '' };

/** "HH:MM" as minutes after midnight. */
function cutOffMinutes(cutOff: string): number {
  const [h, m] = cutOff.split(':').map(Number);
  return h * 60 + m;
}
