import { Injectable, Logger } from '@nestjs/common';
import { RECORD_BILLING_EVENT_JOB } from '../application/billing-event';
import { RecordBillingEventUseCase } from '../application/record-billing-event/record-billing-event.use-case';
import { SweepBillingUseCase } from '../application/sweep-billing/sweep-billing.use-case';
import { FeatureJobs, JobsContext } from '@lgw/kernel';

/** How often billable events whose ledger job was lost are looked for (and once at start-up). */
export const BILLING_SWEEP_EVERY_MS = 60_000;

@Injectable()
export class BillingJobs implements FeatureJobs {
  private readonly logger = new Logger('BackgroundJobs');

  constructor(
    private readonly recordBillingEvent: RecordBillingEventUseCase,
    private readonly sweepBilling: SweepBillingUseCase,
  ) {}

  async register({ jobs, maintenance }: JobsContext): Promise<void> {
    jobs.handle(RECORD_BILLING_EVENT_JOB, async (data) => {
      await this.recordBillingEvent.execute(data);
    });
    await maintenance.every('billing-sweep', BILLING_SWEEP_EVERY_MS, async () => {
      const requeued = await this.sweepBilling.execute();
      if (requeued > 0) this.logger.warn({ event: 'billing.sweep_requeued', requeued });
    });
  }

  async onJobsLost(): Promise<Record<string, number>> {
    return { billing: await this.sweepBilling.execute() };
  }
}
