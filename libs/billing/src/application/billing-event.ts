import { defineJob, enqueueJob, EVENT_JOB_ATTEMPTS, JobQueuePort, OutboxEvent } from '@lgw/kernel';
import { BillingEventCommand } from './record-billing-event/record-billing-event.command';

/** Billing's queue: one job per domain event that may add ledger lines. */
export const BILLING_QUEUE = 'billing';

/** Turns one domain event into ledger lines. */
export const RECORD_BILLING_EVENT_JOB = defineJob<BillingEventCommand>(BILLING_QUEUE, 'record');

/**
 * Statuses that mean the parcel travels back: a carrier may report RETURNED without ever
 * reporting RETURN_TO_ORIGIN, and the return is billed on whichever comes first.
 */
export const RETURN_STATUSES: readonly string[] = ['RETURN_TO_ORIGIN', 'RETURNED'];

/**
 * Which domain events bill: a booking, a cancellation, a carrier weighing, and a status
 * change into a return. (The billing sweep states the same filter in SQL.)
 */
export function isBillingEvent(event: OutboxEvent): boolean {
  switch (event.type) {
    case 'shipment.created':
    case 'shipment.cancelled':
    case 'shipment.weighed':
      return true;
    case 'shipment.status_changed':
      return RETURN_STATUSES.includes(String(event.payload.status));
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
  return enqueueJob(jobs, RECORD_BILLING_EVENT_JOB, job.data, { jobId: job.jobId, attempts: EVENT_JOB_ATTEMPTS });
}
