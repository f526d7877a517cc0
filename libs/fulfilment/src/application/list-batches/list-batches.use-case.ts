import { Inject, Injectable } from '@nestjs/common';
import { FieldProblem, ValidationError, RESOURCE_LINKS, ResourceLinksPort } from '@lgw/kernel';
import { FULFILMENT_BATCH_REPOSITORY, FulfilmentBatchRepositoryPort } from '../ports/fulfilment-batch.repository.port';
import { parsePage } from '@lgw/shipping';
import { FulfilmentBatchView, toFulfilmentBatchView } from '../fulfilment-batch.view';

export interface BatchPage {
  readonly batches: FulfilmentBatchView[];
  readonly total: number;
  readonly limit: number;
  readonly offset: number;
}

/**
 * GET /fulfilment/batches: the team's batches, newest first, paged like the shipment list. The
 * CSV texts are left to GET /fulfilment/batches/{id} and the download links (null here).
 */
@Injectable()
export class ListBatchesUseCase {
  constructor(
    @Inject(FULFILMENT_BATCH_REPOSITORY) private readonly batches: FulfilmentBatchRepositoryPort,
    @Inject(RESOURCE_LINKS) private readonly links: ResourceLinksPort,
  ) {}

  async execute(command: { teamId: string; limit?: string; offset?: string }): Promise<BatchPage> {
    const problems: FieldProblem[] = [];
    const { limit, offset } = parsePage(command.limit, command.offset, problems);
    if (problems.length > 0) throw ValidationError.of(problems);
    const page = await this.batches.listForTeam(command.teamId, limit, offset);
    return { batches: page.items.map((b) => toFulfilmentBatchView(b, this.links)), total: page.total, limit, offset };
  }
}
