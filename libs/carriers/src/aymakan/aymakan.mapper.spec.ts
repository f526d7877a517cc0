import request from './fixtures/shipping-create.request.json';
import reverseRequest from './fixtures/reverse-pickup-create.request.json';
import reverseCreated from './fixtures/reverse-pickup-create.response.json';
import reverseRefused from './fixtures/reverse-pickup-not-allowed.json';
import created from './fixtures/shipping-create.response.json';
import tracked from './fixtures/shipping-track.response.json';
import refused from './fixtures/error-validation.json';
import cancelRefused from './fixtures/cancel-refused.json';
import delivered from './fixtures/webhook-delivered.json';
import pending from './fixtures/webhook-pending.json';
import { CarrierBookingRequest } from '@lgw/carrier-access';
import {
  aymakanEventCode,
  aymakanRefusal,
  fromAymakanShipment,
  fromAymakanTracking,
  fromAymakanWebhook,
  isAymakanWebhook,
  toAymakanReversePickup,
  toAymakanShipping,
} from './aymakan.mapper';
import { AymakanShipment, AymakanWebhookPayload } from './aymakan.wire-types';

const booking: CarrierBookingRequest = {
  shipmentId: 'shp_01',
  serviceCode: 'aymakan_ecommerce_domestic',
  origin: {
    name: 'Ahmed',
    line1: 'Al Sahafa',
    city: 'Riyadh',
    region: 'Riyadh',
    country: 'SA',
    postal_code: '11543',
    phone: '+966 540000000',
  },
  destination: {
    name: 'Ahmed',
    line1: 'Riyadh',
    city: 'Riyadh',
    region: 'Al Sahafa',
    country: 'sa',
    postal_code: '11543',
    phone: '0540-000000',
  },
  parcels: [{ weight_kg: 38, length_cm: 40, width_cm: 30, height_cm: 20 }],
  declaredValueHalalas: 100,
  codAmountHalalas: 1200,
  reference: 'ORDER-7',
};

describe('Aymakan mapper', () => {
  it("writes the documented create request's fields and casing, the shipment id as the reference", () => {
    const body = toAymakanShipping(booking, 'ONP');
    for (const field of Object.keys(request).filter((f) => !['delivery_email', 'collection_email', 'collection_description'].includes(f))) {
      expect(body).toHaveProperty(field);
    }
    expect(body).toMatchObject({
      reference: 'shp_01',
      is_cod: 1,
      cod_amount: 12,
      declared_value: 1,
      delivery_country: 'SA',
      delivery_phone: '0540000000',
      collection_phone: '966540000000',
      delivery_description: 'ORDER-7',
      weight: 38,
      pieces: 1,
    });
    expect(toAymakanShipping({ ...booking, codAmountHalalas: undefined }, 'ONP')).toMatchObject({ is_cod: 0 });
  });

  it('takes the AWB of the documented create answer as the tracking number', () => {
    expect(fromAymakanShipment(created.shipping as AymakanShipment)).toEqual({
      trackingNumber: 'AY2866494373',
      carrierReference: 'AY2866494373',
    });
    expect(() => fromAymakanShipment({} as AymakanShipment)).toThrow(/malformed/);
  });

  it("writes the documented reverse pickup request: the customer as delivery_*, the merchant's business as collection_*, products, no COD", () => {
    // A return: the customer (the outbound's destination) sends back to the merchant.
    const back: CarrierBookingRequest = {
      ...booking,
      origin: booking.destination,
      destination: booking.origin,
      codAmountHalalas: undefined,
      returnOf: 'shp_00',
    };
    const body = toAymakanReversePickup(back, 'ONP');
    // cod_amount only with is_cod 1: a return carries no cash on delivery.
    const optional = ['delivery_email', 'collection_email', 'collection_description', 'cod_amount'];
    for (const field of Object.keys(reverseRequest).filter((f) => !optional.includes(f))) {
      expect(body).toHaveProperty(field);
    }
    expect(body).not.toHaveProperty('service_type');
    expect(body).toMatchObject({
      reference: 'shp_01',
      is_cod: 0,
      // Aymakan collects from the delivery party and brings the parcel back to the collection party.
      delivery_address: 'Riyadh',
      delivery_phone: '0540000000',
      collection_address: 'Al Sahafa',
      collection_phone: '966540000000',
      requested_by: 'Ahmed',
      products: [{ sku: 'shp_00', qty: 1, price: 1 }],
      pieces: 1,
    });
  });

  it('takes the RP AWB of the documented reverse pickup answer, and words its refusal', () => {
    expect(fromAymakanShipment(reverseCreated.data.shipping as unknown as AymakanShipment)).toEqual({
      trackingNumber: 'RP47082146',
      carrierReference: 'RP47082146',
    });
    expect(aymakanRefusal(reverseRefused)).toBe('rp: You are not allowed to create RP shipments. Contact sales team.');
  });

  it('reads the documented tracking sample oldest first, in Riyadh time, with stable ids and the places descriptions name', () => {
    const shipment = tracked.data.shipments[0] as AymakanShipment;
    const events = fromAymakanTracking(shipment);
    expect(events.map((e) => [e.carrierStatus, e.status, e.occurredAt.toISOString(), e.locationEn])).toEqual([
      ['AY-0001', 'LABEL_GENERATED', '2018-09-16T07:39:45.000Z', undefined],
      ['AY-0002', 'PICKED_UP', '2019-01-23T17:24:15.000Z', undefined],
      ['AY-0003', 'AT_ORIGIN_HUB', '2019-01-23T17:25:16.000Z', 'Riyadh'],
    ]);
    expect(fromAymakanTracking(shipment).map((e) => e.eventId)).toEqual(events.map((e) => e.eventId));
  });

  it('keeps an unknown code with the carrier text, and reads reasons given in words', () => {
    const [event] = fromAymakanTracking({
      tracking_number: 'AY1',
      tracking_info: [{ status_code: 'AY-0999', description: 'Held for inspection', created_at: '2024-01-01 10:00:00' }],
    });
    expect(event).toMatchObject({ status: null, carrierStatus: 'AY-0999 Held for inspection' });
    expect(aymakanEventCode('AY-0006', 'Shipment was not delivered. - incorrect address')).toBe('AY-0006:ADDRESS');
    expect(aymakanEventCode('AY-0003', 'Shipment weight is updated')).toBe('WEIGHT_UPDATE');
    expect(aymakanEventCode('AY-0006', 'Shipment was not delivered. - customer not answering')).toBe('AY-0006');
  });

  it('reads a pushed webhook like the polled shipment, the same event ids for the same entries', () => {
    expect(isAymakanWebhook(delivered)).toBe(true);
    expect(isAymakanWebhook({ tracking_number: 'AY1' })).toBe(false);
    const pushed = fromAymakanWebhook(delivered as AymakanWebhookPayload);
    expect(pushed.map((e) => e.status)).toEqual([
      'LABEL_GENERATED',
      'PICKED_UP',
      'AT_ORIGIN_HUB',
      'IN_TRANSIT',
      'OUT_FOR_DELIVERY',
      'DELIVERED',
    ]);
    const polled = fromAymakanTracking({ tracking_number: delivered.tracking_number, tracking_info: delivered.tracking_info });
    expect(pushed.map((e) => e.eventId)).toEqual(polled.map((e) => e.eventId));
    const delayed = fromAymakanWebhook(pending as AymakanWebhookPayload);
    expect(delayed.map((e) => e.status)).toEqual([
      'OUT_FOR_DELIVERY',
      'EXCEPTION_FAILED_DELIVERY_ATTEMPT',
      'IN_TRANSIT',
      'EXCEPTION_CARRIER_DELAY',
    ]);
    const bare = fromAymakanWebhook({ tracking_number: 'AY9', status: 'AY-0004', date_time: '2023-01-08T09:51:08.000000Z' });
    expect(bare).toMatchObject([{ status: 'OUT_FOR_DELIVERY', occurredAt: new Date('2023-01-08T09:51:08Z') }]);
  });

  it("words a refusal with Aymakan's field messages, else its message", () => {
    expect(aymakanRefusal(refused)).toBe(
      'delivery_name: The delivery name field is required.; declared_value: The declared value field is required.',
    );
    expect(aymakanRefusal(cancelRefused)).toBe('This shipping can not be cancelled');
    expect(aymakanRefusal({ error: true, response: 'Invalid Credentials' })).toBe('Invalid Credentials');
    expect(
      aymakanRefusal({ error: true, message: 'x', errors: [{ errors: { delivery_phone: ['The delivery phone field is required.'] } }] }),
    ).toBe('delivery_phone: The delivery phone field is required.');
  });
});
