import type { JobQueuePort, JobWorkerPort, RecurringJobPort } from '@lgw/kernel';
import { BullMqJobQueue, JobRetention } from './bullmq/bullmq-job-queue';
import { BullMqJobWorker } from './bullmq/bullmq-job-worker';
import { InProcessJobQueue } from './in-process/in-process-job-queue';
import { JobDefaults } from './job-defaults';
import { QueueLogger } from './queue-logger';

export interface CreateJobQueueOptions {
  /** Set (REDIS_URL): BullMQ. Absent: the in-process adapter (embedded mode). */
  redisUrl?: string;
  /** Redis key prefix, default 'lgw'. Producers and workers must agree on it. */
  prefix?: string;
  logger: QueueLogger;
  /** Attempts and backoff for jobs whose JobOptions leave them out. */
  defaults?: JobDefaults;
  /** How long close() waits for running jobs. */
  closeTimeoutMs?: number;
  /** BullMQ only: stalled-job recovery timing and history kept in Redis. */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  maxStalledCount?: number;
  retention?: JobRetention;
}

export interface JobQueueRuntime {
  readonly mode: 'in-process' | 'bullmq';
  readonly queue: JobQueuePort;
  readonly recurring: RecurringJobPort;
  /** Only processes that run jobs call start(); until then it opens no connection. */
  readonly worker: JobWorkerPort;
  /** Jobs waiting, running and delayed in one queue (metrics). */
  depth(queue: string): Promise<{ waiting: number; active: number; delayed: number }>;
  /** Worker first, so running jobs can still enqueue their follow-ups, then the producer. */
  close(): Promise<void>;
}

export function createJobQueue(options: CreateJobQueueOptions): JobQueueRuntime {
  const { redisUrl, prefix, logger, defaults, closeTimeoutMs } = options;
  if (!redisUrl) {
    const inProcess = new InProcessJobQueue({ logger, defaults, closeTimeoutMs });
    return {
      mode: 'in-process',
      queue: inProcess,
      recurring: inProcess,
      worker: inProcess,
      depth: (name) => inProcess.depth(name),
      close: () => inProcess.close(),
    };
  }
  const queue = new BullMqJobQueue({ connection: redisUrl, prefix, logger, defaults, retention: options.retention });
  const worker = new BullMqJobWorker({
    connection: redisUrl,
    prefix,
    logger,
    closeTimeoutMs,
    lockDurationMs: options.lockDurationMs,
    stalledIntervalMs: options.stalledIntervalMs,
    maxStalledCount: options.maxStalledCount,
  });
  return {
    mode: 'bullmq',
    queue,
    recurring: queue,
    worker,
    depth: (name) => queue.depth(name),
    close: async () => {
      await worker.close();
      await queue.close();
    },
  };
}
