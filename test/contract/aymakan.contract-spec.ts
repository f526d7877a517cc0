import { CarrierRejectedError } from '@lgw/kernel';
import { aymakanRefusal, fromAymakanShipment, fromAymakanTracking, fromAymakanWebhook } from '@lgw/carriers/aymakan/aymakan.mapper';
import { AYMAKAN_SANDBOX_TOKEN } from '@lgw/carriers/aymakan/aymakan.settings';
import { AymakanShipment, AymakanWebhookPayload } from '@lgw/carriers/aymakan/aymakan.wire-types';
import sampleRequest from '@lgw/carriers/aymakan/fixtures/shipping-create.request.json';
import sampleAnswer from '@lgw/carriers/aymakan/fixtures/shipping-create.response.json';
import sampleProblem from '@lgw/carriers/aymakan/fixtures/error-validation.json';
import sampleReverseRequest from '@lgw/carriers/aymakan/fixtures/reverse-pickup-create.request.json';
import sampleReverseAnswer from '@lgw/carriers/aymakan/fixtures/reverse-pickup-create.response.json';
import sampleCancelRefused from '@lgw/carriers/aymakan/fixtures/cancel-refused.json';
import sampleTracking from '@lgw/carriers/aymakan/fixtures/shipping-track.response.json';
import sampleWebhook from '@lgw/carriers/aymakan/fixtures/webhook-delivered.json';
import samplePickupRequest from '@lgw/carriers/aymakan/fixtures/pickup-create.request.json';
import samplePickupAnswer from '@lgw/carriers/aymakan/fixtures/pickup-create.response.json';
import samplePickupList from '@lgw/carriers/aymakan/fixtures/pickup-list.response.json';
import sampleTimeSlots from '@lgw/carriers/aymakan/fixtures/time-slots.response.json';
import samplePickupCancelled from '@lgw/carriers/aymakan/fixtures/pickup-cancel-already.json';
import {
  AYMAKAN_SLOTS,
  aymakanSlotFor,
  aymakanSlotHours,
  fromAymakanPickups,
  referenceOfAymakanPickup,
} from '@lgw/carriers/aymakan/aymakan-pickup.mapper';
import { bookingRequest, unavailableAfter } from './support/sandbox-harness';
import { carrierContractContext, contractPickupSlot } from './support/carrier-contract.suite';
import { CARRIERS } from '@lgw/carriers';

const words = (refusal: string | undefined) => (refusal ?? '').split('; ').sort();

/**
 * The same cases on Aymakan's documented samples and on the simulator: the adapter reads both
 * alike, and the simulator answers in the samples' shape, so a drift of either (the simulator,
 * or what we took from the documentation) shows here.
 */
describe('aymakan specifics: documented samples and simulator', () => {
  const ctx = carrierContractContext('aymakan');
  const native = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const res = await fetch(`${ctx().sandbox.url}/aymakan${path}`, {
      method,
      headers: { authorization: AYMAKAN_SANDBOX_TOKEN, accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as any };
  };

  it('answers the documented create request with every field of the documented answer, read alike by the adapter', async () => {
    const answer = await native('POST', '/v2/shipping/create', sampleRequest);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.json)).toEqual(Object.keys(sampleAnswer));
    expect(Object.keys(answer.json.shipping)).toEqual(expect.arrayContaining(Object.keys(sampleAnswer.shipping)));
    expect(fromAymakanShipment(sampleAnswer.shipping as AymakanShipment).trackingNumber).toMatch(/^AY\d{10}$/);
    expect(fromAymakanShipment(answer.json.shipping).trackingNumber).toMatch(/^AY\d{10}$/);
    expect(answer.json.shipping.pdf_label).toMatch(/\/pdf\/generate\/[0-9a-f-]{36}$/);
  });

  it('answers the documented reverse pickup request in the documented shape (an RP AWB under data), read alike by the adapter', async () => {
    const answer = await native('POST', '/v2/shipping/create/reverse_pickup', sampleReverseRequest);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.json)).toEqual(Object.keys(sampleReverseAnswer));
    expect(Object.keys(answer.json.data)).toEqual(Object.keys(sampleReverseAnswer.data));
    expect(Object.keys(answer.json.data.shipping)).toEqual(expect.arrayContaining(Object.keys(sampleReverseAnswer.data.shipping)));
    expect(answer.json.data.shipping.is_reverse_pickup).toBe(1);
    for (const shipping of [sampleReverseAnswer.data.shipping, answer.json.data.shipping]) {
      expect(fromAymakanShipment(shipping as unknown as AymakanShipment).trackingNumber).toMatch(/^RP\d{8}$/);
    }
    const { products: _products, ...withoutProducts } = sampleReverseRequest;
    const refused = await native('POST', '/v2/shipping/create/reverse_pickup', withoutProducts);
    expect(refused.status).toBe(422);
    expect(aymakanRefusal(refused.json)).toMatch(/^products: /);
  });

  it('books a customer return as a reverse pickup: collected from the customer, back to the merchant, found by its reference', async () => {
    const { adapter, control } = ctx();
    const outbound = bookingRequest('aymakan_ecommerce_domestic');
    const request = { ...outbound, origin: outbound.destination, destination: outbound.origin, returnOf: 'shp_delivered' };
    const booking = await adapter.book(request);
    expect(booking.trackingNumber).toMatch(/^RP\d{8}$/);
    const held = await control.shipment('aymakan', booking.trackingNumber);
    expect(held.origin.city).toBe(request.origin.city);
    expect(held.destination.city).toBe(request.destination.city);
    expect(await adapter.findBookingByReference(request.shipmentId)).toEqual({ ...booking, cancelled: false });
  });

  it('tracks in the documented shape: the same entries give the same events on both sides', async () => {
    const { adapter, control } = ctx();
    const booking = await adapter.book(bookingRequest('aymakan_ecommerce_domestic'));
    const documented = sampleTracking.data.shipments[0];
    for (const entry of [...documented.tracking_info].reverse()) {
      const riyadh = new Date(`${entry.created_at.replace(' ', 'T')}+03:00`);
      const place = /at (\w+) hub/.exec(entry.description)?.[1];
      await control.event('aymakan', booking.trackingNumber, {
        native_code: entry.status_code,
        ...(place ? { location_en: place } : {}),
        occurred_at: riyadh.toISOString(),
      });
    }
    const tracked = await native('GET', `/v2/shipping/track/${booking.trackingNumber}`);
    const simulated = tracked.json.data.shipments[0];
    expect(Object.keys(simulated)).toEqual(expect.arrayContaining(Object.keys(documented).filter((k) => k !== 'id_customer')));
    for (const entry of simulated.tracking_info) expect(Object.keys(entry).sort()).toEqual(Object.keys(documented.tracking_info[0]).sort());
    const view = (shipment: AymakanShipment) =>
      fromAymakanTracking(shipment).map((e) => [e.carrierStatus, e.status, e.occurredAt.toISOString(), e.locationEn]);
    expect(view(simulated)).toEqual(view(documented as AymakanShipment));
    expect(await adapter.fetchTracking([booking.trackingNumber])).toHaveLength(3);
  });

  it('reads a pushed webhook, documented or built from the simulator, as the events polling reads', async () => {
    const pushed = fromAymakanWebhook(sampleWebhook as AymakanWebhookPayload);
    expect(pushed.at(-1)).toMatchObject({ trackingNumber: 'AY4447538242', status: 'DELIVERED' });
    const { adapter, control } = ctx();
    const booking = await adapter.book(bookingRequest('aymakan_ecommerce_domestic'));
    await control.event('aymakan', booking.trackingNumber, { code: 'PICKED_UP' });
    await control.event('aymakan', booking.trackingNumber, { code: 'OUT_FOR_DELIVERY' });
    const shipment = (await native('GET', `/v2/shipping/track/${booking.trackingNumber}`)).json.data.shipments[0];
    const payload = {
      ...shipment,
      status: shipment.tracking_info[0].status_code,
      date_time: new Date().toISOString(),
      event: 'status_update',
    };
    const polled = await adapter.fetchTracking([booking.trackingNumber]);
    expect(adapter.readPush!(payload)).toEqual(polled);
    expect(adapter.readPush!({ status: 'AY-0005' })).toBeNull();
  });

  it("refuses in the documented shape, worded alike from the sample and the simulator's answer", async () => {
    const { delivery_name: _name, declared_value: _value, ...incomplete } = sampleRequest;
    const refused = await native('POST', '/v2/shipping/create', incomplete);
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.json).sort()).toEqual(Object.keys(sampleProblem).sort());
    expect(words(aymakanRefusal(refused.json))).toEqual(words(aymakanRefusal(sampleProblem)));
    const { adapter } = ctx();
    const error = await adapter
      .book(
        bookingRequest('aymakan_ecommerce_domestic', {
          destination: { name: 'Noura', city: 'Dubai', country: 'AE', phone: '971501234567' },
        }),
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CarrierRejectedError);
    expect((error as CarrierRejectedError).carrierMessage).toMatch(/delivery_country/);
  });

  it('refuses a cancel after collection in the documented words, which the adapter passes on', async () => {
    const { adapter, control } = ctx();
    const booking = await adapter.book(bookingRequest('aymakan_ecommerce_domestic'));
    await control.event('aymakan', booking.trackingNumber, { code: 'PICKED_UP' });
    expect((await native('POST', '/v2/shipping/cancel', { tracking: booking.trackingNumber })).json).toEqual(sampleCancelRefused);
    await expect(adapter.cancel(booking.trackingNumber)).rejects.toMatchObject({ carrierMessage: sampleCancelRefused.message });
  });

  it('serves the AWB PDF the adapter fetches, byte for byte the one behind pdf_label', async () => {
    const { adapter } = ctx();
    const booking = await adapter.book(bookingRequest('aymakan_ecommerce_domestic'));
    const label = await adapter.fetchLabel!(booking.trackingNumber);
    const link = (await native('GET', `/v2/shipping/track/${booking.trackingNumber}`)).json.data.shipments[0].pdf_label;
    const direct = Buffer.from(await (await fetch(link)).arrayBuffer());
    expect(label.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(label.equals(direct)).toBe(true);
  });

  it('never retries a booking: a re-sent reference is refused, not booked twice', async () => {
    const { adapter, control } = ctx();
    await control.fault('aymakan', 'error');
    const before = await control.stats('aymakan');
    await unavailableAfter(() => adapter.book(bookingRequest('aymakan_ecommerce_domestic')));
    expect((await control.stats('aymakan')).native_requests - before.native_requests).toBe(1);
  });

  describe('collections', () => {
    const aymakan = CARRIERS.find((c) => c.descriptor.code === 'aymakan')!;
    const { pickup_date: day, window } = contractPickupSlot(aymakan);

    it("reads the time slots' hours from the documented labels, and the simulator labels the declared slots alike", async () => {
      expect(aymakanSlotHours('afternoon', sampleTimeSlots.data.slots.afternoon)).toEqual({ from: '14:00', to: '18:00' });
      expect(aymakanSlotHours('evening', sampleTimeSlots.data.slots.evening)).toEqual({ from: '18:00', to: '21:00' });
      // A window in the afternoon is booked in it; one that runs into the evening fits no slot.
      expect(aymakanSlotFor(sampleTimeSlots.data.slots, { from: '14:30', to: '17:30' })).toBe('afternoon');
      expect(aymakanSlotFor(sampleTimeSlots.data.slots, { from: '16:00', to: '19:00' })).toBeUndefined();
      const simulated = await native('GET', `/v2/time_slots/${day}`);
      expect(simulated.status).toBe(200);
      expect(Object.keys(simulated.json.data)).toEqual(Object.keys(sampleTimeSlots.data));
      for (const [key, label] of Object.entries(simulated.json.data.slots as Record<string, string>)) {
        expect(aymakanSlotHours(key, label)).toEqual(AYMAKAN_SLOTS[key]);
      }
      expect((await native('GET', '/v2/time_slots/2020-01-01')).status).toBe(422);
    });

    it('answers the documented pickup request with the documented answer, and lists it as documented', async () => {
      const { adapter } = ctx();
      const booking = await adapter.book(bookingRequest('aymakan_ecommerce_domestic'));
      const created = await native('POST', '/v2/pickup_request/create', {
        ...samplePickupRequest,
        reference: booking.trackingNumber,
        pickup_date: day,
        address: 'Test-999 [ref 41111111-2222-4333-8444-555555555555]',
      });
      expect(created.status).toBe(200);
      expect(Object.keys(created.json)).toEqual(Object.keys(samplePickupAnswer));
      expect(Object.keys(created.json.data).sort()).toEqual(Object.keys(samplePickupAnswer.data).sort());
      expect(typeof created.json.data.id).toBe(typeof samplePickupAnswer.data.id);

      const listed = await native('GET', '/v2/pickup_request/list');
      const entry = listed.json.data.pickupRequests.data.find((p: { id: number }) => p.id === created.json.data.id);
      expect(Object.keys(entry).sort()).toEqual(Object.keys(samplePickupList.data.pickupRequests.data[0]).sort());
      // The gateway's reference is read back from the address; the documented entries carry none.
      expect(referenceOfAymakanPickup(entry)).toBe('41111111-2222-4333-8444-555555555555');
      expect(fromAymakanPickups(listed.json.data.pickupRequests.data, '41111111-2222-4333-8444-555555555555')).toEqual({
        confirmationNumber: String(created.json.data.id),
        cancelled: false,
      });
      expect(fromAymakanPickups(samplePickupList.data.pickupRequests.data, '41111111-2222-4333-8444-555555555555')).toBeNull();
      expect(samplePickupList.data.pickupRequests.data.map((p) => referenceOfAymakanPickup(p))).toEqual([undefined, undefined]);

      const cancel = () => native('POST', '/v2/pickup_request/cancel', { pickup_request: created.json.data.id });
      expect((await cancel()).json).toEqual({ success: true, message: 'Pickup Request is cancelled successfully' });
      const again = await cancel();
      expect(again.status).toBe(422);
      expect(again.json).toEqual(samplePickupCancelled);
    });

    it('refuses in the documented shape: a slot the day does not have, one shipment without its AWB', async () => {
      const refused = await native('POST', '/v2/pickup_request/create', {
        ...samplePickupRequest,
        reference: undefined,
        pickup_date: day,
        time_slot: 'midnight',
      });
      expect(refused.status).toBe(422);
      expect(Object.keys(refused.json.errors).sort()).toEqual(['reference', 'time_slot']);
      expect(words(aymakanRefusal(refused.json))).toEqual(
        ['reference: The reference field is required when shipments is 1.', 'time_slot: The selected time slot is invalid.'].sort(),
      );
      // The window the contract suite books lies within the first slot.
      expect(aymakanSlotFor(AYMAKAN_LABELS, window)).toBe('morning');
    });
  });
});

const AYMAKAN_LABELS = { morning: 'Morning (09 AM - 02 PM)', afternoon: 'After Noon (02 PM - 06 PM)', evening: 'Evening (06 PM - 09 PM)' };
