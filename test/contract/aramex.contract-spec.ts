import { CarrierCredentialsRefusedError, CarrierRejectedError } from '@lgw/kernel';
import { AramexAdapter } from '@lgw/carriers/aramex/aramex.adapter';
import {
  aramexLabelBytes,
  aramexRefusal,
  fromAramexCalculateRate,
  fromAramexCreateShipments,
  fromAramexTracking,
  toAramexCreatePickup,
} from '@lgw/carriers/aramex/aramex.mapper';
import { ARAMEX_SANDBOX_ACCOUNT, resolveAramexSettings } from '@lgw/carriers/aramex/aramex.settings';
import { AramexTrackingResult, AramexTrackShipmentsAnswer } from '@lgw/carriers/aramex/aramex.wire-types';
import sampleRate from '@lgw/carriers/aramex/fixtures/calculate-rate.response.json';
import samplePickup from '@lgw/carriers/aramex/fixtures/create-pickup.response.json';
import sampleRefusal from '@lgw/carriers/aramex/fixtures/create-shipments.error.json';
import sampleRequest from '@lgw/carriers/aramex/fixtures/create-shipments.request.json';
import sampleAnswer from '@lgw/carriers/aramex/fixtures/create-shipments.response.json';
import sampleCredentials from '@lgw/carriers/aramex/fixtures/error-credentials.response.json';
import sampleTracking from '@lgw/carriers/aramex/fixtures/track-shipments.response.json';
import { carrierContractContext, contractPickupSlot } from './support/carrier-contract.suite';
import { bookingRequest, unavailableAfter } from './support/sandbox-harness';
import { ARAMEX_CARRIER } from '@lgw/carriers/aramex/aramex.carrier';

/** The JSON shape of a value: key names and value types, arrays by their first element. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.length > 0 ? [shape(value[0])] : [];
  if (value === null) return 'null';
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, shape(v)]));
  return typeof value;
}

const CLIENT_INFO = {
  ...sampleRequest.ClientInfo,
  UserName: ARAMEX_SANDBOX_ACCOUNT.username,
  Password: ARAMEX_SANDBOX_ACCOUNT.password,
  AccountNumber: ARAMEX_SANDBOX_ACCOUNT.accountNumber,
  AccountPin: ARAMEX_SANDBOX_ACCOUNT.accountPin,
  AccountEntity: ARAMEX_SANDBOX_ACCOUNT.accountEntity,
  AccountCountryCode: ARAMEX_SANDBOX_ACCOUNT.accountCountryCode,
};
const SERVICE = 'aramex_domestic_express';

/**
 * The same cases on Aramex's documented samples and on the simulator: the adapter reads both alike,
 * and the simulator answers in the samples' shape, so a drift of either (the simulator, or what we
 * took from the documentation) shows here.
 */
describe('aramex specifics: documented samples and simulator', () => {
  const ctx = carrierContractContext('aramex');
  const native = async (service: 'Shipping' | 'Tracking' | 'RateCalculator', operation: string, body: object) => {
    const res = await fetch(`${ctx().sandbox.url}/aramex/ShippingAPI.V2/${service}/Service_1_0.svc/json/${operation}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as any };
  };

  it("answers the documented sample booking in the sample answer's shape, read alike by the adapter", async () => {
    const answer = await native('Shipping', 'CreateShipments', { ...sampleRequest, ClientInfo: CLIENT_INFO });
    expect(answer.status).toBe(200);
    const { ShipmentLabel: simulatedLabel, ...simulated } = answer.json.Shipments[0];
    const { ShipmentLabel: sampleLabel, ...sample } = sampleAnswer.Shipments[0];
    expect(shape({ ...answer.json, Shipments: [simulated] })).toEqual(shape({ ...sampleAnswer, Shipments: [sample] }));
    expect(shape(simulatedLabel)).toEqual(shape(sampleLabel));
    expect(fromAramexCreateShipments(sampleAnswer).trackingNumber).toMatch(/^\d{11}$/);
    expect(fromAramexCreateShipments(answer.json).trackingNumber).toMatch(/^\d{11}$/);
    expect(aramexLabelBytes(simulatedLabel)!.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(aramexLabelBytes(sampleLabel)!.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('tracks in the documented shape: the same updates give the same events on both sides', async () => {
    const { adapter, control } = ctx();
    const booking = await adapter.book(bookingRequest(SERVICE));
    const updates = [...sampleTracking.TrackingResults[0].Value].reverse();
    for (const update of updates) {
      const ms = Number(/\((\d+)/.exec(update.UpdateDateTime)![1]);
      await control.event('aramex', booking.trackingNumber, {
        native_code: update.ProblemCode ? `${update.UpdateCode}/${update.ProblemCode}` : update.UpdateCode,
        location_en: update.UpdateLocation,
        occurred_at: new Date(ms).toISOString(),
      });
    }
    const answer = (
      await native('Tracking', 'TrackShipments', {
        ClientInfo: CLIENT_INFO,
        Shipments: [booking.trackingNumber, '48812240000'],
        GetLastTrackingUpdateOnly: false,
      })
    ).json as AramexTrackShipmentsAnswer;
    expect(shape(answer)).toEqual(shape(sampleTracking));
    expect(answer.NonExistingWaybills).toEqual(sampleTracking.NonExistingWaybills);
    const view = (awb: string, results: AramexTrackingResult[]) =>
      fromAramexTracking(awb, results).map((e) => [e.carrierStatus, e.status, e.occurredAt.toISOString(), e.locationEn]);
    const simulated = answer.TrackingResults![0];
    expect(view(simulated.Key, simulated.Value!)).toEqual(
      view(sampleTracking.TrackingResults[0].Key, sampleTracking.TrackingResults[0].Value as AramexTrackingResult[]),
    );
    const events = await adapter.fetchTracking([booking.trackingNumber]);
    expect(events.filter((e) => e.status === null).map((e) => e.carrierStatus)).toEqual(['SH239']);
  });

  it("refuses in the documented shape, worded alike from the sample and the simulator's answer; nothing is booked", async () => {
    const { adapter, control } = ctx();
    const shipment = sampleRequest.Shipments[0];
    const refused = await native('Shipping', 'CreateShipments', {
      ...sampleRequest,
      ClientInfo: CLIENT_INFO,
      Shipments: [{ ...shipment, Consignee: { ...shipment.Consignee, Contact: { ...shipment.Consignee.Contact, PersonName: '' } } }],
    });
    expect(refused.status).toBe(200);
    expect(shape(refused.json)).toEqual(shape(sampleRefusal));
    expect(aramexRefusal(refused.json)).toBe(aramexRefusal(sampleRefusal));
    const error = await adapter
      .book(bookingRequest(SERVICE, { destination: { name: 'Noura', city: 'Dubai', country: 'AE', phone: '971501234567' } }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CarrierRejectedError);
    expect((error as CarrierRejectedError).carrierMessage).toMatch(/^ERR24: .*Domestic product/);
    expect((await control.stats('aramex')).bookings).toBe(0);
  });

  it('refuses unknown ClientInfo as the documented ERR01 answer, which the adapter takes for refused credentials', async () => {
    const refused = await native('Tracking', 'TrackShipments', { ClientInfo: sampleRequest.ClientInfo, Shipments: ['1'] });
    expect(shape(refused.json)).toEqual(shape(sampleCredentials));
    expect(refused.json.Notifications).toEqual(sampleCredentials.Notifications);
    const stranger = AramexAdapter.create(
      resolveAramexSettings({ baseUrl: `${ctx().sandbox.url}/aramex`, ...ARAMEX_SANDBOX_ACCOUNT, accountPin: '000000' }),
    );
    await expect(stranger.findBookingByReference('shp_1')).rejects.toBeInstanceOf(CarrierCredentialsRefusedError);
  });

  it('rates in the documented shape, read alike: CalculateRate in halalas, its refusals in its words', async () => {
    const adapter = ctx().adapter as AramexAdapter;
    const request = bookingRequest(SERVICE);
    const quoted = (await adapter.quoteRate({ ...request, codAmountHalalas: 20_000 })).amountHalalas;
    expect(quoted).toBeGreaterThan(0);
    const answer = await native('RateCalculator', 'CalculateRate', {
      ClientInfo: CLIENT_INFO,
      OriginAddress: sampleRequest.Shipments[0].Shipper.PartyAddress,
      DestinationAddress: sampleRequest.Shipments[0].Consignee.PartyAddress,
      ShipmentDetails: { ...sampleRequest.Shipments[0].Details, CashOnDeliveryAmount: null, Services: '' },
      PreferredCurrencyCode: 'SAR',
    });
    expect(shape(answer.json)).toEqual(shape(sampleRate));
    expect(fromAramexCalculateRate(answer.json)).toBe(fromAramexCalculateRate(sampleRate));
    const refused = await adapter
      .quoteRate({ ...request, destination: { ...request.destination, country: 'AE' } })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CarrierRejectedError);
  });

  it('rates within its own deadline: a slow Aramex is unavailable for a quote, not waited for', async () => {
    const { control, sandbox } = ctx();
    const adapter = AramexAdapter.create(resolveAramexSettings({ baseUrl: `${sandbox.url}/aramex`, rateTimeoutMs: 200 }));
    await control.fault('aramex', 'slow', 1500);
    const started = Date.now();
    await unavailableAfter(() => adapter.quoteRate(bookingRequest(SERVICE)));
    expect(Date.now() - started).toBeLessThan(1200);
  });

  it('books a collection in the documented shape and cancels it by its GUID', async () => {
    const { adapter, control } = ctx();
    const slot = contractPickupSlot(ARAMEX_CARRIER);
    const request = (reference: string, trackingNumber: string) => ({
      reference,
      date: slot.pickup_date,
      window: slot.window,
      address: bookingRequest(SERVICE).origin,
      trackingNumbers: [trackingNumber],
      parcelCount: 2,
    });
    const first = await adapter.book(bookingRequest(SERVICE));
    const raw = await native(
      'Shipping',
      'CreatePickup',
      toAramexCreatePickup(request('pk_raw', first.trackingNumber), { group: 'DOM', type: 'ONP' }, ARAMEX_SANDBOX_ACCOUNT),
    );
    expect(shape(raw.json)).toEqual(shape(samplePickup));
    expect(raw.json.ProcessedPickup.Reference1).toBe('pk_raw');

    const second = await adapter.book(bookingRequest(SERVICE));
    const { confirmationNumber } = await adapter.pickups!.schedulePickup(request('pk_contract_1', second.trackingNumber));
    const held = (await control.pickups('aramex')).find((p: { reference: string }) => p.reference === 'pk_contract_1');
    expect(held).toMatchObject({
      confirmation_number: confirmationNumber,
      pickup_date: slot.pickup_date,
      window: slot.window,
      cancelled: false,
    });
    await adapter.pickups!.cancelPickup(confirmationNumber, 'pk_contract_1');
    const cancelled = (await control.pickups('aramex')).find((p: { reference: string }) => p.reference === 'pk_contract_1');
    expect(cancelled.cancelled).toBe(true);
  });

  it('never retries a booking: Aramex keeps no idempotency key', async () => {
    const { adapter, control } = ctx();
    await control.fault('aramex', 'error');
    const before = await control.stats('aramex');
    await unavailableAfter(() => adapter.book(bookingRequest(SERVICE)));
    expect((await control.stats('aramex')).native_requests - before.native_requests).toBe(1);
  });
});
