import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RateLimitDecision, RateLimiterPort } from '@lgw/kernel';
import { InMemoryRateLimiter, WINDOW_MS } from './in-memory-rate-limiter';

/**
 * INCR and the window's expiry in one script, so concurrent requests on any number of
 * replicas are counted exactly once each and the window opens at the first request.
 */
export const CONSUME_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

/**
 * While degraded, one request per interval asks Redis whether it is back; the others count in
 * memory at once, so a Redis that hangs (accepts but does not answer) costs one command timeout
 * per interval, not one per request.
 */
const PROBE_EVERY_MS = 1_000;

export class RedisRateLimiter implements RateLimiterPort {
  private readonly fallback = new InMemoryRateLimiter();
  private degradedSince = 0;
  private lastProbe = 0;

  constructor(
    private readonly redis: Redis,
    private readonly logger?: Logger,
    private readonly keyPrefix = 'lgw:rl:',
  ) {
    redis.defineCommand('lgwConsume', { numberOfKeys: 1, lua: CONSUME_SCRIPT });
  }

  async consume(bucket: string, limit: number): Promise<RateLimitDecision> {
    if (this.degradedSince) {
      const now = Date.now();
      if (now - this.lastProbe < PROBE_EVERY_MS) return this.fallback.consumeSync(bucket, limit);
      this.lastProbe = now;
    }
    try {
      const [count, ttl] = (await (this.redis as unknown as LimiterCommands).lgwConsume(this.keyPrefix + bucket, WINDOW_MS)) as [
        number,
        number,
      ];
      if (this.degradedSince) {
        this.logger?.info({ event: 'rate_limit.redis_recovered' }, 'rate limiter back on Redis');
        this.degradedSince = 0;
      }
      return { allowed: count <= limit, limit, remaining: Math.max(0, limit - count), resetMs: ttl };
    } catch (error) {
      // Availability over exactness: while Redis is away each replica limits on its own.
      if (!this.degradedSince) {
        this.degradedSince = this.lastProbe = Date.now();
        this.logger?.warn({ event: 'rate_limit.redis_unavailable', err: (error as Error).message }, 'rate limiter degraded to in-memory');
      }
      return this.fallback.consumeSync(bucket, limit);
    }
  }
}

interface LimiterCommands {
  lgwConsume(key: string, windowMs: number): Promise<unknown>;
}
