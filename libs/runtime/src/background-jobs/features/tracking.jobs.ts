import { Inject, Injectable } from '@nestjs/common';
import { SyncTrackingUseCase } from '@lgw/tracking';
import { APP_CONFIG, AppConfig } from '@lgw/platform';
import { FeatureJobs, JobsContext } from '../feature-jobs';

const TRACKING_QUEUE = 'tracking';

/** The tracking poll: one schedule per carrier, so a slow carrier's tick never delays the others'. */
@Injectable()
export class TrackingJobs implements FeatureJobs {
  constructor(
    private readonly syncTracking: SyncTrackingUseCase,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async register({ worker, recurring, carrierCodes }: JobsContext): Promise<void> {
    worker.register<{ carrierCode: string }>(
      TRACKING_QUEUE,
      async (data) => {
        await this.syncTracking.execute({ carrierCode: data.carrierCode });
      },
      { concurrency: carrierCodes.length },
    );
    for (const carrierCode of carrierCodes) {
      await recurring.schedule(TRACKING_QUEUE, `poll-${carrierCode}`, this.config.trackingPollIntervalMs, { carrierCode });
    }
  }
}
