import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, ClockPort, JOB_QUEUE, JobQueuePort } from '@lgw/kernel';
import { NOTIFICATION_LOG, NotificationLogPort } from '../ports/notification-log.port';
import { NOTIFICATION_CONFIG, NotificationConfig } from '../ports/notice-recipients.port';
import { enqueueNotificationSend } from '../notification-jobs';

const BATCH = 200;

/**
 * The safety net: notices due again (a provider was unavailable, or their job was lost with a
 * process) are queued; notices left SENDING past the lease were interrupted mid-send and are
 * failed, never sent again (at most once).
 */
@Injectable()
export class SweepNotificationsUseCase {
  constructor(
    @Inject(NOTIFICATION_LOG) private readonly log: NotificationLogPort,
    @Inject(NOTIFICATION_CONFIG) private readonly config: NotificationConfig,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueuePort,
    @Inject(CLOCK) private readonly clock: ClockPort,
  ) {}

  async execute(): Promise<{ interrupted: number; queued: number }> {
    const now = this.clock.now();
    const interrupted = await this.log.failInterrupted(new Date(now.getTime() - this.config.sendLeaseMs), now);
    const due = await this.log.due(now, BATCH);
    // A fresh job id per sweep tick: the row's claim makes the send once, not the job.
    await Promise.all(due.map((id) => enqueueNotificationSend(this.jobs, id, now.getTime())));
    return { interrupted, queued: due.length };
  }
}
