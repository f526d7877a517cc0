import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@lgw/kernel';
import { BATCH_FILE_STORE, BatchFileStorePort } from '../ports/batch-file-store.port';
import { batchFileKeys } from '../fulfilment-batch.view';
import { batchOfTeam } from '../batch-of-team';
import { FULFILMENT_BATCH_REPOSITORY, FulfilmentBatchRepositoryPort } from '../ports/fulfilment-batch.repository.port';

export type BatchCsvKind = 'result' | 'rejections';

/**
 * GET …/result.csv and …/rejections.csv: the same text as result_csv / rejection_csv, as a
 * stream. 404 until the batch has that file (result only when COMPLETED, rejections only
 * when REJECTED).
 */
@Injectable()
export class DownloadBatchCsvUseCase {
  constructor(
    @Inject(FULFILMENT_BATCH_REPOSITORY) private readonly batches: FulfilmentBatchRepositoryPort,
    @Inject(BATCH_FILE_STORE) private readonly files: BatchFileStorePort,
  ) {}

  async execute(teamId: string, id: string, kind: BatchCsvKind): Promise<{ filename: string; content: AsyncIterable<Buffer> }> {
    const batch = await batchOfTeam(this.batches, teamId, id);
    const wanted = kind === 'result' ? 'COMPLETED' : 'REJECTED';
    const content = batch.status === wanted ? await this.files.open(batchFileKeys(batch.id)[kind]) : null;
    if (!content) throw new DomainError('E_NOT_FOUND');
    return { filename: `${batch.id}-${kind}.csv`, content };
  }
}
