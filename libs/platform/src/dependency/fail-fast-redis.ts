import type { RedisOptions } from 'ioredis';

/**
 * Options of the api's shared Redis client (rate limits, quotes): fail fast while Redis is away.
 * No offline queue, so a command without a connection fails at once and the request answers
 * 503; a bounded wait for a connected Redis that does not answer; reconnect attempts at most a
 * second apart so that service resumes promptly (docs/adr/0028-dependency-loss.md).
 */
export function failFastRedisOptions(commandTimeoutMs: number): RedisOptions {
  return {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    enableAutoPipelining: true,
    commandTimeout: commandTimeoutMs,
    retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
    lazyConnect: false,
  };
}
