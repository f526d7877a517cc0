import { CarrierBookingRequest } from '@lgw/carrier-access';
import bookingRequest from './fixtures/booking-request.json';
import createRequest from './fixtures/create-shipment.request.json';
import createResponse from './fixtures/create-shipment.response.json';
import validationError from './fixtures/error-validation.json';
import page1 from './fixtures/tracking-page-1.json';
import page2 from './fixtures/tracking-page-2.json';
import {
  fromSahmDeliveryProof,
  fromSahmEvent,
  fromSahmShipment,
  sahmErrorMessage,
  sahmRefusal,
  toSahmAddress,
  toSahmProduct,
  toSahmShipmentRequest,
} from './sahm.mapper';
import { SahmTrackingEvent } from './sahm.wire-types';

const request = bookingRequest as CarrierBookingRequest;

describe('sahm mapper', () => {
  it('maps a booking to the recorded create-shipment request', () => {
    expect(toSahmShipmentRequest(request, toSahmProduct(request.serviceCode)!)).toEqual(createRequest);
  });

  it('produces identical bytes for the same booking, so Idempotency-Key replays match', () => {
    const a = JSON.stringify(toSahmShipmentRequest(request, 'EXP-DOM'));
    const b = JSON.stringify(toSahmShipmentRequest(structuredClone(request), 'EXP-DOM'));
    expect(a).toBe(b);
  });

  it('leaves out absent optional fields and a zero cash-on-delivery', () => {
    const minimal = toSahmShipmentRequest(
      { ...request, reference: undefined, codAmountHalalas: 0, declaredValueHalalas: undefined, origin: { city: 'Riyadh', country: 'sa' } },
      'EXP-DOM',
    );
    expect(minimal).not.toHaveProperty('merchant_reference');
    expect(minimal).not.toHaveProperty('cash_on_delivery');
    expect(minimal).not.toHaveProperty('declared_value');
    expect(minimal.shipper).toEqual({ city: 'Riyadh', country_code: 'SA' });
  });

  it('maps service levels to Sahm products', () => {
    expect(toSahmProduct('sahm_express_domestic')).toBe('EXP-DOM');
    expect(toSahmProduct('sahm_express_gcc')).toBe('EXP-GCC');
    expect(toSahmProduct('bahr_sea')).toBeUndefined();
  });

  it('puts the national address under national_address', () => {
    expect(toSahmAddress({ city: 'Riyadh', country: 'SA', short_address: 'RRRD2929', additional_number: '1234' }).national_address).toEqual(
      {
        short_code: 'RRRD2929',
        additional_number: '1234',
      },
    );
  });

  it('reads the booking answer', () => {
    expect(fromSahmShipment(createResponse)).toEqual({ trackingNumber: 'SHM9082867093', carrierReference: 'shp_a02b54c7825bfc228ccd' });
  });

  it('maps recorded tracking events, exceptions and measured weight included', () => {
    const events = [...page1.events, ...page2.events].map((e) => fromSahmEvent(e as SahmTrackingEvent));
    expect(events.map((e) => e?.status)).toEqual(['PICKED_UP', 'EXCEPTION_WEIGHT_MISMATCH', null, 'DELIVERED']);
    expect(events[0]).toEqual({
      trackingNumber: 'SHM9082867093',
      eventId: 'evt_1663d7e04540a99b',
      carrierStatus: 'picked',
      status: 'PICKED_UP',
      locationEn: 'Riyadh',
      locationAr: 'الرياض',
      occurredAt: new Date('2025-03-01T10:15:42.123Z'),
    });
    expect(events[1]).toMatchObject({ exceptionType: 'WEIGHT_MISMATCH', measuredWeightKg: 2.35 });
    expect(events[2]).toMatchObject({ carrierStatus: 'exception:other', status: null });
    expect(events[2]).not.toHaveProperty('locationEn');
  });

  it('drops an event it cannot place in time instead of failing the whole sync', () => {
    const broken = { ...page1.events[0], occurred_at: 'yesterday' } as SahmTrackingEvent;
    expect(fromSahmEvent(broken)).toBeNull();
  });

  it('summarises a validation error with its details', () => {
    expect(sahmErrorMessage(validationError, 422)).toBe(
      'validation_failed - The shipment request is invalid - service: one of EXP-DOM, EXP-GCC; packages: at least one package is required',
    );
    expect(sahmErrorMessage(undefined, 418)).toBe('HTTP 418');
  });

  it('reads a refusal in its own words, and none from an answer that is no refusal', () => {
    expect(sahmRefusal({ error: { code: 'not_cancellable', message: 'Already collected' } })).toBe('not_cancellable - Already collected');
    for (const body of [undefined, null, 'text', {}, { error: null }, { data: [] }]) expect(sahmRefusal(body)).toBeUndefined();
  });
});

describe('sahm proof of delivery (docs/adr/0088)', () => {
  const delivered = (details: Record<string, unknown>) =>
    fromSahmEvent({ id: 'evt_1', tracking_number: 'SHM1', status: 'delivered', occurred_at: '2026-11-27T09:00:00Z', details } as never);

  it('maps delivery_proof type, receiver and photo on a delivered event', () => {
    expect(delivered({ delivery_proof: { type: 'otp', receiver_name: 'Sara Ali', photo_url: null } })?.proof).toEqual({
      method: 'OTP',
      receivedBy: 'Sara Ali',
      photoUrl: null,
    });
    expect(fromSahmDeliveryProof({ type: 'signature', receiver_name: 'محمد' })).toEqual({
      method: 'SIGNATURE',
      receivedBy: 'محمد',
      photoUrl: null,
    });
    expect(fromSahmDeliveryProof({ type: 'PHOTO', photo_url: 'https://pod.sahm.example/1.jpg' })).toEqual({
      method: 'PHOTO',
      receivedBy: null,
      photoUrl: 'https://pod.sahm.example/1.jpg',
    });
  });

  it('leaves the method to the gateway for a type it does not know, and reports nothing without delivery_proof', () => {
    expect(fromSahmDeliveryProof({ type: 'fingerprint', receiver_name: 'Sara' })).toEqual({ receivedBy: 'Sara', photoUrl: null });
    expect(delivered({})?.proof).toBeUndefined();
    expect(fromSahmDeliveryProof(null)).toBeUndefined();
  });

  it('takes no proof from an event that is not a delivery', () => {
    const transit = fromSahmEvent({
      id: 'evt_2',
      tracking_number: 'SHM1',
      status: 'in_transit',
      occurred_at: '2026-11-27T08:00:00Z',
      details: { delivery_proof: { type: 'otp', receiver_name: 'Sara' } },
    } as never);
    expect(transit?.proof).toBeUndefined();
  });
});
