import { CarrierBookingRequest } from '@lgw/carrier-access';
import { CarrierTransportError } from '../shared/carrier-transport.error';
import rateAnswer from './fixtures/calculate-rate.response.json';
import refusedBooking from './fixtures/create-shipments.error.json';
import bookingAnswer from './fixtures/create-shipments.response.json';
import sampleRequest from './fixtures/create-shipments.request.json';
import refusedCredentials from './fixtures/error-credentials.response.json';
import tracking from './fixtures/track-shipments.response.json';
import {
  aramexCredentialsRefused,
  aramexLabelBytes,
  aramexRefusal,
  fromAramexCalculateRate,
  fromAramexCreateShipments,
  fromAramexTracking,
  parseAramexDate,
  toAramexCreatePickup,
  toAramexCreateShipments,
  toAramexDate,
} from './aramex.mapper';
import { ARAMEX_SANDBOX_ACCOUNT } from './aramex.settings';
import { AramexTrackingResult } from './aramex.wire-types';

const request: CarrierBookingRequest = {
  shipmentId: '0d3c1a52-6f0b-4a77-9a55-2d3b1c9e7f10',
  serviceCode: 'aramex_domestic_express',
  origin: { name: 'Store Owner', line1: 'King Fahd Road', city: 'Riyadh', country: 'SA', postal_code: '12211', phone: '+966 50 123 4567' },
  destination: { name: 'Noura', line1: 'Tahlia Street', city: 'Jeddah', country: 'sa', postal_code: '23434', phone: '966551234567' },
  parcels: [
    { weight_kg: 1.25, length_cm: 20, width_cm: 15, height_cm: 10 },
    { weight_kg: 1.25, length_cm: 20, width_cm: 15, height_cm: 10 },
  ],
  codAmountHalalas: 15_050,
  reference: 'ORDER-1001',
};

describe('Aramex mapper', () => {
  it('writes and reads .NET dates exactly: UTC milliseconds, whatever the offset', () => {
    expect(toAramexDate(new Date(1764230400000))).toBe('/Date(1764230400000+0300)/');
    expect(parseAramexDate('/Date(1788954720000+0200)/')?.toISOString()).toBe(new Date(1788954720000).toISOString());
    expect(parseAramexDate('/Date(0)/')?.getTime()).toBe(0);
    for (const unreadable of ['', '2026-09-11', '/Date()/', null, 42]) expect(parseAramexDate(unreadable)).toBeNull();
  });

  it("books in the documented sample's shape: ClientInfo, parties, weight, pieces, COD as CODS + CashOnDeliveryAmount", () => {
    const body = toAramexCreateShipments(request, { group: 'DOM', type: 'ONP' }, ARAMEX_SANDBOX_ACCOUNT, new Date(1764230400000));
    const keys = (value: object) => Object.keys(value).sort();
    expect(keys(body)).toEqual(keys(sampleRequest));
    expect(keys(body.ClientInfo)).toEqual(keys(sampleRequest.ClientInfo));
    expect(keys(body.Shipments[0])).toEqual(keys(sampleRequest.Shipments[0]));
    expect(keys(body.Shipments[0].Details)).toEqual(keys(sampleRequest.Shipments[0].Details));
    expect(keys(body.Shipments[0].Consignee.Contact)).toEqual(keys(sampleRequest.Shipments[0].Consignee.Contact));
    const shipment = body.Shipments[0];
    expect(shipment.Reference1).toBe(request.shipmentId);
    expect(shipment.Consignee.PartyAddress).toEqual(sampleRequest.Shipments[0].Consignee.PartyAddress);
    expect(shipment.Shipper.Contact.PhoneNumber1).toBe('+966501234567');
    expect(shipment.Details).toMatchObject({
      ActualWeight: { Unit: 'KG', Value: 2.5 },
      NumberOfPieces: 2,
      ProductGroup: 'DOM',
      ProductType: 'ONP',
      Services: 'CODS',
      CashOnDeliveryAmount: { CurrencyCode: 'SAR', Value: 150.5 },
    });
    expect(shipment.ShippingDateTime).toBe(sampleRequest.Shipments[0].ShippingDateTime);
    const prepaid = toAramexCreateShipments(
      { ...request, codAmountHalalas: 0 },
      { group: 'DOM', type: 'ONP' },
      ARAMEX_SANDBOX_ACCOUNT,
      new Date(),
    );
    expect(prepaid.Shipments[0].Details).toMatchObject({ Services: '', CashOnDeliveryAmount: null });
  });

  it('reads the AWB (Shipments[].ID) and the inline label bytes; an answer without an ID is malformed, not a booking', () => {
    expect(fromAramexCreateShipments(bookingAnswer)).toEqual({ trackingNumber: '51330112761', carrierReference: '51330112761' });
    expect(aramexLabelBytes(bookingAnswer.Shipments[0].ShipmentLabel)?.toString('latin1')).toBe('%PDF-1.4\n%%EOF\n');
    expect(aramexLabelBytes({ LabelFileContents: Buffer.from('%PDF-').toString('base64') })?.toString('latin1')).toBe('%PDF-');
    expect(aramexLabelBytes({ LabelURL: 'https://ws.aramex.net/content/rpt_cache/x.pdf', LabelFileContents: null })).toBeNull();
    expect(() => fromAramexCreateShipments({ HasErrors: false, Shipments: [{ ID: null, HasErrors: false }] })).toThrow(
      CarrierTransportError,
    );
    expect(() => fromAramexCreateShipments({})).toThrow(CarrierTransportError);
  });

  it("words refusals from the answer's and the shipments' notifications, and knows a ClientInfo refusal", () => {
    expect(aramexRefusal(refusedBooking)).toBe('ERR48: Consignee name is required');
    expect(aramexRefusal(refusedCredentials)).toBe('ERR01: ClientInfo - Invalid username or password');
    expect(aramexRefusal({ Message: 'The server encountered an error processing the request.' })).toBe(
      'The server encountered an error processing the request.',
    );
    expect(aramexRefusal({ HasErrors: true, Notifications: [] })).toBeUndefined();
    expect(aramexCredentialsRefused(refusedCredentials)).toBe(true);
    expect(aramexCredentialsRefused(refusedBooking)).toBe(false);
  });

  it('maps a recorded tracking history oldest first, many codes to one status, unknown codes kept with no status', () => {
    const [result] = tracking.TrackingResults;
    const events = fromAramexTracking(result.Key, result.Value as AramexTrackingResult[]);
    expect(events.map((e) => [e.carrierStatus, e.status])).toEqual([
      ['SH014', 'LABEL_GENERATED'],
      ['SH047', 'AT_ORIGIN_HUB'],
      ['SH022', 'IN_TRANSIT'],
      ['SH001', 'IN_TRANSIT'],
      ['SH003', 'OUT_FOR_DELIVERY'],
      ['SH033/A16', 'EXCEPTION_ADDRESS_ISSUE'],
      ['SH008', 'EXCEPTION_CARRIER_DELAY'],
      ['SH003', 'OUT_FOR_DELIVERY'],
      ['SH005', 'DELIVERED'],
      ['SH239', null],
    ]);
    expect(events[5].exceptionType).toBe('ADDRESS_ISSUE');
    expect(events[8]).toMatchObject({ locationEn: 'Branch Bizerte, Tunisia', occurredAt: new Date(1788954720000) });
    expect(events.every((e) => e.measuredWeightKg === undefined)).toBe(true);
    const again = fromAramexTracking(result.Key, [...(result.Value as AramexTrackingResult[])].reverse());
    expect(again.map((e) => e.eventId)).toEqual(events.map((e) => e.eventId));
    expect(new Set(events.map((e) => e.eventId)).size).toBe(events.length);
  });

  it('drops an update without a readable time, and reads the weight of a weight discrepancy', () => {
    const base = { WaybillNumber: '1', UpdateDescription: '', UpdateLocation: '', Comments: '', ProblemCode: '' };
    const events = fromAramexTracking('1', [
      { ...base, UpdateCode: 'SH005', UpdateDateTime: '2026-09-11T10:00:00' },
      { ...base, UpdateCode: 'SH157', UpdateDateTime: '/Date(1788954720000+0300)/', GrossWeight: '2.35', WeightUnit: 'KG' },
    ]);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ status: 'EXCEPTION_WEIGHT_MISMATCH', measuredWeightKg: 2.35 });
  });

  it('reads a rate before VAT in halalas and refuses an answer without a SAR total', () => {
    expect(fromAramexCalculateRate(rateAnswer)).toBe(3100);
    expect(fromAramexCalculateRate({ TotalAmount: { CurrencyCode: 'SAR', Value: 35.65 }, RateDetails: null })).toBe(3565);
    expect(() => fromAramexCalculateRate({ HasErrors: false, TotalAmount: { CurrencyCode: 'USD', Value: 9 } })).toThrow(
      CarrierTransportError,
    );
    expect(() => fromAramexCalculateRate({ HasErrors: false })).toThrow(CarrierTransportError);
  });

  it('asks a collection in the Riyadh window, with the AWBs as ExistingShipments', () => {
    const body = toAramexCreatePickup(
      {
        reference: 'pk_1',
        date: '2026-11-29',
        window: { from: '09:00', to: '12:00' },
        address: request.origin,
        trackingNumbers: ['51330112761'],
        parcelCount: 2,
      },
      { group: 'DOM', type: 'ONP' },
      ARAMEX_SANDBOX_ACCOUNT,
    );
    expect(body.Pickup.ReadyTime).toBe(`/Date(${Date.parse('2026-11-29T06:00:00Z')}+0300)/`);
    expect(body.Pickup.LastPickupTime).toBe(`/Date(${Date.parse('2026-11-29T09:00:00Z')}+0300)/`);
    expect(body.Pickup.Reference1).toBe('pk_1');
    expect(body.Pickup.ExistingShipments).toEqual([{ Number: '51330112761', OriginEntity: 'RUH', ProductGroup: 'DOM' }]);
    expect(body.Pickup.PickupItems[0]).toMatchObject({ NumberOfPieces: 2, NumberOfShipments: 1 });
  });
});
