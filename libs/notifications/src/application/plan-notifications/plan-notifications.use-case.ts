import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, ClockPort } from '@lgw/kernel';
import { NotificationChannel, noticeFor } from '../../domain/notification-event';
import { defaultNotificationSettings } from '../../domain/notification-settings';
import { NewNotification, NOTIFICATION_LOG, NotificationLogPort } from '../ports/notification-log.port';
import { NOTIFICATION_SETTINGS_REPOSITORY, NotificationSettingsRepositoryPort } from '../ports/notification-settings.port';
import { NOTICE_RECIPIENTS, NoticeRecipientsPort, NOTIFICATION_CONFIG, NotificationConfig } from '../ports/notice-recipients.port';
import { TenantNotificationSenders } from '../senders/tenant-senders';
import { NotificationEventJob } from '../notification-jobs';

/** Outside the gateway without SMTP_URL: the log says why no e-mail went. */
export const EMAIL_NOT_CONFIGURED = 'e-mail is not set up on this gateway (SMTP_URL)';

/**
 * One domain event → the notices it calls for, one row per channel the team chose and the
 * recipient can be reached on: PENDING, or SUPPRESSED where the recipient opted out. Rows are
 * keyed by shipment × event occurrence × channel, so an event relayed twice, or a scan reported
 * twice, plans nothing more. Returns the ids to send now.
 */
@Injectable()
export class PlanNotificationsUseCase {
  constructor(
    @Inject(NOTIFICATION_SETTINGS_REPOSITORY) private readonly settings: NotificationSettingsRepositoryPort,
    @Inject(NOTIFICATION_LOG) private readonly log: NotificationLogPort,
    @Inject(NOTICE_RECIPIENTS) private readonly recipients: NoticeRecipientsPort,
    private readonly senders: TenantNotificationSenders,
    @Inject(NOTIFICATION_CONFIG) private readonly config: NotificationConfig,
    @Inject(CLOCK) private readonly clock: ClockPort,
  ) {}

  async execute(job: NotificationEventJob): Promise<string[]> {
    const trigger = noticeFor(job.type, job.payload, job.eventId);
    if (!trigger) return [];
    const settings = (await this.settings.find(job.teamId)) ?? defaultNotificationSettings(await this.settings.teamName(job.teamId));
    if (!settings.events.includes(trigger.event)) return [];
    const channels: NotificationChannel[] = [...(settings.sms ? (['sms'] as const) : []), ...(settings.email ? (['email'] as const) : [])];
    if (channels.length === 0) return [];
    const recipient = await this.recipients.recipientOf(job.teamId, job.shipmentId);
    if (!recipient) return [];
    const addressOf = (channel: NotificationChannel) => (channel === 'sms' ? recipient.phone : recipient.email);
    const reachable = channels.filter((channel) => addressOf(channel) !== null);
    if (reachable.length === 0) return [];
    const optedOut = await this.recipients.optedOut(
      job.teamId,
      reachable.map((c) => addressOf(c) as string),
    );
    const { email } = await this.senders.forTenant(job.teamId);
    const base = this.config.publicBaseUrl;
    const trackingUrl = `${base}/t/${recipient.trackingToken}`;
    const facts = {
      senderName: settings.senderName,
      trackingNumber: recipient.trackingNumber,
      trackingUrl,
      optOutUrl: `${trackingUrl}/opt-out`,
      ...(trigger.facts.estimatedDeliveryDate ? { estimatedDeliveryDate: trigger.facts.estimatedDeliveryDate } : {}),
    };
    const rows: NewNotification[] = reachable.map((channel) => {
      const address = addressOf(channel) as string;
      const suppressed = optedOut.includes(address);
      const unconfigured = channel === 'email' && !email.configured;
      return {
        id: randomUUID(),
        teamId: job.teamId,
        shipmentId: job.shipmentId,
        event: trigger.event,
        occurrence: trigger.occurrence,
        channel,
        recipient: address,
        status: suppressed ? 'SUPPRESSED' : unconfigured ? 'FAILED' : 'PENDING',
        reason: suppressed ? 'the recipient opted out' : unconfigured ? EMAIL_NOT_CONFIGURED : null,
        facts,
      };
    });
    const inserted = await this.log.insertNew(rows, this.clock.now());
    return rows.filter((r) => r.status === 'PENDING' && inserted.includes(r.id)).map((r) => r.id);
  }
}
