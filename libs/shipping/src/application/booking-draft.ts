import { BookingDraft } from '../domain/shipment.aggregate';
import { eventKindsForStatusChange } from '../domain/shipment-event-kinds';
import { gatewayEvent, OutboxEventDraft, TrackingEventRecord } from './shipment.record';

/** The CREATED event and the shipment.created domain event a booking commits with. */
export function createdEvents(record: BookingDraft): [TrackingEventRecord, OutboxEventDraft[]] {
  return [
    gatewayEvent(record.id, 'CREATED', record.createdAt, record.origin.city),
    [
      {
        teamId: record.teamId,
        aggregateId: record.id,
        type: 'shipment.created',
        payload: { shipment_id: record.id, status: 'CREATED', kinds: eventKindsForStatusChange(undefined, 'CREATED') },
      },
    ],
  ];
}

const DATE_FIELDS = ['lastEventAt', 'estimatedDeliveryAt', 'createdAt', 'updatedAt', 'cancelledAt'] as const;

/** A draft read back from an intent's JSON payload: its dates are strings again. */
export function reviveBookingDraft(json: unknown): BookingDraft {
  const draft = { ...(json as Record<string, unknown>) };
  for (const field of DATE_FIELDS) {
    const value = draft[field];
    if (typeof value === 'string') draft[field] = new Date(value);
  }
  return draft as unknown as BookingDraft;
}
