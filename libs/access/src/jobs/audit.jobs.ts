import { Injectable } from '@nestjs/common';
import { FeatureJobs, JobsContext } from '@lgw/kernel';
import { PruneAuditEventsUseCase } from '../application/prune-audit-events/prune-audit-events.use-case';

/** Retention runs a few times a day: an event outlives its retention by at most this long. */
export const AUDIT_PRUNE_EVERY_MS = 6 * 60 * 60_000;

@Injectable()
export class AuditJobs implements FeatureJobs {
  constructor(private readonly prune: PruneAuditEventsUseCase) {}

  async register({ maintenance }: JobsContext): Promise<void> {
    await maintenance.every('audit-retention', AUDIT_PRUNE_EVERY_MS, async () => {
      await this.prune.execute();
    });
  }
}
