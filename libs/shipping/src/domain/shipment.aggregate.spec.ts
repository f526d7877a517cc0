import { DomainError, NOT_PICKED_UP_STATUSES, SHIPMENT_STATUSES, ShipmentStatus } from '@lgw/kernel';
import { Shipment, ShipmentBooking } from './shipment.aggregate';
import { booking } from './fixtures/shipment-booking.fixtures';

function withStatus(status: ShipmentStatus, overrides: Partial<ShipmentBooking> = {}): Shipment {
  return Shipment.restore({ ...Shipment.book(booking(overrides)).draft(), status });
}

describe('Shipment', () => {
  it('is booked CREATED, without a tracking number, due by the end of the estimated Riyadh delivery day', () => {
    const draft = Shipment.book(booking()).draft();
    expect(draft).toMatchObject({ status: 'CREATED', progress: 'CREATED', trackingNumber: '', carrierReference: '' });
    // Booked Sunday 11:00 Riyadh, 3 delivery days: Wednesday, to its last moment.
    expect(draft.estimatedDeliveryDate).toBe('2026-03-04');
    expect(draft.estimatedDeliveryAt.toISOString()).toBe('2026-03-04T20:59:59.999Z');
    expect(draft.quotedTotalHalalas).toBe(2875);
    expect(draft.cancelledAt).toBeNull();
  });

  it("promises the calendar's day, not booking plus 24-hour days: Thursday 10:00 Riyadh on a one-day service is due by Saturday's end", () => {
    const draft = Shipment.book(booking({ bookedAt: new Date('2026-03-05T07:00:00.000Z'), transitMaxDays: 1 })).draft();
    expect(draft.estimatedDeliveryDate).toBe('2026-03-07');
    expect(draft.estimatedDeliveryAt.toISOString()).toBe('2026-03-07T20:59:59.999Z');
  });

  it('takes the tracking number and carrier reference the carrier booked it under', () => {
    const booked = Shipment.book(booking()).bookedAs({ trackingNumber: 'SH123', carrierReference: 'REF-9' });
    expect(booked).toMatchObject({ trackingNumber: 'SH123', carrierReference: 'REF-9', status: 'CREATED' });
  });

  describe('pieces (ADR 0087)', () => {
    const parcel = { weight_kg: 1, length_cm: 10, width_cm: 10, height_cm: 10 };
    const three = [parcel, { ...parcel, weight_kg: 2.5 }, { ...parcel, weight_kg: 0.4 }];

    it('has none with one parcel: the single-parcel shipment is unchanged', () => {
      const booked = Shipment.book(booking()).confirmBooking({ trackingNumber: 'SH1', carrierReference: 'R' }).draft();
      expect(booked.pieces).toBeUndefined();
    });

    it('numbers the pieces <master>-<n> where the carrier gave no numbers, the master tracking the shipment', () => {
      const booked = Shipment.book(booking({ parcels: three }))
        .confirmBooking({ trackingNumber: 'SH1', carrierReference: 'R' })
        .draft();
      expect(booked.trackingNumber).toBe('SH1');
      expect(booked.pieces).toEqual([
        { number: 1, trackingNumber: 'SH1-1', weightKg: 1 },
        { number: 2, trackingNumber: 'SH1-2', weightKg: 2.5 },
        { number: 3, trackingNumber: 'SH1-3', weightKg: 0.4 },
      ]);
    });

    it("keeps the carrier's number of each piece", () => {
      const booked = Shipment.book(booking({ parcels: three }))
        .confirmBooking({ trackingNumber: 'A1', carrierReference: 'M', pieceTrackingNumbers: ['A1', 'A2', 'A3'] })
        .draft();
      expect(booked.pieces?.map((p) => p.trackingNumber)).toEqual(['A1', 'A2', 'A3']);
    });
  });

  it('keeps its warnings in the contract order whatever order they were found in', () => {
    const phone = { code: 'DESTINATION_PHONE_MISSING', message_en: 'p', message_ar: 'p' } as const;
    const hs = { code: 'HS_CODES_MISSING', message_en: 'h', message_ar: 'h' } as const;
    expect(
      Shipment.book(booking({ warnings: [phone, hs] }))
        .draft()
        .warnings.map((w) => w.code),
    ).toEqual(['HS_CODES_MISSING', 'DESTINATION_PHONE_MISSING']);
  });

  describe('cash on delivery', () => {
    it('collects only a positive amount', () => {
      expect(Shipment.book(booking({ codAmountHalalas: 12_550 })).codAmountHalalas).toBe(12_550);
      expect(Shipment.book(booking({ codAmountHalalas: 0 })).codAmountHalalas).toBeNull();
      expect(Shipment.book(booking()).draft().codAmountHalalas).toBeNull();
    });

    it('matches a quote that priced the same amount, or none when none is asked', () => {
      expect(Shipment.codMatchesQuote(12_550, 12_550)).toBe(true);
      expect(Shipment.codMatchesQuote(undefined, 0)).toBe(true);
      expect(Shipment.codMatchesQuote(12_550, 0)).toBe(false);
      expect(Shipment.codMatchesQuote(undefined, 12_550)).toBe(false);
    });
  });

  describe('cancelling', () => {
    it('is possible exactly in the statuses before pickup, on every lane', () => {
      for (const lane of ['domestic', 'gcc', 'international'] as const) {
        for (const status of SHIPMENT_STATUSES) {
          expect([lane, status, withStatus(status, { lane }).cancellable]).toEqual([
            lane,
            status,
            (NOT_PICKED_UP_STATUSES as readonly ShipmentStatus[]).includes(status),
          ]);
        }
      }
    });

    it.each<ShipmentStatus>(['CREATED', 'LABEL_GENERATED', 'PICKUP_SCHEDULED'])('is allowed before pickup (%s)', (status) => {
      expect(() => withStatus(status).assertCancellable()).not.toThrow();
    });

    it.each<ShipmentStatus>(['PICKED_UP', 'IN_TRANSIT', 'DELIVERED', 'EXCEPTION_ADDRESS_ISSUE'])('is refused from %s', (status) => {
      const refusal = () => withStatus(status).assertCancellable();
      expect(refusal).toThrow(DomainError);
      expect(refusal).toThrow(expect.objectContaining({ code: 'E_CANCEL_NOT_ALLOWED', details: { status } }));
    });
  });

  describe('status moves', () => {
    it('follows the state machine, customs steps only across borders', () => {
      expect(withStatus('IN_TRANSIT').canMoveTo('DELIVERED')).toBe(true);
      expect(withStatus('DELIVERED').canMoveTo('IN_TRANSIT')).toBe(false);
      expect(withStatus('IN_TRANSIT').canMoveTo('CUSTOMS_CLEARANCE')).toBe(false);
      expect(withStatus('IN_TRANSIT', { lane: 'gcc' }).canMoveTo('CUSTOMS_CLEARANCE')).toBe(true);
    });
  });

  describe('redirecting', () => {
    it('is allowed within the booked country until a final status', () => {
      expect(() => withStatus('IN_TRANSIT').assertDestinationChangeable(booking().destination)).not.toThrow();
    });

    it('is refused once the shipment is final', () => {
      expect(() => withStatus('DELIVERED').assertDestinationChangeable(booking().destination)).toThrow(
        expect.objectContaining({ code: 'E_DESTINATION_UPDATE_NOT_ALLOWED' }),
      );
    });

    it('is refused to another country, naming the field', () => {
      const abroad = { ...booking().destination, country: 'AE' };
      expect(() => withStatus('CREATED').assertDestinationChangeable(abroad)).toThrow(
        expect.objectContaining({ code: 'E_VALIDATION', details: expect.objectContaining({ field: 'country' }) }),
      );
    });
  });

  describe('returning', () => {
    it('is allowed once delivered', () => {
      expect(() => withStatus('DELIVERED').assertReturnable()).not.toThrow();
    });

    it('is refused before delivery', () => {
      expect(() => withStatus('IN_TRANSIT').assertReturnable()).toThrow(expect.objectContaining({ code: 'E_RETURN_NOT_ALLOWED' }));
    });

    it('is refused for a return itself', () => {
      const aReturn = withStatus('DELIVERED', { returnOf: '0b5f7d2e-3c1a-4e8b-9f6d-1a2b3c4d5e6f' });
      expect(() => aReturn.assertReturnable()).toThrow(
        expect.objectContaining({ code: 'E_VALIDATION', details: expect.objectContaining({ field: 'id' }) }),
      );
    });
  });
});
