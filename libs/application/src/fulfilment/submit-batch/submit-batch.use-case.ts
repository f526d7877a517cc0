import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DomainError } from '@lgw/domain';
import { sanitiseFilename } from '../../documents/document-filename';
import { IdempotentRequestService, IdempotentResult } from '../../idempotency/idempotent-request.service';
import { BATCH_FILE_STORE, BatchFileStorePort } from '../../ports/batch-file-store.port';
import {
  FULFILMENT_BATCH_REPOSITORY,
  FulfilmentBatchRecord,
  FulfilmentBatchRepositoryPort,
} from '../../ports/fulfilment-batch.repository.port';
import { JOB_QUEUE, JobQueuePort } from '../../ports/job-queue.port';
import { CLOCK, ClockPort } from '../../ports/clock.port';
import { batchFileKeys, FulfilmentBatchView, toFulfilmentBatchView } from '../fulfilment-batch.view';
import { enqueueBatch } from '../process-batch/batch-job';
import { InspectedUpload, inspectCsvUpload } from './csv-upload-inspector';
import { SubmitBatchCommand } from './submit-batch.command';
import { RESOURCE_LINKS, ResourceLinksPort } from '../../ports/resource-links.port';

export const BATCH_FILE_FIELD = 'file';
const FALLBACK_BATCH_FILENAME = 'batch.csv';

/**
 * POST /fulfilment/batches: the file is checked while it streams to storage (never held
 * whole), then the batch is recorded PROCESSING and one job is enqueued. A refused upload
 * leaves nothing stored. Idempotency-Key: the same file (by content hash) under the same
 * key answers the first response again.
 */
@Injectable()
export class SubmitBatchUseCase {
  private readonly logger = new Logger('SubmitBatch');

  constructor(
    @Inject(BATCH_FILE_STORE) private readonly files: BatchFileStorePort,
    @Inject(FULFILMENT_BATCH_REPOSITORY) private readonly batches: FulfilmentBatchRepositoryPort,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueuePort,
    @Inject(CLOCK) private readonly clock: ClockPort,
    private readonly idempotency: IdempotentRequestService,
    @Inject(RESOURCE_LINKS) private readonly links: ResourceLinksPort,
  ) {}

  async execute(command: SubmitBatchCommand): Promise<IdempotentResult<FulfilmentBatchView> & { replayed: boolean }> {
    const id = randomUUID();
    const key = batchFileKeys(id).source;
    const upload: InspectedUpload = { sizeBytes: 0, sha256: '' };
    let filename: string | undefined;
    let stored = false;
    let kept = false;
    try {
      for await (const part of command.parts) {
        if (part.kind !== 'file') continue;
        if (part.field !== BATCH_FILE_FIELD || stored) {
          for await (const _chunk of part.content) {
            // another file part: read past it
          }
          continue;
        }
        filename = part.filename ? sanitiseFilename(part.filename) : FALLBACK_BATCH_FILENAME;
        stored = true;
        await this.files.write(key, inspectCsvUpload(part.content, upload));
      }
      if (!stored) {
        throw new DomainError('E_VALIDATION', {
          field: BATCH_FILE_FIELD,
          reason: 'is required: a UTF-8 CSV file in the form field "file"',
          reason_ar: 'حقل مطلوب: ملف CSV بترميز UTF-8 في حقل النموذج "file"',
        });
      }
      const result = await this.idempotency.run(
        command.teamId,
        'POST /fulfilment/batches',
        command.idempotencyKey,
        { filename, sha256: upload.sha256, size: upload.sizeBytes },
        () => this.accept(id, command.teamId, filename ?? FALLBACK_BATCH_FILENAME, upload.sizeBytes),
      );
      kept = !result.replayed;
      return result;
    } finally {
      if (stored && !kept) await this.files.remove(key).catch((err) => this.logger.warn({ event: 'batch.discard_failed', err }));
    }
  }

  private async accept(id: string, teamId: string, filename: string, sizeBytes: number): Promise<IdempotentResult<FulfilmentBatchView>> {
    const now = this.clock.now();
    const record: FulfilmentBatchRecord = {
      id,
      teamId,
      status: 'PROCESSING',
      phase: 'queued',
      filename,
      sizeBytes,
      rowCount: 0,
      acceptedCount: 0,
      rejectedCount: 0,
      processedRows: 0,
      createdAt: now,
      updatedAt: now,
      finishedAt: null,
    };
    await this.batches.create(record);
    try {
      await enqueueBatch(this.jobs, id);
    } catch (error) {
      // The batch is recorded: the recovery sweep enqueues it once the queue is back.
      this.logger.warn({ event: 'batch.enqueue_deferred', batch_id: id, err: String(error) });
    }
    return { outcome: 'accepted', body: toFulfilmentBatchView(record, this.links) };
  }
}
