import { SAUDI_DELIVERY_CALENDAR } from '@lgw/kernel';
import { reestimateAfterScans } from './delivery-estimate';
import { Shipment } from './shipment.aggregate';
import { booking } from './fixtures/shipment-booking.fixtures';

// Thursday 2026-12-03, 10:00 Riyadh; Friday 2026-12-04 is no delivery day.
const THURSDAY = new Date('2026-12-03T07:00:00.000Z');

describe('delivery estimates', () => {
  it('counts the longest transit in delivery days from the day the parcel leaves (cut-off 14:00 Riyadh)', () => {
    const morning = Shipment.book(booking({ bookedAt: THURSDAY, transitMaxDays: 1 })).state;
    expect(morning.estimatedDeliveryDate).toBe('2026-12-05');
    const evening = Shipment.book(booking({ bookedAt: new Date('2026-12-03T12:00:00.000Z'), transitMaxDays: 1 })).state;
    expect(evening.estimatedDeliveryDate).toBe('2026-12-06');
  });

  it('a failed attempt moves it to the next delivery day at the earliest; out for delivery is today', () => {
    const failed = { status: 'EXCEPTION_FAILED_DELIVERY_ATTEMPT' as const, occurredAt: THURSDAY };
    expect(reestimateAfterScans('2026-12-03', [failed], SAUDI_DELIVERY_CALENDAR)).toBe('2026-12-05');
    expect(reestimateAfterScans('2026-12-08', [failed], SAUDI_DELIVERY_CALENDAR)).toBe('2026-12-08');
    expect(reestimateAfterScans('2026-12-08', [{ status: 'OUT_FOR_DELIVERY', occurredAt: THURSDAY }], SAUDI_DELIVERY_CALENDAR)).toBe(
      '2026-12-03',
    );
    expect(reestimateAfterScans('2026-12-08', [{ status: 'IN_TRANSIT', occurredAt: THURSDAY }], SAUDI_DELIVERY_CALENDAR)).toBe(
      '2026-12-08',
    );
  });

  it('a later estimate is a delay: shipment.delayed with both dates, once per new date', () => {
    const draft = Shipment.book(booking({ bookedAt: new Date('2026-12-01T07:00:00.000Z'), transitMaxDays: 1 })).draft();
    const s = Shipment.restore({
      ...draft,
      serviceReference: 'LGW1',
      trackingNumber: 'T1',
      status: 'OUT_FOR_DELIVERY',
      progress: 'OUT_FOR_DELIVERY',
    });
    expect(s.state.estimatedDeliveryDate).toBe('2026-12-02');
    s.applyTrackingEvents(
      [
        {
          eventId: 'f1',
          dedupeKey: 'f1',
          status: 'EXCEPTION_FAILED_DELIVERY_ATTEMPT',
          exceptionType: 'FAILED_DELIVERY_ATTEMPT',
          occurredAt: THURSDAY,
        },
      ],
      { now: THURSDAY },
    );
    const delayed = s.pullEvents().events.filter((e) => e.type === 'shipment.delayed');
    expect(delayed.map((e) => e.payload)).toEqual([
      expect.objectContaining({
        previous_estimated_delivery_date: '2026-12-02',
        estimated_delivery_date: '2026-12-05',
        kinds: ['shipment.delayed'],
      }),
    ]);
    s.requestDeliveryAction({ action: 'reattempt', via: 'instruction', by: 'recipient', at: THURSDAY, reattemptDate: '2026-12-07' });
    expect(s.state.estimatedDeliveryDate).toBe('2026-12-07');
    expect(s.pullEvents().events.filter((e) => e.type === 'shipment.delayed')).toHaveLength(1);
  });
});
