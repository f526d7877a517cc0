import { Inject, Injectable, Logger } from '@nestjs/common';
import { FULFILMENT_BATCH_REPOSITORY, FulfilmentBatchRepositoryPort } from '../ports/fulfilment-batch.repository.port';
import { BATCH_FILE_STORE, BatchFileStorePort } from '../ports/batch-file-store.port';
import { JOB_QUEUE, JobQueuePort, CLOCK, ClockPort } from '@lgw/kernel';
import { enqueueBatch } from '../process-batch/batch-job';

/** A running batch reports progress at least this often; silence beyond it means no one is on it. */
export const BATCH_STALL_MS = 60_000;
/** No upload or result write lasts this long: pieces older than this were abandoned by a crash. */
export const ABANDONED_WRITE_MS = 60 * 60_000;

/**
 * Safety net for batches whose job is gone: an in-memory queue lost in a crash, an enqueue
 * refused while Redis was away. Re-enqueueing is harmless: the job id dedupes it while a job
 * is pending, and every processing step is idempotent.
 */
@Injectable()
export class RecoverBatchesUseCase {
  private readonly logger = new Logger('RecoverBatches');

  constructor(
    @Inject(FULFILMENT_BATCH_REPOSITORY) private readonly batches: FulfilmentBatchRepositoryPort,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueuePort,
    @Inject(CLOCK) private readonly clock: ClockPort,
    @Inject(BATCH_FILE_STORE) private readonly files: BatchFileStorePort,
  ) {}

  /** `stalledForMs` 0 at a worker's start in embedded mode: no other process can hold a batch then. */
  async execute(stalledForMs = BATCH_STALL_MS): Promise<number> {
    const ids = await this.batches.stalled(new Date(this.clock.now().getTime() - stalledForMs), 500);
    for (const id of ids) await enqueueBatch(this.jobs, id);
    if (ids.length > 0) this.logger.log({ event: 'batch.recovered', count: ids.length });
    const swept = await this.files.sweepAbandoned(ABANDONED_WRITE_MS);
    if (swept > 0) this.logger.log({ event: 'batch.files_swept', count: swept });
    return ids.length;
  }
}
