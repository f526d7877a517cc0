import { defineJob, enqueueJob, EVENT_JOB_ATTEMPTS, JobQueuePort, OutboxEvent } from '@lgw/kernel';
import { mayCallForNotice } from '../domain/notification-event';

/** Domain events become planned notices here; a queue apart from sending, so a slow provider never holds up planning. */
export const NOTIFICATION_EVENTS_QUEUE = 'notification-events';
export const NOTIFICATION_SENDS_QUEUE = 'notification-sends';

export interface NotificationEventJob {
  readonly eventId: string;
  readonly teamId: string;
  readonly shipmentId: string;
  readonly type: string;
  readonly payload: Record<string, unknown>;
}

export interface SendNotificationJob {
  readonly notificationId: string;
}

export const PLAN_NOTIFICATIONS_JOB = defineJob<NotificationEventJob>(NOTIFICATION_EVENTS_QUEUE, 'plan');
export const SEND_NOTIFICATION_JOB = defineJob<SendNotificationJob>(NOTIFICATION_SENDS_QUEUE, 'send');

/** Events a recipient may be told of (the relay's question). */
export function isNotificationEvent(event: OutboxEvent): boolean {
  return mayCallForNotice(event.type, event.payload);
}

/** Queues the planning of one event's notices (the relay's mapping for notifications); deduplicated by the event. */
export function enqueueNotificationPlanning(jobs: JobQueuePort, event: OutboxEvent): Promise<void> {
  return enqueueJob(
    jobs,
    PLAN_NOTIFICATIONS_JOB,
    { eventId: event.id, teamId: event.teamId, shipmentId: event.aggregateId, type: event.type, payload: event.payload },
    { jobId: `notification-event-${event.id}`, attempts: EVENT_JOB_ATTEMPTS },
  );
}

/**
 * Queues one send. The row's claim, not the job, makes it once: a job run twice, or queued again
 * by the sweep, finds the notice claimed and does nothing. Each try has its own job id.
 */
export function enqueueNotificationSend(jobs: JobQueuePort, notificationId: string, attempt: number): Promise<void> {
  return enqueueJob(
    jobs,
    SEND_NOTIFICATION_JOB,
    { notificationId },
    { jobId: `notification-send-${notificationId}-${attempt}`, attempts: 1 },
  );
}
