import { BookingDraft } from '../domain/shipment.aggregate';

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
