import { Inject, Injectable } from '@nestjs/common';
import { FeatureJobs, JobsContext } from '@lgw/kernel';
import { APP_CONFIG, AppConfig } from '@lgw/platform';
import { AutoReturnUseCase } from '../application/delivery-issues/auto-return/auto-return.use-case';

/** Delivery issues due for the automatic return (team attempts, or the deadline), every DELIVERY_ISSUE_SWEEP_MS. */
@Injectable()
export class DeliveryIssueJobs implements FeatureJobs {
  constructor(
    private readonly autoReturn: AutoReturnUseCase,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async register({ maintenance }: JobsContext): Promise<void> {
    await maintenance.every('delivery-issue-auto-return', this.config.deliveryIssueSweepMs, async () => {
      await this.autoReturn.execute();
    });
  }
}
