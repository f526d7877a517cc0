import { Inject, Injectable } from '@nestjs/common';
import { defineJob, FeatureJobs, JobsContext } from '@lgw/kernel';
import { SyncTrackingUseCase } from '../application/sync-tracking/sync-tracking.use-case';
import { APP_CONFIG, AppConfig } from '@lgw/platform';
import {
  DELIVERY_OUTCOME_JOB,
  RecordDeliveryOutcomeUseCase,
} from '../application/record-delivery-outcome/record-delivery-outcome.use-case';

const TRACKING_QUEUE = 'tracking';
/** Polls one carrier's due shipments; its schedules are named `poll-<carrier code>`. */
export const SYNC_TRACKING_JOB = defineJob<{ readonly carrierCode: string }>(TRACKING_QUEUE, 'poll');

/**
 * The tracking poll: one schedule per carrier, so a slow carrier's tick never delays the others'.
 * And each shipment's final status counted into carrier performance (relayed from the outbox).
 */
@Injectable()
export class TrackingJobs implements FeatureJobs {
  constructor(
    private readonly syncTracking: SyncTrackingUseCase,
    private readonly recordDeliveryOutcome: RecordDeliveryOutcomeUseCase,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async register({ jobs, carrierCodes }: JobsContext): Promise<void> {
    jobs.handle(
      SYNC_TRACKING_JOB,
      async (data) => {
        await this.syncTracking.execute({ carrierCode: data.carrierCode });
      },
      { concurrency: carrierCodes.length },
    );
    jobs.handle(DELIVERY_OUTCOME_JOB, async (data) => {
      await this.recordDeliveryOutcome.execute(data);
    });
    for (const carrierCode of carrierCodes) {
      await jobs.every(SYNC_TRACKING_JOB, this.config.trackingPollIntervalMs, { carrierCode }, `poll-${carrierCode}`);
    }
  }
}
