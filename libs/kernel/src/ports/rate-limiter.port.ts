export interface RateLimitDecision {
  readonly allowed: boolean;
  readonly limit: number;
  /** Requests left in the window after this one (59 after the first of 60). */
  readonly remaining: number;
  /** Milliseconds until the window that counted this request ends. */
  readonly resetMs: number;
}

/**
 * One bucket per key for every route. The window opens at the bucket's first request and
 * lasts a minute: never clock-aligned, which would admit twice the limit across a boundary.
 */
export interface RateLimiterPort {
  consume(bucket: string, limit: number): Promise<RateLimitDecision>;
}

export const RATE_LIMITER = Symbol('RATE_LIMITER');
