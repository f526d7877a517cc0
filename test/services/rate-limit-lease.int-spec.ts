import Redis from 'ioredis';
import { leaseSize, RedisRateLimiter } from '@lgw/platform';
import { PrivateRedis } from '../support/private-services';

/**
 * Replicas on one Redis (docs/adr/0069): below 1,000 a minute every request is numbered in Redis
 * (exact); above, a replica takes a thousandth of the limit at once and numbers its requests
 * locally. Either way no replica admits a request numbered beyond the limit.
 */
describe('rate limiting across replicas with leased request numbers', () => {
  let server: PrivateRedis;
  let client: Redis;

  beforeAll(async () => {
    server = await PrivateRedis.start();
    client = new Redis(server.url);
  });
  afterAll(async () => {
    client.disconnect();
    await server.stop();
  });

  const counted = async (bucket: string) => Number(await client.get(`lgw:rl:${bucket}`));

  it('takes one number per request below 1,000 a minute, the same window for every replica', async () => {
    expect(leaseSize(60)).toBe(1);
    expect(leaseSize(999)).toBe(1);
    const a = new RedisRateLimiter(client);
    const b = new RedisRateLimiter(client);
    const decisions = [];
    for (let i = 0; i < 7; i++) decisions.push(await (i % 2 ? b : a).consume('exact', 5));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, true, true, false, false]);
    expect(decisions.map((d) => d.remaining)).toEqual([4, 3, 2, 1, 0, 0, 0]);
    expect(await counted('exact')).toBe(7);
    const ttl = await client.pttl('lgw:rl:exact');
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('numbers a leased replica’s requests in order, and the next replica after what was leased', async () => {
    const limit = 100_000;
    expect(leaseSize(limit)).toBe(100);
    const a = new RedisRateLimiter(client);
    const b = new RedisRateLimiter(client);
    const remaining = [];
    for (let i = 0; i < 150; i++) remaining.push((await a.consume('leased', limit)).remaining);
    expect(remaining).toEqual(Array.from({ length: 150 }, (_, i) => limit - 1 - i));
    // Two leases of 100: one Redis call per hundred requests.
    expect(await counted('leased')).toBe(200);
    expect((await b.consume('leased', limit)).remaining).toBe(limit - 201);
    expect(await counted('leased')).toBe(300);
  });

  it('one Redis call serves a burst of concurrent requests, each with its own number', async () => {
    const limit = 1_000_000;
    const a = new RedisRateLimiter(client);
    const before = await commandCalls(client);
    const decisions = await Promise.all(Array.from({ length: 500 }, () => a.consume('burst', limit)));
    const calls = (await commandCalls(client)) - before;
    expect(new Set(decisions.map((d) => d.remaining)).size).toBe(500);
    expect(Math.min(...decisions.map((d) => d.remaining))).toBe(limit - 500);
    expect(await counted('burst')).toBe(1_000);
    expect(calls).toBe(1);
  });

  it('never admits beyond the limit across replicas; early refusals stay within one lease per replica', async () => {
    const limit = 3_000;
    const size = leaseSize(limit);
    const replicas = [0, 1, 2].map(() => new RedisRateLimiter(client));
    const decisions = await Promise.all(Array.from({ length: 3_300 }, (_, i) => replicas[i % replicas.length].consume('shared', limit)));
    const admitted = decisions.filter((d) => d.allowed).length;
    expect(admitted).toBeLessThanOrEqual(limit);
    expect(admitted).toBeGreaterThanOrEqual(limit - replicas.length * size);
    // Once refused, a replica answers the rest of the window itself.
    const before = await commandCalls(client);
    for (const replica of replicas) expect((await replica.consume('shared', limit)).allowed).toBe(false);
    expect((await commandCalls(client)) - before).toBe(0);
  });

  it('a lease ends with its window, and a changed limit takes new numbers at once', async () => {
    let now = Date.now();
    const a = new RedisRateLimiter(client, undefined, 'lgw:rl:', () => now);
    expect((await a.consume('window', 10_000)).remaining).toBe(9_999);
    expect(await counted('window')).toBe(10);
    // The limit was raised: the held numbers were taken under the old one.
    expect((await a.consume('window', 20_000)).remaining).toBe(20_000 - 11);
    expect(await counted('window')).toBe(30);
    await client.del('lgw:rl:window');
    now += 61_000;
    expect((await a.consume('window', 20_000)).remaining).toBe(19_999);
    expect(await counted('window')).toBe(20);
  });
});

/** Limiter scripts Redis has run (EVAL and EVALSHA calls), to count the calls a step made. */
async function commandCalls(redis: Redis): Promise<number> {
  const info = await redis.info('commandstats');
  return [...info.matchAll(/cmdstat_eval(?:sha)?:calls=(\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
}
