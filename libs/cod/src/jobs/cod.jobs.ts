import { Inject, Injectable } from '@nestjs/common';
import { IMPORT_REMITTANCES_JOB } from '../application/cod-settings';
import { ImportRemittancesUseCase } from '../application/import-remittances/import-remittances.use-case';
import { APP_CONFIG, AppConfig } from '@lgw/platform';
import { FeatureJobs, JobsContext } from '@lgw/kernel';

/**
 * Cash-on-delivery payouts, one schedule per carrier (docs/adr/0044-cod-remittances.md); each run
 * walks the carrier's accounts as they are then (docs/adr/0091), so connections made or revoked
 * at runtime need no schedule of their own and no restart.
 */
@Injectable()
export class CodJobs implements FeatureJobs {
  constructor(
    private readonly importRemittances: ImportRemittancesUseCase,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async register({ jobs, carrierCodes }: JobsContext): Promise<void> {
    jobs.handle(
      IMPORT_REMITTANCES_JOB,
      async (data) => {
        await this.importRemittances.execute({ carrierCode: data.carrierCode });
      },
      { concurrency: carrierCodes.length },
    );
    for (const carrierCode of carrierCodes) {
      await jobs.every(IMPORT_REMITTANCES_JOB, this.config.codRemittancePollIntervalMs, { carrierCode }, `payouts-${carrierCode}`);
    }
  }
}
