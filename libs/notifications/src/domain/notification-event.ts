/** What a recipient is told about; a team picks which (notification settings). */
export const NOTIFICATION_EVENTS = ['shipped', 'out_for_delivery', 'delivery_issue', 'delayed', 'delivered'] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export const NOTIFICATION_CHANNELS = ['sms', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export function isNotificationEventName(value: unknown): value is NotificationEvent {
  return typeof value === 'string' && (NOTIFICATION_EVENTS as readonly string[]).includes(value);
}

/** Statuses after the parcel left the merchant and before the last mile: the first one is "shipped". */
const SHIPPED_STATUSES = ['PICKED_UP', 'AT_ORIGIN_HUB', 'DEPARTED_ORIGIN', 'IN_TRANSIT'];

/**
 * One notice a domain event calls for: its event, the occurrence that makes it unique for the
 * shipment (a second notice of the same occurrence is never sent), and the facts its text needs.
 */
export interface NoticeTrigger {
  readonly event: NotificationEvent;
  /** "once" for what happens once per shipment; else what tells two occurrences apart (the scan's time, the issue, the new date). */
  readonly occurrence: string;
  readonly facts: { readonly estimatedDeliveryDate?: string };
}

/**
 * The notice a shipment's domain event stands for, or null. Shipped and delivered are once per
 * shipment; each out-for-delivery scan (its time), each delivery issue (its id) and each new
 * later date is an occurrence of its own.
 */
export function noticeFor(type: string, payload: Readonly<Record<string, unknown>>, eventId: string): NoticeTrigger | null {
  const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
  if (type === 'shipment.status_changed') {
    const status = payload.status;
    if (typeof status !== 'string') return null;
    if (SHIPPED_STATUSES.includes(status)) return { event: 'shipped', occurrence: 'once', facts: {} };
    if (status === 'OUT_FOR_DELIVERY') {
      return { event: 'out_for_delivery', occurrence: text(payload.occurred_at) ?? `event:${eventId}`, facts: {} };
    }
    if (status === 'DELIVERED') return { event: 'delivered', occurrence: 'once', facts: {} };
    return null;
  }
  if (type === 'delivery_issue.opened') {
    return { event: 'delivery_issue', occurrence: text(payload.delivery_issue_id) ?? `event:${eventId}`, facts: {} };
  }
  if (type === 'shipment.delayed') {
    const date = text(payload.estimated_delivery_date);
    if (!date) return null;
    return { event: 'delayed', occurrence: date, facts: { estimatedDeliveryDate: date } };
  }
  return null;
}

/** The domain events that may call for a notice (the relay asks before queueing any work). */
export function mayCallForNotice(type: string, payload: Readonly<Record<string, unknown>>): boolean {
  return noticeFor(type, payload, '') !== null;
}
