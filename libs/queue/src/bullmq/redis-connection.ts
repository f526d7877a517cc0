import { Redis, RedisOptions } from 'ioredis';

/** REDIS_URL, or ioredis options for setups a URL cannot express (sentinels, TLS files). */
export type RedisConnectionInput = string | RedisOptions;

export function createRedisClient(input: RedisConnectionInput, overrides: RedisOptions): Redis {
  return typeof input === 'string' ? new Redis(input, overrides) : new Redis({ ...input, ...overrides });
}

/**
 * While Redis is away ioredis reports every reconnect attempt; one line per interval is
 * enough to see the outage without flooding the log.
 */
export function throttled(intervalMs: number, fn: (err: Error) => void): (err: Error) => void {
  let last = 0;
  return (err) => {
    const now = Date.now();
    if (now - last < intervalMs) return;
    last = now;
    fn(err);
  };
}

export function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
