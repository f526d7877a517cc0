import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@lgw/kernel';
import { BATCH_FILE_STORE, BatchFileStorePort } from '../ports/batch-file-store.port';
import { batchFileKeys } from '../fulfilment-batch.view';
import { GetBatchUseCase } from '../get-batch/get-batch.use-case';

export type BatchCsvKind = 'result' | 'rejections';

/**
 * GET …/result.csv and …/rejections.csv: the same text as result_csv / rejection_csv, as a
 * stream. 404 until the batch has that file (result only when COMPLETED, rejections only
 * when REJECTED).
 */
@Injectable()
export class DownloadBatchCsvUseCase {
  constructor(
    private readonly getBatch: GetBatchUseCase,
    @Inject(BATCH_FILE_STORE) private readonly files: BatchFileStorePort,
  ) {}

  async execute(teamId: string, id: string, kind: BatchCsvKind): Promise<{ filename: string; content: AsyncIterable<Buffer> }> {
    const batch = await this.getBatch.record(teamId, id);
    const wanted = kind === 'result' ? 'COMPLETED' : 'REJECTED';
    const content = batch.status === wanted ? await this.files.open(batchFileKeys(batch.id)[kind]) : null;
    if (!content) throw new DomainError('E_NOT_FOUND');
    return { filename: `${batch.id}-${kind}.csv`, content };
  }
}
