import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@lgw/kernel';
import { maskRecipient } from '../../domain/masking';
import { NOTIFICATION_LOG, NotificationLogPort } from '../ports/notification-log.port';
import { NOTICE_RECIPIENTS, NoticeRecipientsPort } from '../ports/notice-recipients.port';

export interface NotificationLogView {
  readonly channel: string;
  readonly event: string;
  readonly to: string | null;
  /** The outcome of its latest attempt: SENT, FAILED or SUPPRESSED (DESIGN §7). */
  readonly status: 'SENT' | 'FAILED' | 'SUPPRESSED';
  readonly reason: string | null;
  /** FAILED only: the provider never took it, and it is tried again by itself. */
  readonly will_retry: boolean;
  readonly at: string;
}

/** GET /shipments/{id}/notifications: every notice of the team's shipment, addresses masked; 404 for another team's. */
@Injectable()
export class ListShipmentNotificationsUseCase {
  constructor(
    @Inject(NOTIFICATION_LOG) private readonly log: NotificationLogPort,
    @Inject(NOTICE_RECIPIENTS) private readonly recipients: NoticeRecipientsPort,
  ) {}

  async execute(teamId: string, shipmentId: string): Promise<{ notifications: NotificationLogView[] }> {
    const shipment = await this.recipients.recipientOf(teamId, shipmentId);
    if (!shipment) throw new DomainError('E_NOT_FOUND', { resource: 'shipment', id: shipmentId });
    const rows = await this.log.listForShipment(teamId, shipmentId);
    const views: NotificationLogView[] = [];
    for (const n of rows) {
      // A notice is listed once it has an outcome. One waiting for its first attempt has none
      // yet; one waiting to be tried again (or being tried again) failed its last attempt.
      const retrying = n.status === 'PENDING' || n.status === 'SENDING';
      if (retrying && n.attempts < (n.status === 'SENDING' ? 2 : 1)) continue;
      views.push({
        channel: n.channel,
        event: n.event,
        to: n.recipient ? maskRecipient(n.channel, n.recipient) : null,
        status: retrying ? 'FAILED' : (n.status as 'SENT' | 'FAILED' | 'SUPPRESSED'),
        reason: n.reason,
        will_retry: retrying,
        at: n.updatedAt.toISOString(),
      });
    }
    return { notifications: views };
  }
}
