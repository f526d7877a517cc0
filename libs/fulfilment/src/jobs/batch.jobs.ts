import { Injectable } from '@nestjs/common';
import { PROCESS_BATCH_JOB, RECOVER_BATCHES_JOB } from '../application/process-batch/batch-job';
import { ProcessBatchUseCase } from '../application/process-batch/process-batch.use-case';
import { RecoverBatchesUseCase } from '../application/recover-batches/recover-batches.use-case';
import { FeatureJobs, JobsContext } from '@lgw/kernel';

/** How often fulfilment batches whose job went missing are looked for. */
export const BATCH_RECOVERY_EVERY_MS = 30_000;

@Injectable()
export class BatchJobs implements FeatureJobs {
  constructor(
    private readonly processBatch: ProcessBatchUseCase,
    private readonly recoverBatches: RecoverBatchesUseCase,
  ) {}

  async register({ jobs }: JobsContext): Promise<void> {
    // One batch at a time per worker: a batch already uses the carrier's files in flight.
    jobs.handle(PROCESS_BATCH_JOB, async (data) => {
      await this.processBatch.execute({ batchId: data.batchId });
    });
    jobs.handle(RECOVER_BATCHES_JOB, async () => {
      await this.recoverBatches.execute();
    });
    // `task` only for workers of the previous release during a rolling deploy (docs/adr/0077).
    await jobs.every(RECOVER_BATCHES_JOB, BATCH_RECOVERY_EVERY_MS, { task: 'recover' });
  }

  async beforeStart({ inProcess }: JobsContext): Promise<void> {
    // In-memory jobs die with their process: whatever is PROCESSING now was lost in it.
    if (inProcess) await this.recoverBatches.execute(0);
  }
}
