import { JobQueuePort } from '../ports/job-queue.port';
import { OutboxEvent } from '../ports/outbox.port';
import { BillingEventCommand } from './record-billing-event/record-billing-event.command';

/** Billing's queue: one job per domain event that may add ledger lines. */
export const BILLING_QUEUE = 'billing';

/**
 * Which domain events bill: a booking, a cancellation, and tracking news that brings a
 * return to origin or a carrier-measured weight.
 */
export function isBillingEvent(event: OutboxEvent): boolean {
  switch (event.type) {
    case 'shipment.created':
    case 'shipment.cancelled':
      return true;
    case 'shipment.status_changed':
      return event.payload.status === 'RETURN_TO_ORIGIN' || typeof event.payload.measured_weight_kg === 'number';
    default:
      return false;
  }
}

export function billingJob(event: OutboxEvent): { data: BillingEventCommand; jobId: string } {
  return {
    jobId: `billing-${event.id}`,
    data: {
      eventId: event.id,
      type: event.type,
      teamId: event.teamId,
      shipmentId: event.aggregateId,
      payload: event.payload,
      recordedAt: new Date(event.createdAt).toISOString(),
    },
  };
}

/** Queues the billing of one event (the relay, and the sweep for events whose job was lost). */
export function enqueueBilling(jobs: JobQueuePort, event: OutboxEvent): Promise<void> {
  const job = billingJob(event);
  return jobs.enqueue(BILLING_QUEUE, 'record', job.data, { jobId: job.jobId });
}
