/**
 * Billing periods are calendar months in Asia/Riyadh. Saudi Arabia keeps UTC+03:00 all year
 * (no daylight saving), so the offset is a constant and no time-zone database is needed.
 */
export const BILLING_TIME_ZONE = 'Asia/Riyadh';
const RIYADH_OFFSET_MS = 3 * 60 * 60 * 1000;

export interface BillingPeriod {
  /** "2026-11": the month, also the period's key in ids. */
  readonly key: string;
  /** First day, YYYY-MM-DD (Riyadh calendar). */
  readonly start: string;
  /** Last day, YYYY-MM-DD (Riyadh calendar). */
  readonly end: string;
  /** The instant the period starts: 00:00 Riyadh time on its first day. */
  readonly startsAt: Date;
  /** The instant the next period starts (exclusive end). */
  readonly endsBefore: Date;
}

/** The Riyadh calendar month an instant falls in. */
export function billingPeriodOf(at: Date): BillingPeriod {
  const riyadh = new Date(at.getTime() + RIYADH_OFFSET_MS);
  return billingPeriodFor(riyadh.getUTCFullYear(), riyadh.getUTCMonth() + 1);
}

/** The period of a month (1–12) of a year. */
export function billingPeriodFor(year: number, month: number): BillingPeriod {
  if (!Number.isInteger(year) || year < 2000 || year > 9999 || !Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError(`no billing period for ${year}-${month}`);
  }
  const startsAt = new Date(Date.UTC(year, month - 1, 1) - RIYADH_OFFSET_MS);
  const endsBefore = new Date(Date.UTC(year, month, 1) - RIYADH_OFFSET_MS);
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return {
    key: `${year}-${mm}`,
    start: `${year}-${mm}-01`,
    end: `${year}-${mm}-${String(lastDay).padStart(2, '0')}`,
    startsAt,
    endsBefore,
  };
}

/** "2026-11" → its period; null for anything else. */
export function parseBillingPeriodKey(key: string): BillingPeriod | null {
  const match = /^(\d{4})-(\d{2})$/.exec(key);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (year < 2000 || month < 1 || month > 12) return null;
  return billingPeriodFor(year, month);
}

/** The period before this one (newest-first listings walk back with it). */
export function previousBillingPeriod(period: BillingPeriod): BillingPeriod {
  return billingPeriodOf(new Date(period.startsAt.getTime() - 1));
}

/**
 * The instant a Riyadh calendar day (YYYY-MM-DD) starts, 00:00 Riyadh time; null when the text
 * is not a real day of the calendar ("2026-02-30").
 */
export function riyadhDayStart(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = new Date(Date.UTC(year, month - 1, date));
  if (year < 2000 || utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== date) return null;
  return new Date(utc.getTime() - RIYADH_OFFSET_MS);
}

/** The instant the Riyadh day after `day` starts (the exclusive end of `day`). */
export function riyadhDayEnd(day: string): Date | null {
  const start = riyadhDayStart(day);
  return start && new Date(start.getTime() + 24 * 60 * 60 * 1000);
}
