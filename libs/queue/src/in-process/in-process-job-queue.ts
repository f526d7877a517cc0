import { randomUUID } from 'node:crypto';
import type { JobHandler, JobOptions, JobQueuePort, JobWorkerPort, RecurringJobPort } from '@lgw/kernel';
import { assertEveryMs, assertQueueName, backoffDelayMs, DEFAULT_CLOSE_TIMEOUT_MS, JobDefaults, resolveJobOptions } from '../job-defaults';
import { QueueLogger, toError } from '../queue-logger';

export interface InProcessJobQueueOptions {
  logger: QueueLogger;
  defaults?: JobDefaults;
  /** How long close() waits for running handlers before giving up on them. */
  closeTimeoutMs?: number;
}

interface PendingJob {
  readonly id: string;
  readonly queue: string;
  readonly name: string;
  readonly data: unknown;
  readonly attempts: number;
  readonly backoffMs: number;
  /** Held from enqueue until the job completes or gives up. */
  readonly dedupeKey?: string;
  attempt: number;
}

interface QueueState {
  handler?: JobHandler<unknown>;
  concurrency: number;
  running: number;
  /** Waiting for their delay or retry backoff. */
  delayed: number;
  readonly ready: PendingJob[];
  readonly dedupeKeys: Set<string>;
}

/** Recurring ticks share the dedupe set; the prefix keeps them apart from callers' keys. */
const RECURRING_KEY_PREFIX = '\u0000recurring:';

/**
 * Embedded mode (no REDIS_URL): queue and worker in one object, jobs in memory. A process
 * exit loses pending jobs by design: callers record work in the database first (outbox)
 * and re-enqueue what is unfinished at startup, so memory only has to be right while the
 * process lives.
 */
export class InProcessJobQueue implements JobQueuePort, JobWorkerPort, RecurringJobPort {
  private readonly queues = new Map<string, QueueState>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly recurring = new Map<string, NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly logger: QueueLogger;
  private readonly defaults: JobDefaults;
  private readonly closeTimeoutMs: number;
  private started = false;
  private closing?: Promise<void>;
  private closed = false;

  constructor(options: InProcessJobQueueOptions) {
    this.logger = options.logger;
    this.defaults = options.defaults ?? {};
    this.closeTimeoutMs = options.closeTimeoutMs ?? DEFAULT_CLOSE_TIMEOUT_MS;
  }

  async enqueue<T>(queue: string, name: string, data: T, options?: JobOptions): Promise<void> {
    this.accept(queue, name, data, options);
  }

  register<T>(queue: string, handler: JobHandler<T>, options?: { concurrency?: number }): void {
    assertQueueName(queue);
    const state = this.state(queue);
    if (state.handler) throw new Error(`a handler is already registered for queue '${queue}'`);
    const concurrency = options?.concurrency ?? 1;
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be an integer >= 1, got ${concurrency}`);
    state.handler = handler as JobHandler<unknown>;
    state.concurrency = concurrency;
    this.drain(state);
  }

  async start(): Promise<void> {
    if (this.closing) throw new Error('job queue is closed');
    this.started = true;
    for (const state of this.queues.values()) this.drain(state);
  }

  async schedule<T>(queue: string, name: string, everyMs: number, data?: T): Promise<void> {
    assertQueueName(queue);
    assertEveryMs(everyMs);
    if (this.closing) throw new Error('job queue is closed');
    const key = `${queue}:${name}`;
    const previous = this.recurring.get(key);
    if (previous) clearInterval(previous);
    // A tick is a job whose dedupe key stays held while it runs, so a tick that comes due
    // while the previous one is still running is dropped rather than run alongside it.
    const tick = () => {
      try {
        this.accept(queue, name, data, { jobId: RECURRING_KEY_PREFIX + name, attempts: 1 });
      } catch (error) {
        this.logger.error(
          { event: 'job.recurring_tick_failed', queue, name, err: toError(error).message },
          'recurring job tick not enqueued',
        );
      }
    };
    const timer = setInterval(tick, everyMs);
    timer.unref();
    this.recurring.set(key, timer);
    tick();
  }

  async unschedule(queue: string, name: string): Promise<void> {
    const key = `${queue}:${name}`;
    const timer = this.recurring.get(key);
    if (timer) clearInterval(timer);
    this.recurring.delete(key);
  }

  async depth(queue: string): Promise<{ waiting: number; active: number; delayed: number }> {
    const state = this.queues.get(queue);
    return { waiting: state?.ready.length ?? 0, active: state?.running ?? 0, delayed: state?.delayed ?? 0 };
  }

  /**
   * Never called: in-memory jobs are lost only with the process itself, and the consumers'
   * start-up sweeps are what recovers them (ADR 0004, durability).
   */
  onJobsLost(_listener: () => Promise<void>): void {}

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  /**
   * While closing, jobs are still accepted (a running handler may enqueue its follow-up)
   * but not started; they are counted in the close log. Only a closed queue refuses them.
   */
  private accept(queue: string, name: string, data: unknown, options: JobOptions | undefined): void {
    assertQueueName(queue);
    if (this.closed) throw new Error('job queue is closed');
    const resolved = resolveJobOptions(options, this.defaults);
    const state = this.state(queue);
    if (resolved.jobId !== undefined) {
      if (state.dedupeKeys.has(resolved.jobId)) return;
      state.dedupeKeys.add(resolved.jobId);
    }
    const job: PendingJob = {
      id: randomUUID(),
      queue,
      name,
      // Same round trip as Redis: a handler that passes embedded tests sees the same data
      // in production, and later mutation by the caller cannot reach the job.
      data: data === undefined ? undefined : JSON.parse(JSON.stringify(data)),
      attempts: resolved.attempts,
      backoffMs: resolved.backoffMs,
      dedupeKey: resolved.jobId,
      attempt: 1,
    };
    if (resolved.delayMs > 0) this.later(state, resolved.delayMs, job);
    else this.push(state, job);
  }

  private state(queue: string): QueueState {
    let state = this.queues.get(queue);
    if (!state) {
      state = { concurrency: 1, running: 0, delayed: 0, ready: [], dedupeKeys: new Set() };
      this.queues.set(queue, state);
    }
    return state;
  }

  private push(state: QueueState, job: PendingJob): void {
    state.ready.push(job);
    this.drain(state);
  }

  private drain(state: QueueState): void {
    if (!this.started || this.closing || !state.handler) return;
    while (state.running < state.concurrency && state.ready.length > 0) {
      const job = state.ready.shift()!;
      state.running++;
      const run = this.run(state, state.handler, job).finally(() => {
        state.running--;
        this.inFlight.delete(run);
        this.drain(state);
      });
      this.inFlight.add(run);
    }
  }

  private async run(state: QueueState, handler: JobHandler<unknown>, job: PendingJob): Promise<void> {
    const meta = { attempt: job.attempt, jobId: job.id, name: job.name };
    try {
      await handler(job.data, meta);
      this.release(state, job);
    } catch (thrown) {
      const err = toError(thrown);
      const retriesLeft = job.attempt < job.attempts;
      const log = {
        event: 'job.failed',
        queue: job.queue,
        name: job.name,
        jobId: job.id,
        attempt: job.attempt,
        attempts: job.attempts,
        err: err.message,
      };
      if (retriesLeft && this.closing) {
        this.logger.warn(log, 'job attempt failed while closing; left for re-enqueue at next start');
      } else if (retriesLeft) {
        this.logger.warn(log, 'job attempt failed; retrying');
        const delay = backoffDelayMs(job.backoffMs, job.attempt);
        job.attempt++;
        this.later(state, delay, job);
      } else {
        this.logger.error({ ...log, stack: err.stack }, 'job failed after its last attempt');
        this.release(state, job);
      }
    }
  }

  private later(state: QueueState, ms: number, job: PendingJob): void {
    state.delayed++;
    this.after(ms, () => {
      state.delayed--;
      this.push(state, job);
    });
  }

  private release(state: QueueState, job: PendingJob): void {
    if (job.dedupeKey !== undefined) state.dedupeKeys.delete(job.dedupeKey);
  }

  /** Timers are unref'd: pending in-memory work must never keep a finished process alive. */
  private after(ms: number, fn: () => void): void {
    if (this.closing) return fn();
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.closing) fn();
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  private async shutdown(): Promise<void> {
    for (const timer of this.recurring.values()) clearInterval(timer);
    this.recurring.clear();
    for (const timer of this.timers) clearTimeout(timer);
    const delayed = this.timers.size;
    this.timers.clear();
    if (this.inFlight.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), this.closeTimeoutMs);
        timer.unref();
      });
      const finished = Promise.allSettled([...this.inFlight]).then(() => false);
      const expired = await Promise.race([finished, timedOut]);
      clearTimeout(timer);
      if (expired) {
        this.logger.warn(
          { event: 'job_queue.close_timeout', running: this.inFlight.size, timeoutMs: this.closeTimeoutMs },
          'closed with jobs still running',
        );
      }
    }
    this.closed = true;
    const waiting = [...this.queues.values()].reduce((n, s) => n + s.ready.length, 0);
    if (waiting + delayed > 0) {
      // Not lost: their outbox rows are still unfinished and are re-enqueued at the next start.
      this.logger.info({ event: 'job_queue.left_on_close', waiting, delayed }, 'in-memory jobs left for re-enqueue at next start');
    }
  }
}
