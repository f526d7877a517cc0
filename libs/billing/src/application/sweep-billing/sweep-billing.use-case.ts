import { Inject, Injectable } from '@nestjs/common';
import { BILLING_LEDGER, BillingLedgerPort } from '../ports/billing-ledger.port';
import { JOB_QUEUE, JobQueuePort, CLOCK, ClockPort } from '@lgw/kernel';
import { enqueueBilling } from '../billing-event';

/** Long enough for the job the relay enqueued to have run; a duplicate is deduped and bills nothing anyway. */
const GRACE_MS = 30_000;
/** Published events are kept 7 days (retention); a day back is ample for a sweep every minute. */
const LOOK_BACK_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

/**
 * Safety net for billing jobs lost after the relay published their event: an in-memory queue
 * that died with its process (embedded mode), or a job that gave up its retries (a rate card
 * missing until an operator restored it). Re-enqueues every billable event with no receipt.
 */
@Injectable()
export class SweepBillingUseCase {
  constructor(
    @Inject(BILLING_LEDGER) private readonly ledger: BillingLedgerPort,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueuePort,
    @Inject(CLOCK) private readonly clock: ClockPort,
  ) {}

  async execute(): Promise<number> {
    const now = this.clock.now().getTime();
    const events = await this.ledger.unprocessedEvents(new Date(now - LOOK_BACK_MS), new Date(now - GRACE_MS), BATCH);
    for (const event of events) await enqueueBilling(this.jobs, event);
    return events.length;
  }
}
