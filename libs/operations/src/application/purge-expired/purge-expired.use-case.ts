import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, ClockPort } from '@lgw/kernel';
import { RETENTION, RetentionPolicy, RetentionPort, RetentionReport } from '../ports/retention.port';

export const RETENTION_POLICY: RetentionPolicy = {
  quoteGraceMs: 60 * 60 * 1000,
  outboxKeepMs: 7 * 24 * 60 * 60 * 1000,
  batchSize: 5000,
};

/**
 * Keeps the tables that only grow in check: idempotency keys past their 24 hours, quotes an
 * hour past expiry (embedded mode; Redis expires its own), published domain events after a week.
 */
@Injectable()
export class PurgeExpiredUseCase {
  constructor(
    @Inject(RETENTION) private readonly retention: RetentionPort,
    @Inject(CLOCK) private readonly clock: ClockPort,
  ) {}

  execute(policy: RetentionPolicy = RETENTION_POLICY): Promise<RetentionReport> {
    return this.retention.purge(this.clock.now(), policy);
  }
}
