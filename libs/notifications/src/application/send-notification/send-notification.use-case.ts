import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, ClockPort, faultPoint } from '@lgw/kernel';
import { emailText, renderNotice, smsText } from '../../domain/notification-templates';
import { NOTIFICATION_LOG, NotificationLogPort } from '../ports/notification-log.port';
import { NOTIFICATION_CONFIG, NotificationConfig } from '../ports/notice-recipients.port';
import { SendOutcome } from '../ports/notification-senders.port';
import { TenantNotificationSenders } from '../senders/tenant-senders';

export type SendResult = 'sent' | 'failed' | 'retry' | 'skipped';

/**
 * Sends one planned notice at most once (docs/adr/0086): the row is claimed (PENDING → SENDING)
 * before the provider is called and recorded after; a crash in between leaves it SENDING, and
 * the sweep fails it without sending again. A provider that provably never took the message puts
 * it back to PENDING, due after a doubling delay; a rejection is final.
 */
@Injectable()
export class SendNotificationUseCase {
  constructor(
    @Inject(NOTIFICATION_LOG) private readonly log: NotificationLogPort,
    private readonly senders: TenantNotificationSenders,
    @Inject(NOTIFICATION_CONFIG) private readonly config: NotificationConfig,
    @Inject(CLOCK) private readonly clock: ClockPort,
  ) {}

  async execute(notificationId: string): Promise<SendResult> {
    const n = await this.log.claim(notificationId, this.clock.now());
    if (!n || !n.recipient) return 'skipped';
    const notice = renderNotice(n.event, {
      senderName: n.facts.senderName,
      trackingNumber: n.facts.trackingNumber,
      trackingUrl: n.facts.trackingUrl,
      estimatedDeliveryDate: n.facts.estimatedDeliveryDate,
    });
    const { sms, email } = await this.senders.forTenant(n.teamId);
    let outcome: SendOutcome;
    try {
      outcome =
        n.channel === 'sms'
          ? await sms.send({ to: n.recipient, senderName: n.facts.senderName, text: smsText(notice), reference: n.id })
          : await email.send({
              to: n.recipient,
              fromName: n.facts.senderName,
              subject: notice.subject,
              text: emailText(notice, n.facts.optOutUrl),
              reference: n.id,
            });
    } catch (error) {
      // Whether the provider took it is unknown: at most once, so not again.
      outcome = { kind: 'rejected', reason: `outcome unknown: ${(error as Error).message}` };
    }
    // Crash suites stop the process here: sent, not recorded (the sweep must not send it again).
    faultPoint('notification.after-send');
    const now = this.clock.now();
    if (outcome.kind === 'sent') {
      await this.log.markSent(n.id, outcome.providerRef, now);
      return 'sent';
    }
    if (outcome.kind === 'unavailable' && n.attempts < this.config.maxAttempts) {
      const delay = this.config.backoffMs * 2 ** (n.attempts - 1);
      await this.log.release(n.id, outcome.reason, new Date(now.getTime() + delay), now);
      return 'retry';
    }
    await this.log.markFailed(n.id, outcome.reason, now);
    return 'failed';
  }
}
