import { Inject, Injectable, Logger } from '@nestjs/common';
import { PurgeExpiredUseCase } from '../application/purge-expired/purge-expired.use-case';
import { RecoverCarrierIntentsUseCase } from '../application/recover-carrier-intents/recover-carrier-intents.use-case';
import { APP_CONFIG, AppConfig } from '@lgw/platform';
import { FeatureJobs, JobsContext } from '@lgw/kernel';

/** How often expired idempotency keys, stale quotes and old published events are purged. */
export const PURGE_EVERY_MS = 10 * 60_000;
/** Carrier intents older than INTENT_RECOVERY_AFTER_MS are looked for at least this often (ADR 0013). */
export const INTENT_RECOVERY_MAX_EVERY_MS = 10_000;

/** Purging what has expired, and settling carrier calls a crash left unanswered. */
@Injectable()
export class HousekeepingJobs implements FeatureJobs {
  private readonly logger = new Logger('BackgroundJobs');

  constructor(
    private readonly purgeExpired: PurgeExpiredUseCase,
    private readonly recoverIntents: RecoverCarrierIntentsUseCase,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async register({ maintenance }: JobsContext): Promise<void> {
    await maintenance.every('purge', PURGE_EVERY_MS, async () => {
      const purged = await this.purgeExpired.execute();
      this.logger.log({ event: 'maintenance.purged', ...purged });
    });
    // A fraction of the recovery bound, so an intent is settled soon after it becomes due.
    const recoverEveryMs = Math.min(INTENT_RECOVERY_MAX_EVERY_MS, Math.max(250, Math.floor(this.config.intentRecoveryAfterMs / 4)));
    await maintenance.every('recover-intents', recoverEveryMs, async () => {
      await this.recoverIntents.execute();
    });
  }
}
