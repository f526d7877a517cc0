import { defineJob, enqueueJob, JobQueuePort } from '@lgw/kernel';
import { ProcessBatchCommand } from './process-batch.command';

export const FULFILMENT_BATCH_QUEUE = 'batches';

/** Processes one uploaded batch. */
export const PROCESS_BATCH_JOB = defineJob<ProcessBatchCommand>(FULFILMENT_BATCH_QUEUE, 'process');

/**
 * The recurring look for batches whose job went missing. `task` is what workers of the previous
 * release dispatched on (one handler for the queue); nothing reads it now (docs/adr/0077).
 */
export const RECOVER_BATCHES_JOB = defineJob<{ readonly task?: 'recover' }>(FULFILMENT_BATCH_QUEUE, 'recover');

/** One job per batch: the dedupe key keeps a second enqueue a no-op while the first is pending. */
export function enqueueBatch(jobs: JobQueuePort, batchId: string): Promise<void> {
  return enqueueJob(jobs, PROCESS_BATCH_JOB, { batchId }, { jobId: `batch-${batchId}`, attempts: 10, backoffMs: 2000 });
}
