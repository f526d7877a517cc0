/**
 * The grains carrier performance is summed by (docs/adr/0084, "Sums by day, week and month"): a
 * Riyadh day, a week from Sunday (the Saudi working week's first day) and a calendar month, each
 * keyed by its first day (YYYY-MM-DD).
 */
export type PerformanceGrain = 'D' | 'W' | 'M';

/** Whole periods of one grain, by their first days: `from` … `to` inclusive. */
export interface PeriodRange {
  readonly grain: PerformanceGrain;
  readonly from: string;
  readonly to: string;
}

const DAY_MS = 86_400_000;
const time = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const addDays = (day: string, n: number) => dayOf(time(day) + n * DAY_MS);

/** The first day of a day's month. */
export function monthOf(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** The Sunday that starts a day's week. */
export function weekOf(day: string): string {
  return addDays(day, -new Date(time(day)).getUTCDay());
}

/** The first day of the month after a day's. */
function nextMonth(day: string): string {
  return monthOf(addDays(monthOf(day), 31));
}

/**
 * Days `from` … `to` as the fewest whole periods: the months inside the range, then in what is
 * left before and after them the whole weeks, then the single days. Every day of the range is in
 * exactly one period, and every period lies inside the range, so adding the periods' sums gives
 * the days' (a year reads about 31 rows per lane instead of 365; 30 days about 10).
 */
export function coverByPeriods(from: string, to: string): PeriodRange[] {
  if (from > to) return [];
  const firstMonth = from === monthOf(from) ? from : nextMonth(from);
  const afterLastMonth = monthOf(addDays(to, 1)); // months that end inside the range end before this day
  if (firstMonth >= afterLastMonth) return coverByWeeks(from, to);
  return [
    ...coverByWeeks(from, addDays(firstMonth, -1)),
    { grain: 'M', from: firstMonth, to: monthOf(addDays(afterLastMonth, -1)) },
    ...coverByWeeks(afterLastMonth, to),
  ];
}

/** Days `from` … `to` as the whole weeks inside them and the days before and after those. */
function coverByWeeks(from: string, to: string): PeriodRange[] {
  if (from > to) return [];
  const firstWeek = from === weekOf(from) ? from : addDays(weekOf(from), 7);
  const afterLastWeek = weekOf(addDays(to, 1));
  if (firstWeek >= afterLastWeek) return [{ grain: 'D', from, to }];
  const ranges: PeriodRange[] = [];
  if (from < firstWeek) ranges.push({ grain: 'D', from, to: addDays(firstWeek, -1) });
  ranges.push({ grain: 'W', from: firstWeek, to: addDays(afterLastWeek, -7) });
  if (afterLastWeek <= to) ranges.push({ grain: 'D', from: afterLastWeek, to });
  return ranges;
}

/** The periods a day is counted in: its day, its week and its month. */
export function periodsOfDay(day: string): ReadonlyArray<{ grain: PerformanceGrain; period: string }> {
  return [
    { grain: 'D', period: day },
    { grain: 'W', period: weekOf(day) },
    { grain: 'M', period: monthOf(day) },
  ];
}
