import type { JobHandler, JobMeta, JobQueuePort, JobWorkerPort, RecurringJobPort } from '@lgw/kernel';

/**
 * Behaviour both JobQueue adapters promise, run against each: the in-process adapter in
 * its unit spec, BullMQ in the services suite. Waits poll for an outcome instead of
 * sleeping a fixed time, so a busy 2-core machine slows the suite down but does not
 * fail it; only lower bounds on timing are asserted.
 */
export interface QueueUnderTest {
  queue: JobQueuePort;
  recurring: RecurringJobPort;
  worker: JobWorkerPort;
  logger: TestLogger;
  close(): Promise<void>;
}

export interface TestLogger {
  info: jest.Mock;
  warn: jest.Mock;
  error: jest.Mock;
}

export function testLogger(): TestLogger {
  return { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
}

export interface ContractSubject {
  /** Fresh adapters isolated from every other test (own memory, or own Redis prefix). */
  create(options: { backoffMs: number; closeTimeoutMs?: number }): Promise<QueueUnderTest>;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function waitFor(check: () => boolean, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

interface Run {
  data: unknown;
  meta: JobMeta;
  at: number;
}

/** Records every run; `body` decides what the run does. */
function recorder(body: (data: unknown, meta: JobMeta, index: number) => Promise<void> = async () => undefined) {
  const runs: Run[] = [];
  let active = 0;
  let maxActive = 0;
  const handler: JobHandler<unknown> = async (data, meta) => {
    const index = runs.push({ data, meta, at: Date.now() }) - 1;
    active++;
    maxActive = Math.max(maxActive, active);
    try {
      await body(data, meta, index);
    } finally {
      active--;
    }
  };
  return {
    runs,
    handler,
    get maxActive() {
      return maxActive;
    },
    get active() {
      return active;
    },
  };
}

export function describeJobQueueContract(label: string, subject: ContractSubject): void {
  describe(`${label}: JobQueue contract`, () => {
    let q: QueueUnderTest;
    afterEach(async () => {
      await q?.close();
    });

    it('runs a job with its data, as JSON, and tells the handler its name and attempt', async () => {
      q = await subject.create({ backoffMs: 10 });
      const rec = recorder();
      q.worker.register('mail', rec.handler);
      await q.worker.start();
      await q.queue.enqueue('mail', 'welcome', { teamId: 't_1', at: new Date('2025-01-02T03:04:05Z'), tags: ['a'] });
      await waitFor(() => rec.runs.length === 1, 10_000, 'the job');
      expect(rec.runs[0].data).toEqual({ teamId: 't_1', at: '2025-01-02T03:04:05.000Z', tags: ['a'] });
      expect(rec.runs[0].meta).toEqual({ attempt: 1, jobId: expect.any(String), name: 'welcome' });
      expect(rec.runs[0].meta.jobId).not.toBe('');
    });

    it('keeps jobs enqueued before start and runs them once the worker starts', async () => {
      q = await subject.create({ backoffMs: 10 });
      const rec = recorder();
      await q.queue.enqueue('early', 'job', { n: 1 });
      await q.queue.enqueue('early', 'job', { n: 2 });
      q.worker.register('early', rec.handler);
      await sleep(100);
      expect(rec.runs).toHaveLength(0);
      await q.worker.start();
      await waitFor(() => rec.runs.length === 2, 10_000, 'both jobs');
      expect(rec.runs.map((r) => r.data)).toEqual([{ n: 1 }, { n: 2 }]);
    });

    it('retries a failing job with exponential backoff until it succeeds', async () => {
      q = await subject.create({ backoffMs: 10 });
      const rec = recorder(async (_data, meta) => {
        if (meta.attempt < 3) throw new Error(`carrier down (attempt ${meta.attempt})`);
      });
      q.worker.register('sync', rec.handler);
      await q.worker.start();
      await q.queue.enqueue('sync', 'track', { id: 's_1' }, { attempts: 5, backoffMs: 100 });
      await waitFor(() => rec.runs.length === 3, 10_000, 'three attempts');
      expect(rec.runs.map((r) => r.meta.attempt)).toEqual([1, 2, 3]);
      expect(rec.runs.every((r) => (r.data as { id: string }).id === 's_1')).toBe(true);
      // Backoff 100 ms then 200 ms (small allowance for timer granularity).
      expect(rec.runs[1].at - rec.runs[0].at).toBeGreaterThanOrEqual(90);
      expect(rec.runs[2].at - rec.runs[1].at).toBeGreaterThanOrEqual(190);
      await sleep(300);
      expect(rec.runs).toHaveLength(3);
      expect(q.logger.warn).toHaveBeenCalledWith(expect.objectContaining({ event: 'job.failed', attempt: 1 }), expect.any(String));
    });

    it('gives up after the configured attempts and logs the failure', async () => {
      q = await subject.create({ backoffMs: 10 });
      const rec = recorder(async () => {
        throw new Error('always broken');
      });
      q.worker.register('doomed', rec.handler);
      await q.worker.start();
      await q.queue.enqueue('doomed', 'job', {}, { attempts: 3, backoffMs: 10 });
      await waitFor(() => q.logger.error.mock.calls.length > 0, 10_000, 'the final failure log');
      expect(rec.runs.map((r) => r.meta.attempt)).toEqual([1, 2, 3]);
      expect(q.logger.error).toHaveBeenCalledWith(
        expect.objectContaining({ event: 'job.failed', attempt: 3, attempts: 3, err: 'always broken' }),
        expect.any(String),
      );
      await sleep(200);
      expect(rec.runs).toHaveLength(3);
    });

    it('uses the default attempts when the caller gives none', async () => {
      q = await subject.create({ backoffMs: 5 });
      const rec = recorder(async () => {
        throw new Error('nope');
      });
      q.worker.register('defaults', rec.handler);
      await q.worker.start();
      await q.queue.enqueue('defaults', 'job', {});
      await waitFor(() => q.logger.error.mock.calls.length > 0, 10_000, 'the final failure log');
      expect(rec.runs).toHaveLength(5);
    });

    it('runs a jobId once while it is pending, and again once it has finished', async () => {
      q = await subject.create({ backoffMs: 10 });
      const rec = recorder();
      q.worker.register('hooks', rec.handler);
      await q.worker.start();
      await q.queue.enqueue('hooks', 'deliver', { v: 1 }, { jobId: 'delivery:42', delayMs: 1_000 });
      await q.queue.enqueue('hooks', 'deliver', { v: 2 }, { jobId: 'delivery:42' });
      await q.queue.enqueue('hooks', 'deliver', { v: 3 }, { jobId: 'delivery:42', delayMs: 50 });
      await waitFor(() => rec.runs.length === 1, 10_000, 'the deduped job');
      await sleep(200);
      expect(rec.runs.map((r) => r.data)).toEqual([{ v: 1 }]);

      await q.queue.enqueue('hooks', 'deliver', { v: 4 }, { jobId: 'delivery:42' });
      await waitFor(() => rec.runs.length === 2, 10_000, 'the re-enqueued job');
      expect(rec.runs[1].data).toEqual({ v: 4 });
    });

    it('keeps a jobId taken while the job runs and while it waits for a retry', async () => {
      q = await subject.create({ backoffMs: 10 });
      const gate = deferred();
      const rec = recorder(async (_d, meta) => {
        if (meta.attempt === 1) {
          await gate.promise;
          throw new Error('first attempt fails');
        }
      });
      q.worker.register('busy', rec.handler);
      await q.worker.start();
      await q.queue.enqueue('busy', 'job', { v: 1 }, { jobId: 'k', backoffMs: 1_000 });
      await waitFor(() => rec.runs.length === 1, 10_000, 'the first run');
      await q.queue.enqueue('busy', 'job', { v: 2 }, { jobId: 'k' });
      gate.resolve();
      await sleep(100);
      await q.queue.enqueue('busy', 'job', { v: 3 }, { jobId: 'k' });
      await waitFor(() => rec.runs.length === 2, 10_000, 'the retry');
      await sleep(300);
      expect(rec.runs.map((r) => [r.data, r.meta.attempt])).toEqual([
        [{ v: 1 }, 1],
        [{ v: 1 }, 2],
      ]);
    });

    it('does not run a delayed job before its delay', async () => {
      q = await subject.create({ backoffMs: 10 });
      const rec = recorder();
      q.worker.register('later', rec.handler);
      await q.worker.start();
      const enqueuedAt = Date.now();
      await q.queue.enqueue('later', 'remind', { n: 1 }, { delayMs: 600 });
      await q.queue.enqueue('later', 'now', { n: 2 });
      await waitFor(() => rec.runs.length === 1, 10_000, 'the immediate job');
      expect(rec.runs[0].meta.name).toBe('now');
      await waitFor(() => rec.runs.length === 2, 10_000, 'the delayed job');
      expect(rec.runs[1].meta.name).toBe('remind');
      expect(rec.runs[1].at - enqueuedAt).toBeGreaterThanOrEqual(590);
    });

    it('never runs more jobs of a queue at once than its concurrency', async () => {
      q = await subject.create({ backoffMs: 10 });
      const rec = recorder(() => sleep(150));
      const other = recorder(() => sleep(150));
      q.worker.register('labels', rec.handler, { concurrency: 2 });
      q.worker.register('other', other.handler, { concurrency: 1 });
      await q.worker.start();
      for (let i = 0; i < 6; i++) await q.queue.enqueue('labels', 'render', { i });
      for (let i = 0; i < 3; i++) await q.queue.enqueue('other', 'x', { i });
      await waitFor(() => rec.runs.length === 6 && rec.active === 0, 15_000, 'all label jobs');
      await waitFor(() => other.runs.length === 3 && other.active === 0, 15_000, 'all other jobs');
      expect(rec.maxActive).toBe(2);
      expect(other.maxActive).toBe(1);
      expect(rec.runs.map((r) => (r.data as { i: number }).i).sort()).toEqual([0, 1, 2, 3, 4, 5]);
    });

    it('close waits for running jobs to finish', async () => {
      q = await subject.create({ backoffMs: 10, closeTimeoutMs: 10_000 });
      let finished = false;
      const rec = recorder(async () => {
        await sleep(400);
        finished = true;
      });
      q.worker.register('slow', rec.handler);
      await q.worker.start();
      await q.queue.enqueue('slow', 'job', {});
      await waitFor(() => rec.runs.length === 1, 10_000, 'the job to start');
      await q.close();
      expect(finished).toBe(true);
      await expect(q.queue.enqueue('slow', 'job', {})).rejects.toThrow();
    });

    it('runs a recurring job repeatedly, never two ticks at once, and stops when unscheduled', async () => {
      q = await subject.create({ backoffMs: 10 });
      const rec = recorder(() => sleep(250));
      // Concurrency 3 so that only the tick guard, not the worker slots, prevents overlap.
      q.worker.register('tracking', rec.handler, { concurrency: 3 });
      await q.worker.start();
      await q.recurring.schedule('tracking', 'poll', 100, { source: 'tick' });
      await q.recurring.schedule('tracking', 'poll', 100, { source: 'tick' }); // a second replica booting
      await waitFor(() => rec.runs.length >= 4, 15_000, 'four ticks');
      expect(rec.maxActive).toBe(1);
      expect(rec.runs[0].data).toEqual({ source: 'tick' });
      expect(rec.runs[0].meta).toEqual(expect.objectContaining({ attempt: 1, name: 'poll' }));
      for (let i = 1; i < rec.runs.length; i++) expect(rec.runs[i].at - rec.runs[i - 1].at).toBeGreaterThanOrEqual(240);

      await q.recurring.unschedule('tracking', 'poll');
      await waitFor(() => rec.active === 0, 5_000, 'the last tick to end');
      await sleep(300); // a tick already taken before unschedule may still start
      const settled = rec.runs.length;
      await sleep(500);
      expect(rec.runs.length).toBe(settled);
    });

    it('survives a handler that throws a non-Error, and keeps working', async () => {
      q = await subject.create({ backoffMs: 10 });
      let calls = 0;
      q.worker.register('odd', async (data: { ok: boolean }) => {
        calls++;

        if (!data.ok) throw 'plain string';
      });
      await q.worker.start();
      await q.queue.enqueue('odd', 'bad', { ok: false }, { attempts: 1 });
      await q.queue.enqueue('odd', 'good', { ok: true });
      await waitFor(() => calls === 2 && q.logger.error.mock.calls.length > 0, 10_000, 'both jobs');
      expect(q.logger.error).toHaveBeenCalledWith(expect.objectContaining({ err: 'plain string' }), expect.any(String));
    });
  });
}
