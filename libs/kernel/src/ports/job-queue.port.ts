/**
 * Background work (CSV batches, webhook delivery, tracking sync, labels) goes through
 * these ports so use cases never know whether jobs live in memory (embedded mode) or in
 * Redis (BullMQ). Delivery is at least once in both: a handler can run again after a
 * crash or a retry, so handlers must be idempotent.
 *
 * Job data is JSON: both adapters serialise it, so a Date arrives as a string. Carry ids,
 * not rows, and read the current state in the handler.
 */
export interface JobOptions {
  /**
   * Deduplication key, per queue: while a job with this key is pending (waiting, delayed,
   * running or waiting for a retry), enqueueing the same key again is a no-op. Once that
   * job completes or gives up, the key is free again.
   */
  jobId?: string;
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number;
  /** Total runs including the first; default 5. */
  attempts?: number;
  /** Exponential backoff base: retry n waits backoffMs * 2^(n-1). */
  backoffMs?: number;
}

export interface JobQueuePort {
  /**
   * Resolves once the job is accepted (in Redis, or in memory). Rejects when it cannot be
   * (Redis unreachable, queue closed): the caller keeps its outbox row and tries later.
   */
  enqueue<T>(queue: string, name: string, data: T, options?: JobOptions): Promise<void>;
}

export interface JobMeta {
  /** 1 on the first run, 2 on the first retry. A run resumed after a crash keeps its number. */
  attempt: number;
  /** The adapter's id for this job, for logs; not necessarily the dedupe key. */
  jobId: string;
  /** The name given at enqueue, or the recurring job's name. */
  name: string;
}

/** Throwing (or rejecting) fails the attempt; the adapter retries with backoff. */
export type JobHandler<T = unknown> = (data: T, meta: JobMeta) => Promise<void>;

export interface JobWorkerPort {
  /** One handler per queue; it receives every job name enqueued on that queue. */
  register<T>(queue: string, handler: JobHandler<T>, options?: { concurrency?: number }): void;
  start(): Promise<void>;
  /** Stops taking jobs and waits (bounded) for running ones to finish. */
  close(): Promise<void>;
}

/**
 * Periodic work such as the tracking poll. Every replica may call `schedule` at boot:
 * it is an upsert keyed by queue + name, so replicas do not multiply the ticks, and each
 * tick runs on one worker only. A tick is delivered to the handler registered for
 * `queue` with `data`, is not retried (the next tick is the retry) and never overlaps
 * the previous tick of the same schedule: a tick due while the last one still runs is
 * skipped. The first tick is due at once, then one every `everyMs`.
 */
export interface RecurringJobPort {
  schedule<T>(queue: string, name: string, everyMs: number, data?: T): Promise<void>;
  unschedule(queue: string, name: string): Promise<void>;
  /**
   * The queue's store can lose what it holds (a Redis restarted without persistence, flushed,
   * or failed over to an empty replica): pending jobs and schedules alike. When the adapter
   * finds that it did, it registers this process's schedules again and then calls `listener`,
   * once per loss across replicas, so that the caller re-drives the lost work from its own
   * records (the outbox). A listener that throws is called again on a later check.
   */
  onJobsLost(listener: () => Promise<void>): void;
}

/**
 * Attempts of the jobs that carry out a domain event (label, billing, webhook fan-out): eight
 * attempts back off 1 + 2 + … + 64 s, about two minutes, which rides out a database restart or
 * failover instead of giving up during it.
 */
export const EVENT_JOB_ATTEMPTS = 8;

export const JOB_QUEUE = Symbol('JOB_QUEUE');
export const JOB_WORKER = Symbol('JOB_WORKER');
export const RECURRING_JOBS = Symbol('RECURRING_JOBS');
