import { CarrierRejectedError } from '@lgw/kernel';
import { aymakanRefusal, fromAymakanShipment, fromAymakanTracking, fromAymakanWebhook } from '@lgw/carriers/aymakan/aymakan.mapper';
import { AYMAKAN_SANDBOX_TOKEN } from '@lgw/carriers/aymakan/aymakan.settings';
import { AymakanShipment, AymakanWebhookPayload } from '@lgw/carriers/aymakan/aymakan.wire-types';
import sampleRequest from '@lgw/carriers/aymakan/fixtures/shipping-create.request.json';
import sampleAnswer from '@lgw/carriers/aymakan/fixtures/shipping-create.response.json';
import sampleProblem from '@lgw/carriers/aymakan/fixtures/error-validation.json';
import sampleCancelRefused from '@lgw/carriers/aymakan/fixtures/cancel-refused.json';
import sampleTracking from '@lgw/carriers/aymakan/fixtures/shipping-track.response.json';
import sampleWebhook from '@lgw/carriers/aymakan/fixtures/webhook-delivered.json';
import { carrierContractContext } from './support/carrier-contract.suite';
import { bookingRequest, unavailableAfter } from './support/sandbox-harness';

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
});
