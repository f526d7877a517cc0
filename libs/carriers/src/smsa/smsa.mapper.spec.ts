import { CarrierBookingRequest } from '@lgw/carrier-access';
import createRequest from './fixtures/b2c-new.request.json';
import createAnswer from './fixtures/b2c-new.response.json';
import returnRequest from './fixtures/c2b-new.request.json';
import validationError from './fixtures/error-validation.json';
import trackSingle from './fixtures/track-single.response.json';
import {
  fromSmsaReceivedBy,
  fromSmsaShipment,
  fromSmsaTracking,
  smsaLabel,
  smsaRefusal,
  smsaShipDate,
  smsaTrackingRequests,
  toSmsaB2cRequest,
  toSmsaC2bRequest,
} from './smsa.mapper';
import { SmsaShipmentAnswer, SmsaTracking } from './smsa.wire-types';

const request: CarrierBookingRequest = {
  shipmentId: '6f1c7a52-2a7e-4c55-9d8e-3a1f0c2b9e11',
  serviceCode: 'smsa_ecommerce_domestic',
  origin: { name: 'Merchant', phone: '+966 50 000 0002', line1: 'King Fahd Road', city: 'Riyadh', country: 'SA' },
  destination: { name: 'Noura', phone: '0500000001', line1: 'Tahlia St', city: 'Jeddah', country: 'sa', short_address: 'JESA3591' },
  parcels: [
    { weight_kg: 1.2, length_cm: 20, width_cm: 15, height_cm: 10 },
    { weight_kg: 0.005, length_cm: 10, width_cm: 10, height_cm: 10 },
  ],
  declaredValueHalalas: 15_050,
  codAmountHalalas: 9_900,
  reference: 'ORD-77',
};

describe('smsa mapper', () => {
  it("writes a B2C shipment with the documented sample's fields and casing", () => {
    const body = toSmsaB2cRequest(request, 'EDDL', new Date('2025-03-01T21:30:00Z'));
    expect(Object.keys(body).sort()).toEqual(Object.keys(createRequest).sort());
    expect(Object.keys(body.ShipperAddress).every((key) => key in createRequest.ShipperAddress)).toBe(true);
    expect(body).toMatchObject({
      OrderNumber: request.shipmentId,
      CODAmount: 99,
      DeclaredValue: 150.5,
      Parcels: 2,
      Weight: 1.205,
      WeightUnit: 'KG',
      WaybillType: 'PDF',
      ShipmentCurrency: 'SAR',
      ContentDescription: 'ORD-77',
      // Riyadh's wall clock, no offset: past 21:00 UTC it is already the next day in Riyadh.
      ShipDate: '2025-03-02T00:30:00',
    });
    expect(body.ConsigneeAddress).toMatchObject({ ContactPhoneNumber: '0500000001', Country: 'SA', ShortCode: 'JESA3591' });
    expect(body.ShipperAddress.ContactPhoneNumber).toBe('966500000002');
    expect(body.ShipperAddress).not.toHaveProperty('ShortCode');
  });

  it('writes a customer return as a C2B shipment with the documented fields: picked up from the customer, back to the merchant', () => {
    // The return travels from the customer (the outbound's destination) to the merchant.
    const back: CarrierBookingRequest = {
      ...request,
      origin: request.destination,
      destination: request.origin,
      codAmountHalalas: undefined,
      returnOf: 'shp_delivered',
    };
    const body = toSmsaC2bRequest(back, new Date('2025-03-01T21:30:00Z'));
    expect(Object.keys(body).sort()).toEqual(Object.keys(returnRequest).sort());
    expect(Object.keys(body.PickupAddress).every((key) => key in returnRequest.PickupAddress)).toBe(true);
    expect(body).toMatchObject({
      OrderNumber: request.shipmentId,
      ServiceCode: 'EDCR',
      DeclaredValue: 150.5,
      Parcels: 2,
      Weight: 1.205,
      ShipDate: '2025-03-02T00:30:00',
      PickupAddress: { City: 'Jeddah', ContactPhoneNumber: '0500000001' },
      ReturnToAddress: { City: 'Riyadh', ContactPhoneNumber: '966500000002' },
    });
    expect(body).not.toHaveProperty('CODAmount');
    expect(body.PickupAddress).not.toHaveProperty('ShortCode');
    // SMSA's minimum declared value on a C2B shipment.
    expect(toSmsaC2bRequest({ ...back, declaredValueHalalas: undefined }, new Date()).DeclaredValue).toBe(0.1);
  });

  it('formats ShipDate as Riyadh local time', () => {
    expect(smsaShipDate(new Date('2021-01-01T07:40:53Z'))).toBe(createRequest.ShipDate);
  });

  it('reads the documented answer: the first waybill AWB is the tracking number, the label bytes come decoded', () => {
    expect(fromSmsaShipment(createAnswer)).toEqual({ trackingNumber: '231200021879', carrierReference: '231200021000' });
    const label = smsaLabel(createAnswer as SmsaShipmentAnswer, '231200021879');
    expect(label!.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(smsaLabel(createAnswer as SmsaShipmentAnswer, '999')).toBeNull();
    expect(() => fromSmsaShipment({ ...createAnswer, sawb: '', waybills: [] })).toThrow(/malformed answer/);
  });

  it("reads a booking of several parcels: each parcel's AWB numbers its piece, the first one tracks the shipment", () => {
    const answer = {
      ...createAnswer,
      waybills: [
        { awb: '231200021879', awbFile: '' },
        { awb: '231200021880', awbFile: '' },
      ],
    };
    expect(fromSmsaShipment(answer)).toEqual({
      trackingNumber: '231200021879',
      carrierReference: '231200021000',
      pieceTrackingNumbers: ['231200021879', '231200021880'],
    });
  });

  it('reads the documented tracking record: scans oldest first, in the carrier offset, stable ids, COD on delivery', () => {
    const events = fromSmsaTracking(trackSingle as SmsaTracking);
    expect(events.map((e) => [e.carrierStatus, e.status])).toEqual([
      ['PU', 'PICKED_UP'],
      ['AF', 'AT_ORIGIN_HUB'],
      ['OD', 'OUT_FOR_DELIVERY'],
      ['DL', 'DELIVERED'],
    ]);
    expect(events[0].occurredAt.toISOString()).toBe('2021-01-01T11:05:10.000Z');
    expect(events[3]).toMatchObject({ locationEn: 'Jeddah', codCollectedHalalas: 1000 });
    expect(fromSmsaTracking(structuredClone(trackSingle) as SmsaTracking).map((e) => e.eventId)).toEqual(events.map((e) => e.eventId));
    expect(new Set(events.map((e) => e.eventId)).size).toBe(4);
  });

  it("asks for every piece's AWB of a multi-piece shipment, the master being piece 1, a shipment's AWBs in one call", () => {
    const pieces = new Map([['M1', ['M1', 'P2', 'P3']]]);
    const { batches, tracked } = smsaTrackingRequests(['S1', 'M1', 'S1', 'S2'], pieces, 4);
    expect(batches).toEqual([['S1', 'M1', 'P2', 'P3'], ['S2']]);
    expect(tracked.get('S1')).toEqual({ trackingNumber: 'S1' });
    expect(tracked.get('M1')).toEqual({ trackingNumber: 'M1', pieceNumber: 1 });
    expect(tracked.get('P3')).toEqual({ trackingNumber: 'M1', pieceNumber: 3 });
    // A shipment whose pieces do not fit beside the others starts the next call.
    expect(smsaTrackingRequests(['S1', 'S2', 'M1'], pieces, 4).batches).toEqual([
      ['S1', 'S2'],
      ['M1', 'P2', 'P3'],
    ]);
    expect(smsaTrackingRequests(['S1', 'S2'], undefined, 50).batches).toEqual([['S1', 'S2']]);
  });

  it("reports a piece AWB's scans for the shipment's tracking number, tagged with the piece, with ids of their own", () => {
    const piece2 = { ...structuredClone(trackSingle), AWB: '231200021880' } as SmsaTracking;
    const events = fromSmsaTracking(piece2, { trackingNumber: '231200021879', pieceNumber: 2 });
    expect(events).toHaveLength(4);
    for (const e of events) expect(e).toMatchObject({ trackingNumber: '231200021879', pieceNumber: 2 });
    const master = fromSmsaTracking({ ...structuredClone(trackSingle), AWB: '231200021879' } as SmsaTracking, {
      trackingNumber: '231200021879',
      pieceNumber: 1,
    });
    // The same scans of two parcels are two events: the AWB is part of each id.
    expect(new Set([...events, ...master].map((e) => e.eventId)).size).toBe(8);
    // A single parcel's record stays the shipment's, untagged.
    expect(fromSmsaTracking(trackSingle as SmsaTracking).every((e) => !('pieceNumber' in e))).toBe(true);
  });

  it('keeps an unknown scan type with no status, and drops a scan without a readable time', () => {
    const record = {
      ...trackSingle,
      Scans: [
        { ScanType: 'QQ', ScanDateTime: '2021-01-01T10:00:00', City: 'Riyadh' },
        { ScanType: 'DL', ScanDateTime: 'soon' },
      ],
    };
    const events = fromSmsaTracking(record as SmsaTracking);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ carrierStatus: 'QQ', status: null });
  });

  it("words a refusal from SMSA's validation problem, its title, or a bare message", () => {
    expect(smsaRefusal(validationError)).toBe('ConsigneeAddress.City: The City field is required.');
    expect(smsaRefusal({ title: 'AWB not found', status: 404 })).toBe('AWB not found');
    expect(smsaRefusal('Invalid short address')).toBe('Invalid short address');
    expect(smsaRefusal(null)).toBeUndefined();
  });
});

describe('smsa proof of delivery (docs/adr/0088)', () => {
  it("takes the delivery scan's ReceivedBy as the receiver, with no proof method (SMSA reports none)", () => {
    const events = fromSmsaTracking(structuredClone(trackSingle) as SmsaTracking);
    const delivered = events.find((e) => e.status === 'DELIVERED');
    expect(delivered?.proof).toEqual({ method: 'NONE', receivedBy: 'Ahmed' });
    expect(events.filter((e) => e.status !== 'DELIVERED').every((e) => e.proof === undefined)).toBe(true);
  });

  it('reads a bare role or an empty ReceivedBy as no receiver', () => {
    expect(fromSmsaReceivedBy('Consignee')).toBeUndefined();
    expect(fromSmsaReceivedBy(' customer ')).toBeUndefined();
    expect(fromSmsaReceivedBy('')).toBeUndefined();
    expect(fromSmsaReceivedBy(null)).toBeUndefined();
    expect(fromSmsaReceivedBy('Sara Ali')).toEqual({ method: 'NONE', receivedBy: 'Sara Ali' });
  });
});
