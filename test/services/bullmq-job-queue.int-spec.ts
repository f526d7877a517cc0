import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { BullMqJobQueue, BullMqJobWorker, createJobQueue } from '@lgw/queue';
import { deferred, describeJobQueueContract, sleep, testLogger, waitFor } from '../queue/job-queue-contract';
import { TEST_REDIS_URL } from '../support/test-mode';

/** Needs Redis: part of `npm run test:services` only. Every test gets its own key prefix. */
const prefixes: string[] = [];
function freshPrefix(): string {
  const prefix = `lgw-test-${randomBytes(5).toString('hex')}`;
  prefixes.push(prefix);
  return prefix;
}

let admin: Redis;
beforeAll(() => {
  admin = new Redis(TEST_REDIS_URL);
});
/** One pass over the shared Redis (other suites fill it) for all of this file's prefixes. */
afterAll(async () => {
  const mine = new Set(prefixes);
  let cursor = '0';
  do {
    const [next, keys] = await admin.scan(cursor, 'MATCH', 'lgw-test-*', 'COUNT', 5_000);
    cursor = next;
    const ours = keys.filter((key) => mine.has(key.slice(0, key.indexOf(':'))));
    if (ours.length) await admin.del(...ours);
  } while (cursor !== '0');
  await admin.quit();
}, 120_000);

describeJobQueueContract('bullmq', {
  async create({ backoffMs, closeTimeoutMs }) {
    const logger = testLogger();
    const runtime = createJobQueue({ redisUrl: TEST_REDIS_URL, prefix: freshPrefix(), logger, defaults: { backoffMs }, closeTimeoutMs });
    return { ...runtime, logger };
  },
});

describe('bullmq: failure recovery', () => {
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close().catch(() => undefined);
  });

  function worker(prefix: string, overrides: Partial<ConstructorParameters<typeof BullMqJobWorker>[0]> = {}) {
    const logger = testLogger();
    const w = new BullMqJobWorker({
      connection: TEST_REDIS_URL,
      prefix,
      logger,
      lockDurationMs: 1_000,
      stalledIntervalMs: 300,
      ...overrides,
    });
    closers.push(() => w.close());
    return { worker: w, logger };
  }
  function producer(prefix: string) {
    const q = new BullMqJobQueue({ connection: TEST_REDIS_URL, prefix, logger: testLogger() });
    closers.push(() => q.close());
    return q;
  }

  it('re-runs on another worker a job whose worker died mid-job; nothing is lost', async () => {
    const prefix = freshPrefix();
    const queue = producer(prefix);
    const runs: Array<{ by: string; attempt: number; data: unknown }> = [];
    const firstStarted = deferred();

    // closeTimeoutMs 0: close() drops the Redis connection at once and leaves the job
    // locked, which is what Redis sees when the process is SIGKILLed.
    const a = worker(prefix, { closeTimeoutMs: 0 });
    a.worker.register('batches', async (data, meta) => {
      runs.push({ by: 'a', attempt: meta.attempt, data });
      firstStarted.resolve();
      await new Promise(() => undefined);
    });
    await a.worker.start();
    await queue.enqueue('batches', 'process-csv', { batchId: 'b_1' }, { jobId: 'batch:b_1' });
    await firstStarted.promise;
    await a.worker.close();

    const b = worker(prefix);
    const done = deferred();
    b.worker.register('batches', async (data, meta) => {
      runs.push({ by: 'b', attempt: meta.attempt, data });
      done.resolve();
    });
    await b.worker.start();
    await done.promise;

    expect(runs).toEqual([
      { by: 'a', attempt: 1, data: { batchId: 'b_1' } },
      { by: 'b', attempt: 1, data: { batchId: 'b_1' } },
    ]);
    expect(b.logger.warn).toHaveBeenCalledWith(expect.objectContaining({ event: 'job.stalled', queue: 'batches' }), expect.any(String));
    // Dedupe still held the key while the job was orphaned, and released it on completion.
    await sleep(200);
    await queue.enqueue('batches', 'process-csv', { batchId: 'b_1' }, { jobId: 'batch:b_1' });
    await waitFor(() => runs.length === 3, 10_000, 'the re-enqueued job');
  });

  it('a job that stalled more often than maxStalledCount is given up at warn (job.stalled_out), never an error: its sweep recovers it', async () => {
    const prefix = freshPrefix();
    const queue = producer(prefix);
    const started = deferred();
    const a = worker(prefix, { closeTimeoutMs: 0, maxStalledCount: 0 });
    a.worker.register('batches', async () => {
      started.resolve();
      await new Promise(() => undefined);
    });
    await a.worker.start();
    await queue.enqueue('batches', 'process-csv', { batchId: 'b_2' }, { jobId: 'batch:b_2' });
    await started.promise;
    await a.worker.close();

    const b = worker(prefix, { maxStalledCount: 0 });
    b.worker.register('batches', async () => undefined);
    await b.worker.start();
    await waitFor(
      () => (b.logger.warn as jest.Mock).mock.calls.some(([fields]) => fields?.event === 'job.stalled_out'),
      10_000,
      'the stalled-out line',
    );
    expect(b.logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({ event: 'job.stalled_out', queue: 'batches', name: 'process-csv', max_stalled_count: 0 }),
      expect.any(String),
    );
    expect(b.logger.error).not.toHaveBeenCalled();
  });

  it('keeps working after Redis drops every connection, then comes back', async () => {
    const prefix = freshPrefix();
    const queue = producer(prefix);
    const { worker: w } = worker(prefix);
    const seen: number[] = [];
    w.register('hooks', async (data: { n: number }) => {
      seen.push(data.n);
    });
    await w.start();
    await queue.enqueue('hooks', 'deliver', { n: 1 });
    await waitFor(() => seen.length === 1, 10_000, 'the first job');

    // Only this test's connections: their names carry its prefix.
    const clients = (await admin.client('LIST')) as string;
    const ids = clients
      .split('\n')
      .filter((line) => line.includes(` name=${prefix}:`))
      .map((line) => /id=(\d+)/.exec(line)![1]);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    for (const id of ids) await admin.client('KILL', 'ID', id);

    // What an outbox relay does: a failed enqueue is tried again later.
    let accepted = false;
    const deadline = Date.now() + 15_000;
    while (!accepted && Date.now() < deadline) {
      accepted = await queue.enqueue('hooks', 'deliver', { n: 2 }, { jobId: 'delivery:2' }).then(
        () => true,
        () => false,
      );
      if (!accepted) await sleep(100);
    }
    expect(accepted).toBe(true);
    await waitFor(() => seen.includes(2), 15_000, 'the job after reconnect');
  });

  it('rejects an enqueue quickly while Redis is unreachable instead of hanging', async () => {
    const q = new BullMqJobQueue({ connection: 'redis://127.0.0.1:1', logger: testLogger(), enqueueTimeoutMs: 300 });
    closers.push(() => q.close());
    const t0 = Date.now();
    await expect(q.enqueue('hooks', 'deliver', {})).rejects.toThrow();
    expect(Date.now() - t0).toBeLessThan(3_000);
  });

  it('runs each recurring tick on one replica only, never overlapping across replicas', async () => {
    const prefix = freshPrefix();
    const queue = producer(prefix);
    const starts: Array<{ by: string; at: number }> = [];
    let active = 0;
    let maxActive = 0;
    for (const name of ['r1', 'r2']) {
      const { worker: w } = worker(prefix);
      w.register(
        'tracking',
        async () => {
          starts.push({ by: name, at: Date.now() });
          active++;
          maxActive = Math.max(maxActive, active);
          await sleep(150);
          active--;
        },
        { concurrency: 2 },
      );
      await w.start();
    }
    await queue.schedule('tracking', 'poll', 100);
    await queue.schedule('tracking', 'poll', 100);
    await waitFor(() => starts.length >= 6, 15_000, 'six ticks');
    // Two upserts, one scheduler.
    expect(await admin.zrange(`${prefix}:tracking:repeat`, 0, -1)).toEqual(['poll']);
    await queue.unschedule('tracking', 'poll');
    expect(maxActive).toBe(1);
  });

  it('notices when Redis lost its data: schedules registered again, lost-work listeners called once across replicas', async () => {
    const prefix = freshPrefix();
    const lost: string[] = [];
    const replicas = ['a', 'b'].map((name) => {
      const q = new BullMqJobQueue({ connection: TEST_REDIS_URL, prefix, logger: testLogger(), stateCheckMs: 100 });
      closers.push(() => q.close());
      q.onJobsLost(async () => {
        lost.push(name);
      });
      return q;
    });
    const ticks: number[] = [];
    const { worker: w } = worker(prefix);
    w.register('outbox', async () => {
      ticks.push(Date.now());
    });
    await w.start();
    for (const q of replicas) await q.schedule('outbox', 'relay', 100);
    // First start: the marker did not exist yet, one replica takes the turn.
    await waitFor(() => lost.length === 1 && ticks.length >= 3, 10_000, 'first check and ticks');
    await sleep(500);
    expect(lost).toHaveLength(1);

    // What a Redis restarted without persistence looks like to this installation: none of its keys.
    const keys = await admin.keys(`${prefix}:*`);
    expect(keys).toContain(`${prefix}:outbox:repeat`);
    await admin.del(...keys);
    const lostAt = Date.now();
    await waitFor(() => lost.length === 2, 10_000, 'the loss noticed');
    await waitFor(() => ticks.some((t) => t > lostAt + 300), 10_000, 'ticks after the loss');
    await sleep(500);
    expect(lost).toHaveLength(2);
    expect(await admin.zrange(`${prefix}:outbox:repeat`, 0, -1)).toEqual(['relay']);
  });

  it('gives the turn back when the lost-work listener fails, so a later check runs it again', async () => {
    const prefix = freshPrefix();
    const q = new BullMqJobQueue({ connection: TEST_REDIS_URL, prefix, logger: testLogger(), stateCheckMs: 100 });
    closers.push(() => q.close());
    let calls = 0;
    q.onJobsLost(async () => {
      calls += 1;
      if (calls === 1) throw new Error('database unavailable');
    });
    await waitFor(() => calls === 2, 10_000, 'a second call after the failure');
    await sleep(400);
    expect(calls).toBe(2);
    expect(await admin.exists(`${prefix}:queue-state`)).toBe(1);
  });

  it('stores bounded history: completed jobs are trimmed to the retention count', async () => {
    const prefix = freshPrefix();
    const q = new BullMqJobQueue({ connection: TEST_REDIS_URL, prefix, logger: testLogger(), retention: { completed: { count: 3 } } });
    closers.push(() => q.close());
    const { worker: w } = worker(prefix);
    let n = 0;
    w.register('trim', async () => {
      n++;
    });
    await w.start();
    for (let i = 0; i < 10; i++) await q.enqueue('trim', 'job', { i });
    await waitFor(() => n === 10, 10_000, 'ten jobs');
    await sleep(100);
    expect(await admin.zcard(`${prefix}:trim:completed`)).toBeLessThanOrEqual(3);
  });
});
