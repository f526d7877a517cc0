import { Inject, Injectable } from '@nestjs/common';
import { ReadinessReport, ReadinessScorer } from '../../domain/readiness-scoring';
import { CATALOGUE_REPOSITORY, CatalogueRepositoryPort } from '../ports/catalogue.repository.port';

/**
 * Scores the team's whole catalogue (docs/api.md §10 "Data readiness"). Products stream through
 * the pure scorer a page at a time, so memory holds the report, never the catalogue.
 */
@Injectable()
export class ScoreDataReadinessUseCase {
  constructor(@Inject(CATALOGUE_REPOSITORY) private readonly catalogue: CatalogueRepositoryPort) {}

  async execute(command: { readonly teamId: string }): Promise<ReadinessReport> {
    const scorer = new ReadinessScorer();
    await this.catalogue.forEach(command.teamId, (product) => scorer.add(product));
    return scorer.report();
  }
}
