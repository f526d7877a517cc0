import { CarrierBookingRequest } from '@lgw/carrier-access';
import { BahrTrackingHistory, BahrEnvelope, BahrCreateWaybillResult } from './bahr.wire-types';
import bookingRequest from './fixtures/booking-request.json';
import createRequest from './fixtures/create-waybill.request.json';
import createResponse from './fixtures/create-waybill.response.json';
import trackingHistory from './fixtures/tracking-history.response.json';
import { bahrRefusal, fromBahrEvent, fromBahrProof, fromBahrWaybill, toBahrParty, toBahrProduct, toBahrWaybill } from './bahr.mapper';

const request = bookingRequest as CarrierBookingRequest;
const history = (trackingHistory as BahrEnvelope<BahrTrackingHistory>).Envelope.Body!;

describe('bahr mapper', () => {
  it('maps a booking to the recorded CreateWaybill request', () => {
    expect(toBahrWaybill(request, toBahrProduct(request.serviceCode)!, new Date('2025-03-01T06:05:00Z'))).toEqual(createRequest.Waybill);
  });

  it('converts kg to whole grams exactly', () => {
    const waybill = toBahrWaybill(
      {
        ...request,
        parcels: [0.1 + 0.2, 1.005, 2.675, 0.0005, 12.3456].map((weight_kg) => ({ weight_kg, length_cm: 1, width_cm: 1, height_cm: 1 })),
      },
      'LND',
      new Date(),
    );
    expect(waybill.Pieces.map((p) => p.WeightGrams)).toEqual([300, 1005, 2675, 1, 12346]);
  });

  it('writes money as SAR decimal strings and the ship date in Riyadh time', () => {
    const waybill = toBahrWaybill(
      { ...request, declaredValueHalalas: 5, codAmountHalalas: 100000 },
      'LND',
      new Date('2025-12-31T22:30:00Z'),
    );
    expect(waybill.DeclaredValue).toBe('0.05');
    expect(waybill.CodAmount).toBe('1000.00');
    expect(waybill.ShipDate).toBe('01/01/2026 01:30');
  });

  it('maps service levels and parties', () => {
    expect(toBahrProduct('bahr_land')).toBe('LND');
    expect(toBahrProduct('bahr_sea')).toBe('SEA');
    expect(toBahrProduct('darb_land_domestic')).toBeUndefined();
    expect(toBahrParty({ city: 'Jeddah', country: 'sa', postal_code: '23442', additional_number: '7788' })).toEqual({
      City: 'Jeddah',
      CountryCode: 'SA',
      PostCode: '23442',
      AdditionalNo: '7788',
    });
  });

  it('reads the booking answer from its envelope', () => {
    const body = (createResponse as BahrEnvelope<BahrCreateWaybillResult>).Envelope.Body!;
    expect(fromBahrWaybill(body)).toEqual({ trackingNumber: body.WaybillNumber, carrierReference: body.BookingRef });
  });

  it('maps recorded tracking history: Riyadh times, title-cased places, grams, stable ids', () => {
    const [found] = history.Results;
    const events = found.Events.map((e) => fromBahrEvent(found.WaybillNumber, e));
    expect(events.map((e) => e?.status)).toEqual(['PICKED_UP', 'EXCEPTION_CUSTOMS_HOLD', 'EXCEPTION_WEIGHT_MISMATCH', null, 'DELIVERED']);
    expect(events[0]).toEqual({
      trackingNumber: '73814980489',
      eventId: '73814980489-1',
      carrierStatus: '1100',
      status: 'PICKED_UP',
      locationEn: 'Riyadh',
      locationAr: 'الرياض',
      occurredAt: new Date('2025-03-01T10:15:00Z'),
    });
    expect(events[1]).toMatchObject({
      exceptionType: 'CUSTOMS_HOLD',
      locationEn: 'Al Khobar',
      occurredAt: new Date('2025-03-05T21:10:00Z'),
    });
    expect(events[2]).toMatchObject({ exceptionType: 'WEIGHT_MISMATCH', measuredWeightKg: 2.35 });
    expect(events[3]).toMatchObject({ carrierStatus: '1999', status: null, eventId: '73814980489-4' });
  });

  it('drops an event with an unreadable date', () => {
    const [found] = history.Results;
    expect(fromBahrEvent(found.WaybillNumber, { ...found.Events[0], EventDate: '2025-03-01T10:15' })).toBeNull();
    expect(fromBahrEvent(found.WaybillNumber, { ...found.Events[0], EventDate: '31/02/2025 10:00' })).toBeNull();
  });

  it('reads a fault in an envelope or atop a forwarded answer, and none where there is none', () => {
    const fault = { FaultCode: 'WB-409', FaultString: 'Waybill already cancelled' };
    expect(bahrRefusal({ Envelope: { Header: {}, Body: null, Fault: fault } })).toBe('WB-409 - Waybill already cancelled');
    expect(bahrRefusal({ received: {}, MessageId: 'm', Fault: fault })).toBe('WB-409 - Waybill already cancelled');
    for (const body of [undefined, null, {}, { Fault: null }, { Envelope: { Body: {}, Fault: null } }])
      expect(bahrRefusal(body)).toBeUndefined();
  });
});

describe('bahr proof of delivery (docs/adr/0088)', () => {
  const event = (extra: Record<string, unknown>, StatusCode: number | string = 1700) =>
    fromBahrEvent('4100000001', { SeqNo: 7, StatusCode, EventDate: '27/11/2026 12:00', ...extra } as never);

  it('maps PodType O, S and P with the receiver and the photo link on a delivery', () => {
    expect(event({ PodType: 'O', ReceiverName: 'Sara Ali' })?.proof).toEqual({ method: 'OTP', receivedBy: 'Sara Ali', photoUrl: null });
    expect(event({ PodType: 's', ReceiverName: 'محمد' })?.proof).toMatchObject({ method: 'SIGNATURE' });
    expect(event({ PodType: 'P', PodImageUrl: 'https://pod.bahr.example/x.jpg' })?.proof).toEqual({
      method: 'PHOTO',
      receivedBy: null,
      photoUrl: 'https://pod.bahr.example/x.jpg',
    });
  });

  it('keeps a receiver without a known code for the gateway to judge, and nothing without any proof field', () => {
    expect(fromBahrProof({ PodType: 'X', ReceiverName: 'Sara' })).toEqual({ receivedBy: 'Sara', photoUrl: null });
    expect(fromBahrProof({ PodType: null, ReceiverName: null, PodImageUrl: null })).toBeUndefined();
    expect(event({})?.proof).toBeUndefined();
  });

  it('takes no proof from an event that is not a delivery', () => {
    expect(event({ PodType: 'O', ReceiverName: 'Sara' }, 1999)?.proof).toBeUndefined();
  });
});
