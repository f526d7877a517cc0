import { runSoak, SoakResult } from '../support/soak';

/**
 * Two minutes of mixed traffic on an api and a worker process, after 30 s of the same traffic
 * to warm up (the 30-minute run: `npm run soak -- --minutes 30`, results in docs/performance.md).
 * Leaks show as growth between the first and the last third of the measured minutes.
 */
describe('soak: two minutes of mixed traffic on the production shape', () => {
  let result: SoakResult;

  beforeAll(async () => {
    result = await runSoak({ minutes: 2 });
    process.stdout.write(`${JSON.stringify(result)}\n`);
  }, 300_000);

  it('answers every request without a server error', () => {
    expect(result.requests).toBeGreaterThan(500);
    expect(Object.keys(result.statuses).filter((status) => Number(status) >= 500)).toEqual([]);
    expect(result.batches).toBeGreaterThanOrEqual(5);
    expect(result.webhooksReceived).toBeGreaterThan(100);
  });

  it.each(['api', 'worker'])('%s: RSS, open handles and event-loop lag stay flat', (name) => {
    const { first, last, samples } = result.processes[name];
    expect(samples).toBeGreaterThanOrEqual(20);
    expect(last.rssMb).toBeLessThan(first.rssMb * 1.25 + 20);
    expect(last.handles).toBeLessThan(first.handles + 25);
    expect(last.lagP99Ms).toBeLessThan(Math.max(first.lagP99Ms * 2, 100));
  });
});
