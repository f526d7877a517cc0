import { RateLimitBucket, RateLimitDecision, RateLimiterPort } from '@lgw/kernel';

export const WINDOW_MS = 60_000;

/** Single-process limiter for embedded mode; also the fallback while Redis is unreachable. */
export class InMemoryRateLimiter implements RateLimiterPort {
  private readonly buckets = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async consume(bucket: string, limit: number): Promise<RateLimitDecision> {
    return this.consumeSync(bucket, limit);
  }

  async consumeAll(buckets: readonly RateLimitBucket[]): Promise<RateLimitDecision[]> {
    return this.consumeAllSync(buckets);
  }

  consumeAllSync(buckets: readonly RateLimitBucket[]): RateLimitDecision[] {
    return buckets.map(({ bucket, limit }) => this.consumeSync(bucket, limit));
  }

  consumeSync(bucket: string, limit: number): RateLimitDecision {
    const now = this.now();
    this.sweep(now);
    let entry = this.buckets.get(bucket);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + WINDOW_MS };
      this.buckets.set(bucket, entry);
    }
    entry.count += 1;
    return {
      allowed: entry.count <= limit,
      limit,
      remaining: Math.max(0, limit - entry.count),
      resetMs: entry.resetAt - now,
    };
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < WINDOW_MS) return;
    this.lastSweep = now;
    for (const [key, entry] of this.buckets) if (entry.resetAt <= now) this.buckets.delete(key);
  }
}
