import { cityKeysOf, remembered, riyadhDateOf, ShipmentStatus } from '@lgw/kernel';

/**
 * Carrier performance from the team's own deliveries (docs/adr/0084): each shipment counts once,
 * when it reaches a final status, into the bucket of its carrier, service, lane (origin and
 * destination city) and the Riyadh day of that status.
 */

/** Statuses after which nothing about a shipment's delivery changes; each is counted once. */
export const PERFORMANCE_FINAL_STATUSES: readonly ShipmentStatus[] = ['DELIVERED', 'RETURNED', 'LOST'];

/** Quotes show an on-time rate only from this many deliveries on the lane; fewer says too little. */
export const MIN_DELIVERED_FOR_ON_TIME_RATE = 20;
/** Quotes judge a lane on its recent record: carriers change. */
export const QUOTE_ON_TIME_WINDOW_DAYS = 90;
/** Transit days above this share one histogram bucket (a parcel a quarter late is late either way). */
export const MAX_TRANSIT_DAYS_BUCKET = 90;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The Riyadh calendar day (YYYY-MM-DD) of an instant: the kernel's, which keeps the last day asked. */
export const riyadhDay: (at: Date) => string = riyadhDateOf;

/** Whole Riyadh calendar days from one instant's day to another's. */
export function riyadhDaysBetween(from: Date, to: Date): number {
  return Math.round((Date.parse(riyadhDay(to)) - Date.parse(riyadhDay(from))) / DAY_MS);
}

/** The Riyadh day `days` before the instant's day. */
export function riyadhDayMinus(at: Date, days: number): string {
  return riyadhDay(new Date(at.getTime() - days * DAY_MS));
}

/** Cities recur on every rating: their keys are kept (bounded, for spellings nobody else uses). */
const CITY_KEYS_KEPT = 4096;

/**
 * One key per city whatever its spelling: every spelling the address rules take for the same
 * city (Arabic and Latin, with or without the article) gives the same key.
 */
export const laneCityKey: (city: string) => string = remembered(CITY_KEYS_KEPT, (city) => {
  const keys = [...cityKeysOf(city)].sort();
  return keys[0] ?? '';
});

/** What the tracking history says about a shipment that reached a final status. */
export interface FinishedShipment {
  readonly status: ShipmentStatus;
  readonly bookedAt: Date;
  /** When the carrier reported the final status. */
  readonly finishedAt: Date;
  /** The delivery estimate the shipment carries; null where none was made. */
  readonly estimatedDeliveryAt: Date | null;
  /** The service's declared transit days (its maximum): the estimate when the shipment has none. */
  readonly declaredTransitMaxDays: number;
  /** Failed delivery attempts reported before the final status. */
  readonly failedAttempts: number;
}

export interface DeliveryOutcome {
  readonly day: string;
  readonly delivered: boolean;
  readonly onTime: boolean;
  readonly firstAttempt: boolean;
  readonly returned: boolean;
  /** Riyadh calendar days from booking to delivery; null when not delivered. */
  readonly transitDays: number | null;
}

/**
 * How one shipment counts. On time: delivered on or before the Riyadh day of its estimate (else of
 * booking plus the service's declared transit days). First attempt: delivered with no failed
 * attempt before. Returned: RETURNED. LOST counts as a shipment that was neither.
 */
export function deliveryOutcome(s: FinishedShipment): DeliveryOutcome {
  const day = riyadhDay(s.finishedAt);
  const delivered = s.status === 'DELIVERED';
  const estimate = s.estimatedDeliveryAt ?? new Date(s.bookedAt.getTime() + s.declaredTransitMaxDays * DAY_MS);
  return {
    day,
    delivered,
    onTime: delivered && day <= riyadhDay(estimate),
    firstAttempt: delivered && s.failedAttempts === 0,
    returned: s.status === 'RETURNED',
    transitDays: delivered ? Math.min(Math.max(0, riyadhDaysBetween(s.bookedAt, s.finishedAt)), MAX_TRANSIT_DAYS_BUCKET) : null,
  };
}

/**
 * The nearest-rank percentile (0 < p ≤ 1) of a histogram of transit days: the smallest number of
 * days that at least p of the deliveries took no more than. Null for no deliveries.
 */
export function histogramPercentile(histogram: ReadonlyMap<number, number>, p: number): number | null {
  const days = [...histogram.keys()].sort((a, b) => a - b);
  const total = days.reduce((sum, d) => sum + (histogram.get(d) ?? 0), 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(p * total));
  let seen = 0;
  for (const d of days) {
    seen += histogram.get(d) ?? 0;
    if (seen >= rank) return d;
  }
  return days[days.length - 1];
}

/** A share to four decimals; null with nothing to divide by. */
export function rate(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null;
}

/** What a quote shows: the lane's on-time rate, or null below the deliveries that make it meaningful. */
export function quoteOnTimeRate(record: { readonly delivered: number; readonly onTime: number } | undefined): number | null {
  if (!record || record.delivered < MIN_DELIVERED_FOR_ON_TIME_RATE) return null;
  return rate(record.onTime, record.delivered);
}
