import pino from 'pino';
import { deferred, describeJobQueueContract, sleep, testLogger, waitFor } from '../../../../test/queue/job-queue-contract';
import { createJobQueue } from '../create-job-queue';
import { InProcessJobQueue } from './in-process-job-queue';

describeJobQueueContract('in-process', {
  async create({ backoffMs, closeTimeoutMs }) {
    const logger = testLogger();
    const q = new InProcessJobQueue({ logger, defaults: { backoffMs }, closeTimeoutMs });
    return { queue: q, recurring: q, worker: q, logger, close: () => q.close() };
  },
});

describe('InProcessJobQueue', () => {
  let q: InProcessJobQueue;
  const logger = testLogger();
  beforeEach(() => {
    jest.clearAllMocks();
    q = new InProcessJobQueue({ logger, defaults: { backoffMs: 10 }, closeTimeoutMs: 200 });
  });
  afterEach(() => q.close());

  it('turns a synchronous throw into a failed attempt, not a crash', async () => {
    let calls = 0;
    q.register('sync-throw', ((_data: unknown) => {
      calls++;
      throw new Error('thrown before any await');
    }) as never);
    await q.start();
    await q.enqueue('sync-throw', 'job', {}, { attempts: 2 });
    await waitFor(() => logger.error.mock.calls.length === 1, 5_000, 'the final failure');
    expect(calls).toBe(2);
  });

  it('gives the handler a copy: later changes by the caller do not reach the job', async () => {
    const seen: unknown[] = [];
    q.register('copy', async (data) => {
      seen.push(data);
    });
    const payload = { items: [1] };
    await q.enqueue('copy', 'job', payload);
    payload.items.push(2);
    await q.start();
    await waitFor(() => seen.length === 1);
    expect(seen[0]).toEqual({ items: [1] });
  });

  it('close gives up on a handler that never ends after the timeout, and says so', async () => {
    const started = deferred();
    q.register('stuck', async () => {
      started.resolve();
      await new Promise(() => undefined);
    });
    await q.start();
    await q.enqueue('stuck', 'job', {});
    await started.promise;
    const t0 = Date.now();
    await q.close();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(190);
    expect(logger.warn).toHaveBeenCalledWith(expect.objectContaining({ event: 'job_queue.close_timeout', running: 1 }), expect.any(String));
  });

  it('on close drops delayed and waiting jobs (the outbox re-enqueues them) and stops recurring ticks', async () => {
    let ticks = 0;
    q.register('poll', async () => {
      ticks++;
    });
    await q.enqueue('idle', 'job', {}); // no handler: stays waiting
    await q.enqueue('poll', 'later', {}, { delayMs: 5_000 });
    await q.start();
    await q.schedule('poll', 'tick', 20);
    await waitFor(() => ticks >= 1);
    await q.close();
    const after = ticks;
    await sleep(100);
    expect(ticks).toBe(after);
    expect(logger.info).toHaveBeenCalledWith(
      expect.objectContaining({ event: 'job_queue.left_on_close', waiting: 1, delayed: 1 }),
      expect.any(String),
    );
    await expect(q.schedule('poll', 'tick', 20)).rejects.toThrow('closed');
  });

  it('lets a running job enqueue a follow-up while the queue is closing', async () => {
    const release = deferred();
    const result: string[] = [];
    q.register('first', async () => {
      await release.promise;
      await q.enqueue('second', 'follow-up', {});
      result.push('enqueued');
    });
    await q.start();
    await q.enqueue('first', 'job', {});
    await sleep(20);
    const closing = q.close();
    release.resolve();
    await closing;
    expect(result).toEqual(['enqueued']);
  });

  it('rejects bad input early', async () => {
    await expect(q.enqueue('a:b', 'job', {})).rejects.toThrow(RangeError);
    await expect(q.enqueue('ok', 'job', {}, { attempts: 0 })).rejects.toThrow(RangeError);
    await expect(q.schedule('ok', 'tick', 0)).rejects.toThrow(RangeError);
    expect(() => q.register('ok', async () => undefined, { concurrency: 0 })).toThrow(RangeError);
    q.register('twice', async () => undefined);
    expect(() => q.register('twice', async () => undefined)).toThrow('already registered');
  });
});

describe('createJobQueue', () => {
  it('chooses the in-process adapter when no Redis URL is given (and takes a pino logger)', async () => {
    const runtime = createJobQueue({ logger: pino({ level: 'silent' }) });
    expect(runtime.mode).toBe('in-process');
    expect(runtime.queue).toBe(runtime.worker);
    await runtime.close();
  });

  it('chooses BullMQ for a Redis URL without connecting until used', async () => {
    const runtime = createJobQueue({ redisUrl: 'redis://127.0.0.1:1', logger: testLogger() });
    expect(runtime.mode).toBe('bullmq');
    await runtime.close();
  });
});
