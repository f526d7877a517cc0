import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RateLimitBucket, RateLimitDecision, RateLimiterPort } from '@lgw/kernel';
import { InMemoryRateLimiter, WINDOW_MS } from './in-memory-rate-limiter';

/**
 * INCR and the window's expiry in one script, for every key given (a request may spend several
 * budgets), so concurrent requests on any number of replicas are counted exactly once each and
 * each window opens at its key's first request. Answers {count1, ttl1, count2, ttl2, ...}.
 */
export const CONSUME_SCRIPT = `
local out = {}
for i, key in ipairs(KEYS) do
  local count = redis.call('INCR', key)
  local ttl = redis.call('PTTL', key)
  if count == 1 or ttl < 0 then
    redis.call('PEXPIRE', key, ARGV[1])
    ttl = tonumber(ARGV[1])
  end
  out[2 * i - 1] = count
  out[2 * i] = ttl
end
return out
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
    // The key count varies per call: ioredis takes it as the first argument.
    redis.defineCommand('lgwConsume', { lua: CONSUME_SCRIPT });
  }

  async consume(bucket: string, limit: number): Promise<RateLimitDecision> {
    const [decided] = await this.consumeAll([{ bucket, limit }]);
    return decided;
  }

  async consumeAll(buckets: readonly RateLimitBucket[]): Promise<RateLimitDecision[]> {
    if (buckets.length === 0) return [];
    if (this.skipRedis()) return this.fallback.consumeAllSync(buckets);
    try {
      const keys = buckets.map(({ bucket }) => this.keyPrefix + bucket);
      const counts = (await (this.redis as unknown as LimiterCommands).lgwConsume(keys.length, ...keys, WINDOW_MS)) as number[];
      this.answered();
      return buckets.map(({ limit }, i) => decision(limit, counts[2 * i], counts[2 * i + 1]));
    } catch (error) {
      this.failed(error);
      return this.fallback.consumeAllSync(buckets);
    }
  }

  /** While degraded, Redis is asked again once per probe interval only. */
  private skipRedis(): boolean {
    if (!this.degradedSince) return false;
    const now = Date.now();
    if (now - this.lastProbe < PROBE_EVERY_MS) return true;
    this.lastProbe = now;
    return false;
  }

  private answered(): void {
    if (!this.degradedSince) return;
    this.logger?.info({ event: 'rate_limit.redis_recovered' }, 'rate limiter back on Redis');
    this.degradedSince = 0;
  }

  /** Availability over exactness: while Redis is away each replica limits on its own. */
  private failed(error: unknown): void {
    if (this.degradedSince) return;
    this.degradedSince = this.lastProbe = Date.now();
    this.logger?.warn({ event: 'rate_limit.redis_unavailable', err: (error as Error).message }, 'rate limiter degraded to in-memory');
  }
}

function decision(limit: number, count: number, ttl: number): RateLimitDecision {
  return { allowed: count <= limit, limit, remaining: Math.max(0, limit - count), resetMs: ttl };
}

interface LimiterCommands {
  lgwConsume(keyCount: number, ...keysThenWindowMs: Array<string | number>): Promise<unknown>;
}
