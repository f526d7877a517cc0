import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { JobsOptions, KeepJobs, Queue } from 'bullmq';
import type { JobOptions, JobQueuePort, RecurringJobPort } from '@lgw/kernel';
import { assertEveryMs, assertQueueName, DEFAULT_PREFIX, JobDefaults, resolveJobOptions } from '../job-defaults';
import { QueueLogger, toError } from '../queue-logger';
import { createRedisClient, RedisConnectionInput, throttled, withTimeout } from './redis-connection';

export interface JobRetention {
  completed?: KeepJobs;
  failed?: KeepJobs;
}

/** Enough history to debug with, bounded so Redis memory stays flat. Ages in seconds. */
export const DEFAULT_RETENTION: Required<JobRetention> = {
  completed: { age: 24 * 3600, count: 1_000 },
  failed: { age: 7 * 24 * 3600, count: 10_000 },
};

export interface BullMqJobQueueOptions {
  connection: RedisConnectionInput;
  /** Redis key prefix; tests use a random one to stay isolated. */
  prefix?: string;
  logger: QueueLogger;
  defaults?: JobDefaults;
  retention?: JobRetention;
  /** An enqueue that Redis has not acknowledged by then rejects, so callers never hang. */
  enqueueTimeoutMs?: number;
  /** How often a process with schedules checks that Redis still holds the queues' state. */
  stateCheckMs?: number;
}

interface Schedule {
  readonly queue: string;
  readonly name: string;
  readonly everyMs: number;
  readonly data: unknown;
}

/** Deletes the state marker only if this process set it (a failed re-registration gives the turn back). */
const RELEASE_MARKER = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/**
 * Producer side of production mode: one Redis connection shared by a BullMQ Queue per
 * queue name. The connection fails fast (no offline queue) because the caller holds the
 * work in its outbox and retries; buffering in this process would only hide the outage.
 */
export class BullMqJobQueue implements JobQueuePort, RecurringJobPort {
  private readonly redis: Redis;
  private readonly queues = new Map<string, Queue>();
  private readonly prefix: string;
  private readonly logger: QueueLogger;
  private readonly defaults: JobDefaults;
  private readonly retention: Required<JobRetention>;
  private readonly enqueueTimeoutMs: number;
  private readonly logConnectionError: (err: Error) => void;
  private readonly stateCheckMs: number;
  private readonly schedules = new Map<string, Schedule>();
  private readonly lostListeners: Array<() => Promise<void>> = [];
  private stateTimer?: NodeJS.Timeout;
  private checkingState = false;
  private firstCheck?: Promise<void>;
  private closing?: Promise<void>;

  constructor(options: BullMqJobQueueOptions) {
    this.prefix = options.prefix ?? DEFAULT_PREFIX;
    this.logger = options.logger;
    this.defaults = options.defaults ?? {};
    this.retention = { ...DEFAULT_RETENTION, ...options.retention };
    this.enqueueTimeoutMs = options.enqueueTimeoutMs ?? 5_000;
    this.stateCheckMs = options.stateCheckMs ?? 1_000;
    // Lazy: a process that never enqueues (or only in embedded tests) opens no socket.
    this.redis = createRedisClient(options.connection, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      lazyConnect: true,
      connectionName: `${this.prefix}:job-queue`,
    });
    this.logConnectionError = throttled(5_000, (err) =>
      this.logger.warn({ event: 'job_queue.redis_error', err: err.message }, 'job queue cannot reach Redis'),
    );
    this.redis.on('error', this.logConnectionError);
  }

  async enqueue<T>(queue: string, name: string, data: T, options?: JobOptions): Promise<void> {
    const resolved = resolveJobOptions(options, this.defaults);
    const opts: JobsOptions = {
      attempts: resolved.attempts,
      backoff: { type: 'exponential', delay: resolved.backoffMs },
      delay: resolved.delayMs || undefined,
      removeOnComplete: this.retention.completed,
      removeOnFail: this.retention.failed,
      // Deduplication rather than a custom BullMQ job id: a retained completed job would
      // keep swallowing its id for the whole retention period, while the port promises
      // dedupe only while the job is pending. It also allows ':' in callers' keys.
      deduplication: resolved.jobId === undefined ? undefined : { id: resolved.jobId },
    };
    await withTimeout(this.queue(queue).add(name, data, opts), this.enqueueTimeoutMs, `enqueue to '${queue}' timed out`);
  }

  async schedule<T>(queue: string, name: string, everyMs: number, data?: T): Promise<void> {
    assertEveryMs(everyMs);
    this.schedules.set(`${queue}:${name}`, { queue, name, everyMs, data });
    await this.upsertSchedule(queue, name, everyMs, data);
    // The first check runs before the caller goes on (a worker starts consuming after its
    // schedules): work lost before this process started is re-driven before it does anything.
    this.firstCheck ??= this.checkState();
    await this.firstCheck;
    this.watchState();
  }

  private async upsertSchedule<T>(queue: string, name: string, everyMs: number, data?: T): Promise<void> {
    // A job scheduler keeps one pending tick in Redis however many replicas upsert it, so
    // each tick is taken by one worker; the worker's tick lock prevents overlapping runs.
    await withTimeout(
      this.queue(queue).upsertJobScheduler(
        name,
        { every: everyMs },
        {
          name,
          data: data as T,
          opts: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: this.retention.failed },
        },
      ),
      this.enqueueTimeoutMs,
      `schedule on '${queue}' timed out`,
    );
  }

  async unschedule(queue: string, name: string): Promise<void> {
    this.schedules.delete(`${queue}:${name}`);
    await withTimeout(this.queue(queue).removeJobScheduler(name), this.enqueueTimeoutMs, `unschedule on '${queue}' timed out`);
  }

  /** For metrics: one round trip, read when Prometheus scrapes. */
  async depth(queue: string): Promise<{ waiting: number; active: number; delayed: number }> {
    const counts = await withTimeout(
      this.queue(queue).getJobCounts('wait', 'active', 'delayed'),
      this.enqueueTimeoutMs,
      'job counts timed out',
    );
    return { waiting: counts.wait ?? 0, active: counts.active ?? 0, delayed: counts.delayed ?? 0 };
  }

  onJobsLost(listener: () => Promise<void>): void {
    this.lostListeners.push(listener);
    this.watchState();
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  /**
   * Only processes that schedule or listen (workers) watch. A marker key lives as long as
   * Redis keeps its data; finding it gone means the schedules and pending jobs went with it
   * (or that this is the installation's first start, where re-registering costs nothing).
   * SET NX makes one replica per loss do the work.
   */
  private watchState(): void {
    if (this.stateTimer || this.closing) return;
    this.stateTimer = setInterval(() => void this.checkState(), this.stateCheckMs);
    this.stateTimer.unref();
  }

  private async checkState(): Promise<void> {
    if (this.checkingState || this.closing || this.schedules.size + this.lostListeners.length === 0) return;
    this.checkingState = true;
    const marker = `${this.prefix}:queue-state`;
    const token = randomUUID();
    let won = false;
    try {
      const anyQueue = this.queue([...this.schedules.values()][0]?.queue ?? 'outbox');
      // The Queue's client (this connection, shared) resolves once connected; the connection is lazy.
      await withTimeout(anyQueue.client, this.enqueueTimeoutMs, 'queue state check timed out');
      won = (await withTimeout(this.redis.set(marker, token, 'NX'), this.enqueueTimeoutMs, 'queue state check timed out')) === 'OK';
      if (!won) return;
      this.logger.warn(
        { event: 'job_queue.state_lost', schedules: this.schedules.size },
        'Redis holds no queue state (first start, or Redis lost its data): schedules registered again, lost work re-driven',
      );
      for (const s of [...this.schedules.values()]) await this.upsertSchedule(s.queue, s.name, s.everyMs, s.data);
      for (const listener of this.lostListeners) await listener();
    } catch (error) {
      this.logConnectionError(toError(error));
      if (won) await this.redis.eval(RELEASE_MARKER, 1, marker, token).catch(() => undefined);
    } finally {
      this.checkingState = false;
    }
  }

  private queue(name: string): Queue {
    if (this.closing) throw new Error('job queue is closed');
    assertQueueName(name);
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.redis, prefix: this.prefix });
      // An EventEmitter 'error' without a listener would crash the process.
      queue.on('error', (err) => this.logConnectionError(toError(err)));
      this.queues.set(name, queue);
    }
    return queue;
  }

  private async shutdown(): Promise<void> {
    clearInterval(this.stateTimer);
    await Promise.allSettled([...this.queues.values()].map((q) => q.close()));
    if (this.redis.status === 'wait' || this.redis.status === 'end') {
      this.redis.disconnect();
      return;
    }
    try {
      await withTimeout(this.redis.quit(), 2_000, 'quit timed out');
    } catch {
      this.redis.disconnect();
    }
  }
}
