import { Inject, Injectable } from '@nestjs/common';
import { defineJob, JOB_QUEUE, JobQueuePort, OUTBOX, OutboxEvent, OutboxPort } from '@lgw/kernel';
import { enqueueLabel } from '@lgw/shipping';
import { enqueueBilling, isBillingEvent } from '@lgw/billing';
import { enqueueWebhookFanOut, isWebhookEvent } from '@lgw/webhooks';
import { enqueueDeliveryOutcome, isDeliveryOutcomeEvent } from '@lgw/tracking';
import { enqueueNotificationPlanning, isNotificationEvent } from '@lgw/notifications';

export const OUTBOX_QUEUE = 'outbox';
/** The recurring relay of committed domain events; its ticks carry nothing. */
export const RELAY_OUTBOX_JOB = defineJob<undefined>(OUTBOX_QUEUE, 'relay');
const BATCH = 200;

/**
 * Turns committed domain events into jobs. Events are written in the same transaction as
 * the change they describe; this relay enqueues their follow-up work and marks them
 * published only once the queue accepted it, so a crash or a Redis outage delays work but
 * never loses it. Jobs carry a dedupe id, so an event relayed twice runs its work once.
 */
@Injectable()
export class RelayOutboxUseCase {
  constructor(
    @Inject(OUTBOX) private readonly outbox: OutboxPort,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueuePort,
  ) {}

  /** Relays until the outbox is empty; returns how many events went out. */
  async execute(): Promise<number> {
    let total = 0;
    for (;;) {
      const relayed = await this.outbox.relayBatch(BATCH, (events) => this.publish(events));
      total += relayed;
      if (relayed < BATCH) return total;
    }
  }

  /**
   * The one place that maps a domain event to its follow-up work. A batch's jobs are handed to
   * the queue together (one wait, not one per job); if any is refused, the batch stays
   * unpublished and comes back, and the jobs already accepted are deduplicated by their ids.
   */
  private async publish(events: readonly OutboxEvent[]): Promise<void> {
    const accepted: Array<Promise<void>> = [];
    for (const event of events) {
      // Shipments of fulfilment batches carry the fulfilment carrier's own label.
      if (event.type === 'shipment.created' && event.payload.labelled_by_carrier !== true) {
        accepted.push(enqueueLabel(this.jobs, event.aggregateId));
      }
      // Batch bookings write their ledger lines with the event itself (docs/adr/0067).
      if (isBillingEvent(event) && event.payload.billed_with_booking !== true) accepted.push(enqueueBilling(this.jobs, event));
      // A team without an enabled endpoint has nothing to fan out (the fan-out would find the same).
      if (isWebhookEvent(event) && event.webhookEndpoint !== false) accepted.push(enqueueWebhookFanOut(this.jobs, event));
      // A final status counts the shipment into its lane's carrier performance (docs/adr/0084).
      if (isDeliveryOutcomeEvent(event)) accepted.push(enqueueDeliveryOutcome(this.jobs, event));
      // The recipient is told of what the event means for them, off the scan's path (docs/adr/0086).
      if (isNotificationEvent(event)) accepted.push(enqueueNotificationPlanning(this.jobs, event));
    }
    await Promise.all(accepted);
  }
}
