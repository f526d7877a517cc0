import Redis from 'ioredis';
import pino from 'pino';
import { failFastRedisOptions, RedisRateLimiter } from '@lgw/platform';
import { sleep } from '../support/eventually';
import { PrivateRedis } from '../support/private-services';

/**
 * The api's rate limiter on the api's own Redis client options, against a private redis-server
 * that the test kills, hangs and brings back (docs/adr/0028-dependency-loss.md).
 */
describe('rate limiting while Redis is away: in memory per replica, back on Redis by itself', () => {
  let server: PrivateRedis;
  let client: Redis;
  const events: string[] = [];
  let limiter: RedisRateLimiter;
  const logger = pino({ level: 'info' }, { write: (line: string) => events.push(JSON.parse(line).event) });

  beforeAll(async () => {
    server = await PrivateRedis.start();
    client = new Redis(server.url, failFastRedisOptions(1_000));
    client.on('error', () => undefined);
    await new Promise((r) => client.once('ready', r));
    limiter = new RedisRateLimiter(client, logger);
  });
  afterAll(async () => {
    client.disconnect();
    await server.stop();
  });

  const timed = async (bucket: string, limit: number) => {
    const started = performance.now();
    const decision = await limiter.consume(bucket, limit);
    return { ...decision, ms: performance.now() - started };
  };

  it('counts several buckets in one step, each in its own window, as one at a time would', async () => {
    expect((await limiter.consume('m1', 3)).remaining).toBe(2);
    const rounds = [];
    for (let i = 0; i < 3; i++) {
      rounds.push(
        await limiter.consumeAll([
          { bucket: 'm1', limit: 3 },
          { bucket: 'm2', limit: 2 },
        ]),
      );
    }
    expect(rounds.map((r) => r.map((d) => [d.allowed, d.remaining]))).toEqual([
      [
        [true, 1],
        [true, 1],
      ],
      [
        [true, 0],
        [true, 0],
      ],
      [
        [false, 0],
        [false, 0],
      ],
    ]);
    // Each bucket's window opened at its own first request and ends within the minute.
    for (const d of rounds[2]) expect(d.resetMs).toBeGreaterThan(0);
    for (const d of rounds[2]) expect(d.resetMs).toBeLessThanOrEqual(60_000);
    expect(Number(await client.pttl('lgw:rl:m2'))).toBeGreaterThan(0);
    expect(await client.get('lgw:rl:m1')).toBe('4');
    expect(await limiter.consumeAll([])).toEqual([]);
  });

  it('counts in Redis, falls back to memory at once when Redis dies, and returns when it is back', async () => {
    expect((await timed('k1', 5)).remaining).toBe(4);
    expect((await timed('k1', 5)).remaining).toBe(3);
    await server.stop();

    const during = [];
    for (let i = 0; i < 6; i++) during.push(await timed('k1', 5));
    // A fresh window in this replica's memory: five admitted, the sixth refused.
    expect(during.map((d) => d.allowed)).toEqual([true, true, true, true, true, false]);
    expect(Math.max(...during.map((d) => d.ms))).toBeLessThan(50);
    expect(events.filter((e) => e === 'rate_limit.redis_unavailable')).toHaveLength(1);
    // Several buckets at once count in the same memory while Redis is away.
    const both = await limiter.consumeAll([
      { bucket: 'k1', limit: 7 },
      { bucket: 'k2', limit: 7 },
    ]);
    expect(both.map((d) => d.remaining)).toEqual([0, 6]);

    await server.start();
    let back = false;
    for (let i = 0; i < 40 && !back; i++) {
      await sleep(100);
      // Memory has k1 used up; the restarted Redis is empty, so there k1's window starts again.
      back = (await timed('k1', 5)).remaining === 4;
    }
    expect(back).toBe(true);
    expect(events).toContain('rate_limit.redis_recovered');
  });

  it('a Redis that hangs costs one command timeout per second, not one per request', async () => {
    expect((await timed('k3', 100)).allowed).toBe(true);
    server.pause();
    try {
      const first = await timed('k3', 100);
      expect(first.allowed).toBe(true);
      expect(first.ms).toBeGreaterThan(900);
      const next = [];
      for (let i = 0; i < 20; i++) next.push(await timed('k3', 100));
      expect(Math.max(...next.map((d) => d.ms))).toBeLessThan(50);
    } finally {
      server.resume();
    }
  });
});
