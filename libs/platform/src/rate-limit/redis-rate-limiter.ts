import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RateLimitDecision, RateLimiterPort } from '@lgw/application';
import { InMemoryRateLimiter, WINDOW_MS } from './in-memory-rate-limiter';

/**
 * Takes up to ARGV[2] request numbers of the window in one step (docs/adr/0069): INCRBY and the
 * window's expiry in one script, so concurrent requests on any number of replicas are numbered
 * exactly once each and the window opens at the first request. A window with nothing left still
 * counts one more (the refused request), as a plain INCR did. Returns the last number taken, the
 * window's time left and how many were taken.
 */
export const CONSUME_SCRIPT = `
local want = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
local ttl = redis.call('PTTL', KEYS[1])
local count = 0
if ttl ~= -2 then count = tonumber(redis.call('GET', KEYS[1])) end
local take = limit - count
if take > want then take = want end
if take < 1 then take = 1 end
local last = redis.call('INCRBY', KEYS[1], take)
if last == take or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {last, ttl, take}
`;

/**
 * While degraded, one request per interval asks Redis whether it is back; the others count in
 * memory at once, so a Redis that hangs (accepts but does not answer) costs one command timeout
 * per interval, not one per request.
 */
const PROBE_EVERY_MS = 1_000;

/**
 * How many request numbers a replica takes at once for a key allowed `limit` a minute: one below
 * 1,000 a minute (every request asks Redis, the count is exact), then a thousandth of the limit,
 * at most 1,000. Numbers a replica took and did not use by the window's end are lost: at most
 * a thousandth of the limit per replica and window is refused early, never admitted beyond it.
 */
export function leaseSize(limit: number): number {
  return Math.max(1, Math.min(1_000, Math.floor(limit / 1_000)));
}

/** Request numbers of one window this replica holds: `next` to `last`, until `endsAt`. */
interface Lease {
  limit: number;
  next: number;
  last: number;
  endsAt: number;
}

export class RedisRateLimiter implements RateLimiterPort {
  private readonly fallback = new InMemoryRateLimiter();
  private readonly leases = new Map<string, Lease>();
  /** One Redis call per bucket at a time: requests arriving meanwhile wait for its numbers. */
  private readonly taking = new Map<string, Promise<void>>();
  private degradedSince = 0;
  private lastProbe = 0;
  private lastSweep = 0;

  constructor(
    private readonly redis: Redis,
    private readonly logger?: Logger,
    private readonly keyPrefix = 'lgw:rl:',
    private readonly now: () => number = Date.now,
  ) {
    redis.defineCommand('lgwConsume', { numberOfKeys: 1, lua: CONSUME_SCRIPT });
  }

  async consume(bucket: string, limit: number): Promise<RateLimitDecision> {
    for (;;) {
      const held = this.fromLease(bucket, limit);
      if (held) return held;
      if (this.degradedSince) {
        const now = this.now();
        if (now - this.lastProbe < PROBE_EVERY_MS) return this.fallback.consumeSync(bucket, limit);
        this.lastProbe = now;
      }
      const size = leaseSize(limit);
      if (size === 1) return this.take(bucket, limit, 1);
      const pending = this.taking.get(bucket);
      if (pending) {
        await pending;
        continue;
      }
      let decision: RateLimitDecision | undefined;
      const call = this.take(bucket, limit, size).then((d) => {
        decision = d;
      });
      this.taking.set(bucket, call);
      try {
        await call;
      } finally {
        this.taking.delete(bucket);
      }
      return decision!;
    }
  }

  /** The next number of a lease this replica holds for the bucket, if one is left. */
  private fromLease(bucket: string, limit: number): RateLimitDecision | null {
    const lease = this.leases.get(bucket);
    if (!lease) return null;
    const now = this.now();
    if (lease.next > lease.last || now >= lease.endsAt || lease.limit !== limit) {
      this.leases.delete(bucket);
      return null;
    }
    return decide(lease.next++, limit, lease.endsAt - now);
  }

  /** Takes `want` numbers from Redis; the first answers this request, the rest are kept. */
  private async take(bucket: string, limit: number, want: number): Promise<RateLimitDecision> {
    try {
      const [last, ttl, taken] = (await (this.redis as unknown as LimiterCommands).lgwConsume(
        this.keyPrefix + bucket,
        WINDOW_MS,
        want,
        limit,
      )) as [number, number, number];
      if (this.degradedSince) {
        this.logger?.info({ event: 'rate_limit.redis_recovered' }, 'rate limiter back on Redis');
        this.degradedSince = 0;
      }
      const first = last - taken + 1;
      const now = this.now();
      if (want > 1 && (taken > 1 || first > limit)) {
        // Past the limit, the rest of the window is refused here without asking again: the
        // count in Redis only grows until the window ends.
        this.sweep(now);
        this.leases.set(bucket, { limit, next: first + 1, last: first > limit ? Number.MAX_SAFE_INTEGER : last, endsAt: now + ttl });
      }
      return decide(first, limit, ttl);
    } catch (error) {
      // Availability over exactness: while Redis is away each replica limits on its own.
      if (!this.degradedSince) {
        this.degradedSince = this.lastProbe = this.now();
        this.logger?.warn({ event: 'rate_limit.redis_unavailable', err: (error as Error).message }, 'rate limiter degraded to in-memory');
      }
      return this.fallback.consumeSync(bucket, limit);
    }
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < WINDOW_MS) return;
    this.lastSweep = now;
    for (const [bucket, lease] of this.leases) if (lease.endsAt <= now) this.leases.delete(bucket);
  }
}

/** Request number `n` of the window: admitted while within the limit; what is left after it. */
function decide(n: number, limit: number, resetMs: number): RateLimitDecision {
  return { allowed: n <= limit, limit, remaining: Math.max(0, limit - n), resetMs };
}

interface LimiterCommands {
  lgwConsume(key: string, windowMs: number, want: number, limit: number): Promise<unknown>;
}
