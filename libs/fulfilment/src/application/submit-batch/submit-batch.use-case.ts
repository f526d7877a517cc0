import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  DomainError,
  JOB_QUEUE,
  JobQueuePort,
  CLOCK,
  ClockPort,
  RESOURCE_LINKS,
  ResourceLinksPort,
  AuditSource,
  SYSTEM_AUDIT_SOURCE,
} from '@lgw/kernel';
import { sanitiseFilename } from '@lgw/shipping';
import { BATCH_FILE_STORE, BatchFileStorePort } from '../ports/batch-file-store.port';
import {
  FULFILMENT_BATCH_REPOSITORY,
  FulfilmentBatchRecord,
  FulfilmentBatchRepositoryPort,
} from '../ports/fulfilment-batch.repository.port';
import { batchFileKeys, FulfilmentBatchView, toFulfilmentBatchView } from '../fulfilment-batch.view';
import { enqueueBatch } from '../process-batch/batch-job';
import { InspectedUpload, inspectCsvUpload } from './csv-upload-inspector';
import { ReceivedBatchFile, SubmitBatchCommand } from './submit-batch.command';

export const BATCH_FILE_FIELD = 'file';
const FALLBACK_BATCH_FILENAME = 'batch.csv';

/**
 * A batch upload in two steps, so the caller can decide in between whether the request is a new
 * one (a repeated request answers its first batch and discards the file): `receive` checks the
 * file while it streams to storage (never held whole); `accept` records the batch PROCESSING and
 * enqueues one job; `discard` removes a received file. A refused upload leaves nothing stored.
 */
@Injectable()
export class SubmitBatchUseCase {
  private readonly logger = new Logger('SubmitBatch');

  constructor(
    @Inject(BATCH_FILE_STORE) private readonly files: BatchFileStorePort,
    @Inject(FULFILMENT_BATCH_REPOSITORY) private readonly batches: FulfilmentBatchRepositoryPort,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueuePort,
    @Inject(CLOCK) private readonly clock: ClockPort,
    @Inject(RESOURCE_LINKS) private readonly links: ResourceLinksPort,
  ) {}

  async receive(command: SubmitBatchCommand): Promise<ReceivedBatchFile> {
    const batchId = randomUUID();
    const upload: InspectedUpload = { sizeBytes: 0, sha256: '' };
    let filename: string | undefined;
    try {
      for await (const part of command.parts) {
        if (part.kind !== 'file') continue;
        if (part.field !== BATCH_FILE_FIELD || filename !== undefined) {
          for await (const _chunk of part.content) {
            // another file part: read past it
          }
          continue;
        }
        filename = part.filename ? sanitiseFilename(part.filename) : FALLBACK_BATCH_FILENAME;
        await this.files.write(batchFileKeys(batchId).source, inspectCsvUpload(part.content, upload));
      }
    } catch (error) {
      if (filename !== undefined) await this.discard({ batchId, teamId: command.teamId, filename, sizeBytes: 0, sha256: '' });
      throw error;
    }
    if (filename === undefined) {
      throw new DomainError('E_VALIDATION', {
        field: BATCH_FILE_FIELD,
        reason: 'is required: a UTF-8 CSV file in the form field "file"',
        reason_ar: 'حقل مطلوب: ملف CSV بترميز UTF-8 في حقل النموذج "file"',
      });
    }
    return { batchId, teamId: command.teamId, filename, sizeBytes: upload.sizeBytes, sha256: upload.sha256 };
  }

  async accept(file: ReceivedBatchFile, source: AuditSource = SYSTEM_AUDIT_SOURCE): Promise<FulfilmentBatchView> {
    const now = this.clock.now();
    const record: FulfilmentBatchRecord = {
      id: file.batchId,
      teamId: file.teamId,
      status: 'PROCESSING',
      phase: 'queued',
      filename: file.filename,
      sizeBytes: file.sizeBytes,
      rowCount: 0,
      acceptedCount: 0,
      rejectedCount: 0,
      processedRows: 0,
      createdAt: now,
      updatedAt: now,
      finishedAt: null,
    };
    await this.batches.create(record, {
      teamId: file.teamId,
      action: 'batch.submitted',
      target: { type: 'fulfilment_batch', id: file.batchId },
      changes: { filename: file.filename, size_bytes: file.sizeBytes, sha256: file.sha256 },
      source,
    });
    try {
      await enqueueBatch(this.jobs, file.batchId);
    } catch (error) {
      // The batch is recorded: the recovery sweep enqueues it once the queue is back.
      this.logger.warn({ event: 'batch.enqueue_deferred', batch_id: file.batchId, err: String(error) });
    }
    return toFulfilmentBatchView(record, this.links);
  }

  /** Removes a received file no batch will read; a failure is logged, never the caller's. */
  async discard(file: ReceivedBatchFile): Promise<void> {
    await this.files.remove(batchFileKeys(file.batchId).source).catch((err) => this.logger.warn({ event: 'batch.discard_failed', err }));
  }
}
