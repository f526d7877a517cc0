import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { Job, Worker } from 'bullmq';
import type { JobHandler, JobMeta, JobWorkerPort } from '@lgw/kernel';
import { assertQueueName, DEFAULT_CLOSE_TIMEOUT_MS, DEFAULT_PREFIX } from '../job-defaults';
import { QueueLogger, toError } from '../queue-logger';
import { createRedisClient, RedisConnectionInput, throttled } from './redis-connection';

/**
 * A running job holds a lock renewed every lockDuration / 2. A worker that dies stops
 * renewing; another worker's stalled check (every stalledInterval) finds the job active
 * without a lock and puts it back in wait. A job is marked on one check and moved on the
 * next once its lock has expired, so a killed worker's job runs again within
 * lockDuration + 2 * stalledInterval: 30-60 s with these values.
 */
export const DEFAULT_LOCK_DURATION_MS = 30_000;
export const DEFAULT_STALLED_INTERVAL_MS = 15_000;
/** Two recoveries (say, a kill during a rolling deploy and one more) before a job fails as stalled. */
export const DEFAULT_MAX_STALLED_COUNT = 2;
/** BullMQ's reason for a job that stalled more than maxStalledCount times. */
const STALLED_OUT = /stalled more than allowable limit/;

export interface BullMqJobWorkerOptions {
  connection: RedisConnectionInput;
  /** Must equal the producer's prefix. */
  prefix?: string;
  logger: QueueLogger;
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  maxStalledCount?: number;
  /**
   * How long close() waits for running jobs. After it the worker drops its connection
   * and leaves the jobs locked: they are recovered as stalled by another worker, exactly
   * as if this process had been killed.
   */
  closeTimeoutMs?: number;
}

interface Registration {
  readonly handler: JobHandler<unknown>;
  readonly concurrency: number;
}

/** Releases or extends the tick lock only if this worker still owns it. */
const RELEASE_LOCK = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;
const EXTEND_LOCK = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;

/** Consumer side of production mode: one BullMQ Worker per registered queue. */
export class BullMqJobWorker implements JobWorkerPort {
  private readonly registrations = new Map<string, Registration>();
  private readonly workers: Worker[] = [];
  /** Errors thrown by handlers, already logged by the processor. */
  private readonly handlerErrors = new WeakSet<Error>();
  private readonly prefix: string;
  private readonly logger: QueueLogger;
  private readonly lockDurationMs: number;
  private readonly stalledIntervalMs: number;
  private readonly maxStalledCount: number;
  private readonly closeTimeoutMs: number;
  private readonly logConnectionError: (err: Error) => void;
  private redis?: Redis;
  private closing?: Promise<void>;

  constructor(private readonly options: BullMqJobWorkerOptions) {
    this.prefix = options.prefix ?? DEFAULT_PREFIX;
    this.logger = options.logger;
    this.lockDurationMs = options.lockDurationMs ?? DEFAULT_LOCK_DURATION_MS;
    this.stalledIntervalMs = options.stalledIntervalMs ?? DEFAULT_STALLED_INTERVAL_MS;
    this.maxStalledCount = options.maxStalledCount ?? DEFAULT_MAX_STALLED_COUNT;
    this.closeTimeoutMs = options.closeTimeoutMs ?? DEFAULT_CLOSE_TIMEOUT_MS;
    this.logConnectionError = throttled(5_000, (err) =>
      this.logger.warn({ event: 'job_worker.redis_error', err: err.message }, 'job worker cannot reach Redis'),
    );
  }

  register<T>(queue: string, handler: JobHandler<T>, options?: { concurrency?: number }): void {
    assertQueueName(queue);
    if (this.registrations.has(queue)) throw new Error(`a handler is already registered for queue '${queue}'`);
    const concurrency = options?.concurrency ?? 1;
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be an integer >= 1, got ${concurrency}`);
    const registration = { handler: handler as JobHandler<unknown>, concurrency };
    this.registrations.set(queue, registration);
    if (this.redis) this.spawn(queue, registration);
  }

  /**
   * Does not wait for Redis: a worker started during an outage connects when Redis is
   * back, and the jobs are waiting for it there.
   */
  async start(): Promise<void> {
    if (this.closing) throw new Error('job worker is closed');
    if (this.redis) return;
    // Workers block on Redis and must retry commands forever rather than fail them.
    this.redis = createRedisClient(this.options.connection, { maxRetriesPerRequest: null, connectionName: `${this.prefix}:job-worker` });
    this.redis.on('error', this.logConnectionError);
    for (const [queue, registration] of this.registrations) this.spawn(queue, registration);
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private spawn(queue: string, registration: Registration): void {
    const worker = new Worker(queue, (job: Job) => this.process(queue, registration.handler, job), {
      connection: this.redis!,
      prefix: this.prefix,
      concurrency: registration.concurrency,
      lockDuration: this.lockDurationMs,
      stalledInterval: this.stalledIntervalMs,
      maxStalledCount: this.maxStalledCount,
    });
    // An EventEmitter 'error' without a listener would crash the process.
    worker.on('error', (err) => this.logConnectionError(toError(err)));
    worker.on('stalled', (jobId) => {
      this.logger.warn({ event: 'job.stalled', queue, jobId }, 'job lost its worker; back in the queue');
    });
    worker.on('failed', (job, err) => {
      // Handler errors are logged by process(); this catches the rest.
      if (this.handlerErrors.has(err)) return;
      if (STALLED_OUT.test(err.message)) {
        // Workers killed mid-job more than maxStalledCount times: BullMQ gives the job up, and
        // the queue's database sweep (batches, labels, billing, outbox, webhooks) brings the
        // work back (docs/runbook.md §6). Recovery by design, so a warning, not an error.
        this.logger.warn(
          { event: 'job.stalled_out', queue, jobId: job?.id, name: job?.name, max_stalled_count: this.maxStalledCount },
          'job lost its worker too often; given up to its recovery sweep',
        );
        return;
      }
      this.logger.error({ event: 'job.failed', queue, jobId: job?.id, name: job?.name, err: err.message }, 'job failed');
    });
    this.workers.push(worker);
  }

  private async process(queue: string, handler: JobHandler<unknown>, job: Job): Promise<void> {
    const meta: JobMeta = { attempt: job.attemptsMade + 1, jobId: job.id ?? '', name: job.name };
    if (job.repeatJobKey) return this.runTick(queue, handler, job, meta);
    return this.invoke(queue, handler, job, meta);
  }

  private async invoke(queue: string, handler: JobHandler<unknown>, job: Job, meta: JobMeta): Promise<void> {
    try {
      await handler(job.data, meta);
    } catch (thrown) {
      const err = toError(thrown);
      this.handlerErrors.add(err);
      const attempts = job.opts.attempts ?? 1;
      const log = { event: 'job.failed', queue, name: job.name, jobId: meta.jobId, attempt: meta.attempt, attempts, err: err.message };
      if (meta.attempt < attempts) this.logger.warn(log, 'job attempt failed; retrying');
      else this.logger.error({ ...log, stack: err.stack }, 'job failed after its last attempt');
      throw err;
    }
  }

  /**
   * The scheduler makes each tick one job, but a tick that comes due while the previous
   * one still runs would be taken by another worker slot or replica. A lock per schedule,
   * with the same lifetime as BullMQ's job locks, makes such a tick a no-op instead.
   */
  private async runTick(queue: string, handler: JobHandler<unknown>, job: Job, meta: JobMeta): Promise<void> {
    const redis = this.redis!;
    const key = `${this.prefix}:${queue}:tick-lock:${job.repeatJobKey}`;
    const token = randomUUID();
    const acquired = await redis.set(key, token, 'PX', this.lockDurationMs, 'NX');
    // Skipping is the normal outcome whenever a run outlasts the interval (a 200 ms relay
    // under load), so it is not logged.
    if (!acquired) return;
    const renew = setInterval(
      () => {
        redis.eval(EXTEND_LOCK, 1, key, token, this.lockDurationMs).catch(() => undefined);
      },
      Math.max(1, Math.floor(this.lockDurationMs / 2)),
    );
    try {
      await this.invoke(queue, handler, job, meta);
    } finally {
      clearInterval(renew);
      await redis.eval(RELEASE_LOCK, 1, key, token).catch(() => undefined);
    }
  }

  private async shutdown(): Promise<void> {
    const redis = this.redis;
    if (!redis) return;
    // pause() stops fetching and waits for running jobs; BullMQ's close() would wait too,
    // but once called it cannot be turned into a forced close when the wait runs out.
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), this.closeTimeoutMs);
      timer.unref();
    });
    const finished = Promise.allSettled(this.workers.map((w) => w.pause())).then(() => false);
    const expired = await Promise.race([finished, timedOut]);
    clearTimeout(timer);
    if (expired) {
      this.logger.warn(
        { event: 'job_worker.close_timeout', timeoutMs: this.closeTimeoutMs },
        'closed with jobs still running; they will be recovered as stalled',
      );
    }
    // Forced: stops lock renewal, so the unfinished jobs' locks lapse and another worker
    // recovers them, as after a crash.
    await Promise.allSettled(this.workers.map((w) => w.close(expired)));
    if (expired) {
      redis.disconnect();
      return;
    }
    try {
      await redis.quit();
    } catch {
      redis.disconnect();
    }
  }
}
