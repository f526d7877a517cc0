import { Inject, Injectable } from '@nestjs/common';
import { COD_REMITTANCE_QUEUE, ImportRemittancesUseCase } from '@lgw/cod';
import { APP_CONFIG, AppConfig } from '@lgw/platform';
import { FeatureJobs, JobsContext } from '../feature-jobs';

/** Cash-on-delivery payouts, one schedule per carrier (docs/adr/0044-cod-remittances.md). */
@Injectable()
export class CodJobs implements FeatureJobs {
  constructor(
    private readonly importRemittances: ImportRemittancesUseCase,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async register({ worker, recurring, carrierCodes }: JobsContext): Promise<void> {
    worker.register<{ carrierCode: string }>(
      COD_REMITTANCE_QUEUE,
      async (data) => {
        await this.importRemittances.execute({ carrierCode: data.carrierCode });
      },
      { concurrency: carrierCodes.length },
    );
    for (const carrierCode of carrierCodes) {
      await recurring.schedule(COD_REMITTANCE_QUEUE, `payouts-${carrierCode}`, this.config.codRemittancePollIntervalMs, { carrierCode });
    }
  }
}
