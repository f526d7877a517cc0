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
  /**
   * Every bucket counts this request (each its own window), in one step: a request that spends
   * several budgets (a link's and its reader's address) pays one round trip, not one per budget.
   * Decisions come in the order the buckets were given.
   */
  consumeAll(buckets: readonly RateLimitBucket[]): Promise<RateLimitDecision[]>;
}

export interface RateLimitBucket {
  readonly bucket: string;
  readonly limit: number;
}

export const RATE_LIMITER = Symbol('RATE_LIMITER');
