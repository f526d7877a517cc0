import { Inject, Injectable } from '@nestjs/common';
import { batchOfTeam } from '../batch-of-team';
import { BATCH_FILE_STORE, BatchFileStorePort } from '../ports/batch-file-store.port';
import { FULFILMENT_BATCH_REPOSITORY, FulfilmentBatchRepositoryPort } from '../ports/fulfilment-batch.repository.port';
import { batchFileKeys, FulfilmentBatchView, toFulfilmentBatchView } from '../fulfilment-batch.view';
import { RESOURCE_LINKS, ResourceLinksPort } from '@lgw/kernel';

/** GET /fulfilment/batches/{id}: another team's id is as unknown as a made-up one (404). */
@Injectable()
export class GetBatchUseCase {
  constructor(
    @Inject(FULFILMENT_BATCH_REPOSITORY) private readonly batches: FulfilmentBatchRepositoryPort,
    @Inject(BATCH_FILE_STORE) private readonly files: BatchFileStorePort,
    @Inject(RESOURCE_LINKS) private readonly links: ResourceLinksPort,
  ) {}

  async execute(teamId: string, id: string): Promise<FulfilmentBatchView> {
    const batch = await batchOfTeam(this.batches, teamId, id);
    const keys = batchFileKeys(batch.id);
    return toFulfilmentBatchView(batch, this.links, {
      result: batch.status === 'COMPLETED' ? await this.readText(keys.result) : null,
      rejections: batch.status === 'REJECTED' ? await this.readText(keys.rejections) : null,
    });
  }

  private async readText(key: string): Promise<string | null> {
    const content = await this.files.open(key);
    if (!content) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of content) chunks.push(chunk);
    return Buffer.concat(chunks).toString('utf8');
  }
}
