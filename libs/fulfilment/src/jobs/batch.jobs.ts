import { Inject, Injectable } from '@nestjs/common';
import { PROCESS_BATCH_JOB, RECOVER_BATCHES_JOB } from '../application/process-batch/batch-job';
import { ProcessBatchUseCase } from '../application/process-batch/process-batch.use-case';
import { RecoverBatchesUseCase } from '../application/recover-batches/recover-batches.use-case';
import { GATEWAY_RUNTIME, FeatureJobs, JobsContext } from '@lgw/kernel';

/** How often fulfilment batches whose job went missing are looked for. */
export const BATCH_RECOVERY_EVERY_MS = 30_000;

@Injectable()
export class BatchJobs implements FeatureJobs {
  constructor(
    private readonly processBatch: ProcessBatchUseCase,
    private readonly recoverBatches: RecoverBatchesUseCase,
    /** What this feature reads of the process: whether jobs run in-process (libs/runtime's GatewayRuntime). */
    @Inject(GATEWAY_RUNTIME) private readonly runtime: { readonly jobs: { readonly mode: string } },
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

  async beforeStart(): Promise<void> {
    // In-memory jobs die with their process: whatever is PROCESSING now was lost in it.
    if (this.runtime.jobs.mode === 'in-process') await this.recoverBatches.execute(0);
  }
}
