import { defineJob, enqueueJob, EVENT_JOB_ATTEMPTS, JobQueuePort, OutboxEvent } from '@lgw/kernel';

/** Domain events become messages here (fan-out) and due messages are leased here (dispatch). */
export const WEBHOOK_EVENTS_QUEUE = 'webhook-events';
/** One job per delivery attempt; a queue of its own so fan-out never waits behind slow receivers. */
export const WEBHOOK_DELIVERY_QUEUE = 'webhook-deliveries';

/** The fan-out job's data: the domain event as the outbox holds it. */
export interface WebhookEventJob {
  readonly eventId: string;
  readonly teamId: string;
  readonly shipmentId: string;
  readonly type: string;
  readonly payload: Record<string, unknown>;
  readonly occurredAt: string;
}

export interface WebhookDispatchJob {
  readonly teamId?: string;
}

export interface WebhookDeliveryJob {
  readonly messageId: string;
  readonly leaseToken: string;
}

/** Turns one domain event into webhook messages. */
export const FAN_OUT_WEBHOOK_EVENT_JOB = defineJob<WebhookEventJob>(WEBHOOK_EVENTS_QUEUE, 'fan-out');
/** Hands out due messages (one team's, or every team's): asked for after an event or an attempt, and every second. */
export const DISPATCH_WEBHOOKS_JOB = defineJob<WebhookDispatchJob>(WEBHOOK_EVENTS_QUEUE, 'dispatch');
/** One delivery attempt of one leased message. */
export const DELIVER_WEBHOOK_JOB = defineJob<WebhookDeliveryJob>(WEBHOOK_DELIVERY_QUEUE, 'deliver');

/** Events that may produce webhook messages: those that carry the kinds they stand for. */
export function isWebhookEvent(event: OutboxEvent): boolean {
  return Array.isArray(event.payload.kinds) && event.payload.kinds.length > 0;
}

export function webhookEventJob(event: OutboxEvent): { data: WebhookEventJob; jobId: string } {
  return {
    jobId: `webhook-event-${event.id}`,
    data: {
      eventId: event.id,
      teamId: event.teamId,
      shipmentId: event.aggregateId,
      type: event.type,
      payload: event.payload,
      occurredAt: new Date(event.createdAt).toISOString(),
    },
  };
}

/** Queues the fan-out of one event into webhook messages (the relay's mapping for webhooks). */
export function enqueueWebhookFanOut(jobs: JobQueuePort, event: OutboxEvent): Promise<void> {
  const job = webhookEventJob(event);
  return enqueueJob(jobs, FAN_OUT_WEBHOOK_EVENT_JOB, job.data, { jobId: job.jobId, attempts: EVENT_JOB_ATTEMPTS });
}
