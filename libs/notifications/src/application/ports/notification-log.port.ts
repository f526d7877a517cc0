import { NotificationChannel, NotificationEvent } from '../../domain/notification-event';

export type NotificationStatus = 'PENDING' | 'SENDING' | 'SENT' | 'FAILED' | 'SUPPRESSED';

/** What the text of a notice is made of, fixed when the event is planned. */
export interface NotificationFacts {
  readonly senderName: string;
  readonly trackingNumber: string;
  readonly trackingUrl: string;
  readonly optOutUrl: string;
  readonly estimatedDeliveryDate?: string;
}

export interface NewNotification {
  readonly id: string;
  readonly teamId: string;
  readonly shipmentId: string;
  readonly event: NotificationEvent;
  readonly occurrence: string;
  readonly channel: NotificationChannel;
  readonly recipient: string | null;
  readonly status: 'PENDING' | 'FAILED' | 'SUPPRESSED';
  readonly reason: string | null;
  readonly facts: NotificationFacts;
}

export interface NotificationRecord extends Omit<NewNotification, 'status'> {
  readonly status: NotificationStatus;
  readonly attempts: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** One row per shipment × event occurrence × channel; the row is the claim (docs/adr/0086). */
export interface NotificationLogPort {
  /** Inserts those not planned yet (the unique key decides); returns the ids inserted. */
  insertNew(rows: readonly NewNotification[], now: Date): Promise<string[]>;
  /** PENDING → SENDING, one attempt more; null if another run has it, or it is no longer pending. */
  claim(id: string, now: Date): Promise<NotificationRecord | null>;
  markSent(id: string, providerRef: string, now: Date): Promise<void>;
  markFailed(id: string, reason: string, now: Date): Promise<void>;
  /** Back to PENDING, due again at `dueAt` (the provider never took it). */
  release(id: string, reason: string, dueAt: Date, now: Date): Promise<void>;
  /** SENDING rows claimed before `before`: interrupted mid-send; FAILED, never sent again. Returns how many. */
  failInterrupted(before: Date, now: Date): Promise<number>;
  /** PENDING rows due by `now`. */
  due(now: Date, limit: number): Promise<string[]>;
  listForShipment(teamId: string, shipmentId: string): Promise<NotificationRecord[]>;
}

export const NOTIFICATION_LOG = Symbol('NOTIFICATION_LOG');
