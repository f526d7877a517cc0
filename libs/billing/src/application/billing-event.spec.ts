import { OutboxEvent } from '@lgw/kernel';
import { billingJob, isBillingEvent } from './billing-event';

const event = (type: string, payload: Record<string, unknown> = {}): OutboxEvent => ({
  id: '42',
  teamId: 't',
  aggregateId: 's',
  type,
  payload,
  createdAt: new Date('2026-11-05T10:00:00Z'),
});

describe('billing events', () => {
  it('bills bookings, cancellations, returns and weighings, nothing else', () => {
    expect(isBillingEvent(event('shipment.created'))).toBe(true);
    expect(isBillingEvent(event('shipment.cancelled'))).toBe(true);
    expect(isBillingEvent(event('shipment.weighed', { measured_weight_kg: 3 }))).toBe(true);
    expect(isBillingEvent(event('shipment.status_changed', { status: 'RETURN_TO_ORIGIN' }))).toBe(true);
    expect(isBillingEvent(event('shipment.status_changed', { status: 'RETURNED' }))).toBe(true);
    // The weighing comes as its own event; the status change only mentions it.
    expect(isBillingEvent(event('shipment.status_changed', { status: 'EXCEPTION_WEIGHT_MISMATCH', measured_weight_kg: 3 }))).toBe(false);
    expect(isBillingEvent(event('shipment.status_changed', { status: 'IN_TRANSIT' }))).toBe(false);
    expect(isBillingEvent(event('shipment.destination_updated'))).toBe(false);
  });

  it('dedupes the job by event id and carries what the use case needs', () => {
    expect(billingJob(event('shipment.created', { a: 1 }))).toEqual({
      jobId: 'billing-42',
      data: {
        eventId: '42',
        type: 'shipment.created',
        teamId: 't',
        shipmentId: 's',
        payload: { a: 1 },
        recordedAt: '2026-11-05T10:00:00.000Z',
      },
    });
  });
});
