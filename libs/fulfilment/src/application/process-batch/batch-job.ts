import { JobQueuePort } from '@lgw/kernel';

export const FULFILMENT_BATCH_QUEUE = 'batches';

/** One job per batch: the dedupe key keeps a second enqueue a no-op while the first is pending. */
export function enqueueBatch(jobs: JobQueuePort, batchId: string): Promise<void> {
  return jobs.enqueue(FULFILMENT_BATCH_QUEUE, 'process', { batchId }, { jobId: `batch-${batchId}`, attempts: 10, backoffMs: 2000 });
}
