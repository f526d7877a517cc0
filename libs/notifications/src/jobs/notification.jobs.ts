import { Inject, Injectable } from '@nestjs/common';
import { FeatureJobs, JOB_QUEUE, JobQueuePort, JobsContext } from '@lgw/kernel';
import { PLAN_NOTIFICATIONS_JOB, SEND_NOTIFICATION_JOB, enqueueNotificationSend } from '../application/notification-jobs';
import { PlanNotificationsUseCase } from '../application/plan-notifications/plan-notifications.use-case';
import { SendNotificationUseCase } from '../application/send-notification/send-notification.use-case';
import { SweepNotificationsUseCase } from '../application/sweep-notifications/sweep-notifications.use-case';

/** Retries falling due and jobs lost with a process are picked up this often. */
export const NOTIFICATION_SWEEP_EVERY_MS = 1_000;
const SEND_CONCURRENCY = 16;
const PLAN_CONCURRENCY = 8;

/**
 * Planning (one event → its notices) and sending (one notice) run on queues of their own, apart
 * from the scan that caused them: a slow SMS provider delays notices, never tracking. The sweep
 * queues retries and fails sends interrupted by a crash (never sent again).
 */
@Injectable()
export class NotificationJobs implements FeatureJobs {
  constructor(
    private readonly plan: PlanNotificationsUseCase,
    private readonly send: SendNotificationUseCase,
    private readonly sweep: SweepNotificationsUseCase,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueuePort,
  ) {}

  async register({ jobs, maintenance }: JobsContext): Promise<void> {
    jobs.handle(
      PLAN_NOTIFICATIONS_JOB,
      async (event) => {
        const ids = await this.plan.execute(event);
        await Promise.all(ids.map((id) => enqueueNotificationSend(this.jobs, id, 0)));
      },
      { concurrency: PLAN_CONCURRENCY },
    );
    jobs.handle(
      SEND_NOTIFICATION_JOB,
      async ({ notificationId }) => {
        await this.send.execute(notificationId);
      },
      { concurrency: SEND_CONCURRENCY },
    );
    await maintenance.every('notification-sweep', NOTIFICATION_SWEEP_EVERY_MS, async () => {
      await this.sweep.execute();
    });
  }
}
