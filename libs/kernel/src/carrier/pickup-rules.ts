import { ShipmentStatus } from '../shipment-status/shipment-status';

/**
 * Courier collections (pickups). A carrier declares when it collects; the gateway checks a
 * requested slot against that before any carrier call. Times are Riyadh wall-clock times:
 * Saudi Arabia keeps UTC+03:00 all year, so the offset is a constant.
 */
export const RIYADH_OFFSET_MS = 3 * 60 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The shortest window a merchant may offer the courier. */
export const PICKUP_MIN_WINDOW_MINUTES = 120;
/** How far ahead a collection may be booked, in days after today (Riyadh). */
export const PICKUP_MAX_DAYS_AHEAD = 7;

export const PICKUP_STATUSES = ['SCHEDULED', 'CANCELLED', 'COMPLETED'] as const;
export type PickupStatus = (typeof PICKUP_STATUSES)[number];

/** Weekdays as Date.getUTCDay numbers them: 0 = Sunday … 5 = Friday, 6 = Saturday. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** When a carrier collects, declared by the carrier itself. */
export interface PickupSchedule {
  readonly collectionDays: readonly Weekday[];
  /** Riyadh wall-clock "HH:MM" bounds: the courier comes between them. */
  readonly hours: PickupWindow;
  /**
   * The fixed slots the carrier collects in (Aymakan's morning, afternoon, evening), inside
   * `hours`: a requested window must lie within one, and the courier comes within that slot.
   * Absent: any window within `hours`.
   */
  readonly slots?: readonly PickupWindow[];
  /**
   * `counted`: the carrier's collection request carries how many parcels, not their numbers
   * (Aymakan); the gateway still records which shipments a collection takes. Absent: `named`.
   */
  readonly parcels?: 'named' | 'counted';
}

/** The slot of a schedule with fixed slots that holds the whole window, or undefined. */
export function slotHolding(schedule: PickupSchedule, window: PickupWindow): PickupWindow | undefined {
  const from = parseClockTime(window.from);
  const to = parseClockTime(window.to);
  if (from === null || to === null) return undefined;
  return schedule.slots?.find((slot) => (parseClockTime(slot.from) ?? 0) <= from && to <= (parseClockTime(slot.to) ?? 24 * 60));
}

export interface PickupWindow {
  readonly from: string;
  readonly to: string;
}

export interface PickupProblem {
  readonly field: string;
  readonly reason: string;
  readonly reason_ar: string;
}

/** Shipments a collection may take: booked and not yet handed over nor in another collection. */
export const PICKUP_SCHEDULABLE_STATUSES = ['CREATED', 'LABEL_GENERATED'] as const satisfies readonly ShipmentStatus[];

export function canSchedulePickup(status: ShipmentStatus): boolean {
  return (PICKUP_SCHEDULABLE_STATUSES as readonly ShipmentStatus[]).includes(status);
}

/**
 * The one backward step of the lifecycle: a collection cancelled before the courier came puts
 * its shipments back where they were before it (PICKUP_SCHEDULED → LABEL_GENERATED). Carrier
 * reports never move a shipment backwards (canTransition); only this gateway action does.
 */
export function canUnschedulePickup(status: ShipmentStatus): boolean {
  return status === 'PICKUP_SCHEDULED';
}

/** Minutes since midnight of an "HH:MM" time, or null when malformed. */
export function parseClockTime(value: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** True for a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
}

/** The Riyadh calendar date of an instant, YYYY-MM-DD. */
export function riyadhDateOf(at: Date): string {
  const ms = at.getTime();
  // Every quote of a rating (and most calls in a day) asks for the same day: the last one is kept.
  if (ms >= lastDay.from && ms < lastDay.from + DAY_MS) return lastDay.date;
  const date = new Date(ms + RIYADH_OFFSET_MS).toISOString().slice(0, 10);
  lastDay = { from: Date.parse(`${date}T00:00:00Z`) - RIYADH_OFFSET_MS, date };
  return date;
}
let lastDay = { from: Number.NaN, date: '' };

export function addCalendarDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function weekdayOf(date: string): Weekday {
  return new Date(`${date}T00:00:00Z`).getUTCDay() as Weekday;
}

/** The instant a Riyadh date and "HH:MM" time name. */
export function riyadhInstant(date: string, time: string): Date {
  const minutes = parseClockTime(time) ?? 0;
  return new Date(Date.parse(`${date}T00:00:00Z`) + minutes * 60_000 - RIYADH_OFFSET_MS);
}

/** The last millisecond of a Riyadh calendar date (YYYY-MM-DD). */
export function endOfRiyadhDay(date: string): Date {
  return new Date(riyadhInstant(date, '00:00').getTime() + DAY_MS - 1);
}

/** When the courier may first come: cancelling is possible only before this instant. */
export function pickupWindowOpensAt(date: string, window: PickupWindow): Date {
  return riyadhInstant(date, window.from);
}

const WEEKDAY_NAMES: Record<Weekday, { en: string; ar: string }> = {
  0: { en: 'Sunday', ar: 'الأحد' },
  1: { en: 'Monday', ar: 'الاثنين' },
  2: { en: 'Tuesday', ar: 'الثلاثاء' },
  3: { en: 'Wednesday', ar: 'الأربعاء' },
  4: { en: 'Thursday', ar: 'الخميس' },
  5: { en: 'Friday', ar: 'الجمعة' },
  6: { en: 'Saturday', ar: 'السبت' },
};

/**
 * Every problem with a requested slot, in field order: the date (a real date, not in the past,
 * at most PICKUP_MAX_DAYS_AHEAD days ahead, a collection day of the carrier), then the window
 * (HH:MM times, at least PICKUP_MIN_WINDOW_MINUTES long, inside the carrier's hours and within
 * one of its slots where it collects in fixed slots, and not already over when it is today).
 */
export function checkPickupSlot(date: string, window: PickupWindow, schedule: PickupSchedule, now: Date): PickupProblem[] {
  const problems: PickupProblem[] = [];
  const today = riyadhDateOf(now);
  if (!isCalendarDate(date)) {
    problems.push({ field: 'pickup_date', reason: 'must be a date YYYY-MM-DD', reason_ar: 'يجب أن يكون تاريخاً بصيغة YYYY-MM-DD' });
  } else if (date < today) {
    problems.push({
      field: 'pickup_date',
      reason: 'must not be in the past (Asia/Riyadh)',
      reason_ar: 'يجب ألا يكون التاريخ في الماضي (بتوقيت الرياض)',
    });
  } else if (date > addCalendarDays(today, PICKUP_MAX_DAYS_AHEAD)) {
    problems.push({
      field: 'pickup_date',
      reason: `must be at most ${PICKUP_MAX_DAYS_AHEAD} days ahead`,
      reason_ar: `يجب ألا يتجاوز التاريخ ${PICKUP_MAX_DAYS_AHEAD} أيام من اليوم`,
    });
  } else if (!schedule.collectionDays.includes(weekdayOf(date))) {
    const day = WEEKDAY_NAMES[weekdayOf(date)];
    problems.push({
      field: 'pickup_date',
      reason: `the carrier does not collect on ${day.en}`,
      reason_ar: `شركة الشحن لا تستلم الشحنات يوم ${day.ar}`,
    });
  }

  const from = parseClockTime(window.from);
  const to = parseClockTime(window.to);
  if (from === null) problems.push({ field: 'window.from', reason: 'must be a time HH:MM', reason_ar: 'يجب أن يكون وقتاً بصيغة HH:MM' });
  if (to === null) problems.push({ field: 'window.to', reason: 'must be a time HH:MM', reason_ar: 'يجب أن يكون وقتاً بصيغة HH:MM' });
  if (from === null || to === null) return problems;
  const open = parseClockTime(schedule.hours.from) ?? 0;
  const close = parseClockTime(schedule.hours.to) ?? 24 * 60;
  if (to - from < PICKUP_MIN_WINDOW_MINUTES) {
    problems.push({
      field: 'window.to',
      reason: `the window must be at least ${PICKUP_MIN_WINDOW_MINUTES / 60} hours long`,
      reason_ar: `يجب ألا تقل مدة نافذة الاستلام عن ${PICKUP_MIN_WINDOW_MINUTES / 60} ساعات`,
    });
  } else if (from < open) {
    problems.push({
      field: 'window.from',
      reason: `must not be before the carrier's collection hours (${schedule.hours.from}-${schedule.hours.to})`,
      reason_ar: `يجب ألا يسبق ساعات الاستلام لدى شركة الشحن (${schedule.hours.from}-${schedule.hours.to})`,
    });
  } else if (to > close) {
    problems.push({
      field: 'window.to',
      reason: `must not be after the carrier's collection hours (${schedule.hours.from}-${schedule.hours.to})`,
      reason_ar: `يجب ألا يتجاوز ساعات الاستلام لدى شركة الشحن (${schedule.hours.from}-${schedule.hours.to})`,
    });
  } else if (schedule.slots && !slotHolding(schedule, window)) {
    const slots = schedule.slots.map((slot) => `${slot.from}-${slot.to}`).join(', ');
    problems.push({
      field: 'window',
      reason: `the carrier collects in fixed slots (${slots}): the window must lie within one`,
      reason_ar: `تستلم شركة الشحن في فترات محددة (${slots}): يجب أن تقع النافذة ضمن إحداها`,
    });
  } else if (date === today && riyadhInstant(date, window.to).getTime() <= now.getTime()) {
    problems.push({ field: 'window.to', reason: 'the window is already over', reason_ar: 'انتهت نافذة الاستلام بالفعل' });
  }
  return problems;
}
