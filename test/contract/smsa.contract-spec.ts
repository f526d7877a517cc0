import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CarrierRejectedError } from '@lgw/kernel';
import { fromSmsaShipment, fromSmsaTracking, smsaRefusal } from '@lgw/carriers/smsa/smsa.mapper';
import { SMSA_SANDBOX_KEY } from '@lgw/carriers/smsa/smsa.settings';
import { SmsaTracking } from '@lgw/carriers/smsa/smsa.wire-types';
import sampleRequest from '@lgw/carriers/smsa/fixtures/b2c-new.request.json';
import sampleAnswer from '@lgw/carriers/smsa/fixtures/b2c-new.response.json';
import sampleProblem from '@lgw/carriers/smsa/fixtures/error-validation.json';
import sampleReturnRequest from '@lgw/carriers/smsa/fixtures/c2b-new.request.json';
import sampleLookup from '@lgw/carriers/smsa/fixtures/statuslookup.response.json';
import sampleTracking from '@lgw/carriers/smsa/fixtures/track-single.response.json';
import { carrierContractContext } from './support/carrier-contract.suite';
import { bookingRequest, unavailableAfter } from './support/sandbox-harness';

/** The JSON shape of a value: key names and value types, arrays by their first element. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.length > 0 ? [shape(value[0])] : [];
  if (value === null) return 'null';
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, shape(v)]));
  return typeof value;
}

/**
 * The same cases on SMSA's documented samples and on the simulator: the adapter reads both alike,
 * and the simulator answers in the samples' shape, so a drift of either (the simulator, or what
 * we took from the documentation) shows here.
 */
describe('smsa specifics: documented samples and simulator', () => {
  const ctx = carrierContractContext('smsa');
  const native = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const res = await fetch(`${ctx().sandbox.url}/smsa${path}`, {
      method,
      headers: { apikey: SMSA_SANDBOX_KEY, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as unknown };
  };

  it("answers the documented sample request in the sample answer's shape, read alike by the adapter", async () => {
    const answer = await native('POST', '/api/shipment/b2c/new', sampleRequest);
    expect(answer.status).toBe(200);
    expect(shape(answer.json)).toEqual(shape(sampleAnswer));
    const fromSample = fromSmsaShipment(sampleAnswer);
    const fromSimulator = fromSmsaShipment(answer.json as typeof sampleAnswer);
    expect(fromSample.trackingNumber).toMatch(/^\d{12}$/);
    expect(fromSimulator.trackingNumber).toMatch(/^\d{12}$/);
  });

  it('answers the documented C2B (return) request like a B2C booking, read alike; its query holds the waybill', async () => {
    const answer = await native('POST', '/api/c2b/new', sampleReturnRequest);
    expect(answer.status).toBe(200);
    expect(shape(answer.json)).toEqual(shape(sampleAnswer));
    const booked = fromSmsaShipment(answer.json as typeof sampleAnswer);
    expect(booked.trackingNumber).toMatch(/^\d{12}$/);
    expect(shape((await native('GET', `/api/c2b/query/${booked.trackingNumber}`)).json)).toEqual(shape(sampleAnswer));
    // A C2B AWB is not a B2C shipment, and a C2B takes no ShipperAddress/ConsigneeAddress.
    expect((await native('GET', `/api/shipment/b2c/query/${booked.trackingNumber}`)).status).toBe(404);
    const { PickupAddress: _pickup, ...withoutPickup } = sampleReturnRequest;
    const refused = await native('POST', '/api/c2b/new', { ...withoutPickup, OrderNumber: 'NoPickup001' });
    expect(refused.status).toBe(400);
    expect(smsaRefusal(refused.json)).toMatch(/PickupAddress/);
  });

  it('books a customer return as C2B on the account, collected from the customer, found by reference and labelled; its C2B cancel as documented', async () => {
    const { adapter, control } = ctx();
    const outbound = bookingRequest('smsa_ecommerce_domestic');
    const request = { ...outbound, origin: outbound.destination, destination: outbound.origin, returnOf: 'shp_delivered' };
    const booking = await adapter.book(request);
    const held = await control.shipment('smsa', booking.trackingNumber);
    expect(held).toMatchObject({ service: 'EDCR' });
    expect(held.origin.city).toBe(request.origin.city);
    expect(held.destination.city).toBe(request.destination.city);
    expect(await adapter.findBookingByReference(request.shipmentId)).toMatchObject({
      trackingNumber: booking.trackingNumber,
      cancelled: false,
    });
    expect((await adapter.fetchLabel!(booking.trackingNumber)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The simulator serves SMSA's C2B cancel, answered in plain text as documented (the adapter does not ask it: docs/carriers/smsa.md).
    const documented = readFileSync(join(__dirname, '../../libs/carriers/src/smsa/fixtures/c2b-cancel.response.txt'), 'utf8');
    const res = await fetch(`${ctx().sandbox.url}/smsa/api/c2b/cancel/${booking.trackingNumber}`, {
      method: 'POST',
      headers: { apikey: SMSA_SANDBOX_KEY },
    });
    expect({ status: res.status, text: await res.text() }).toEqual({ status: 200, text: documented });
    expect((await control.shipment('smsa', booking.trackingNumber)).cancelled).toBe(true);
    // Not a C2B AWB: 404, as SMSA has no B2C cancel.
    const outboundBooking = await adapter.book(bookingRequest('smsa_ecommerce_domestic'));
    const b2c = await fetch(`${ctx().sandbox.url}/smsa/api/c2b/cancel/${outboundBooking.trackingNumber}`, {
      method: 'POST',
      headers: { apikey: SMSA_SANDBOX_KEY },
    });
    expect(b2c.status).toBe(404);
  });

  it('tracks in the documented shape: same scans, same events on both sides', async () => {
    const { adapter, control } = ctx();
    const booking = await adapter.book(bookingRequest('smsa_ecommerce_domestic'));
    for (const scan of sampleTracking.Scans) {
      await control.event('smsa', booking.trackingNumber, {
        native_code: scan.ScanType,
        location_en: scan.City,
        occurred_at: new Date(`${scan.ScanDateTime}${scan.ScanTimeZone}`).toISOString(),
      });
    }
    const single = await native('GET', `/api/track/single/${booking.trackingNumber}`);
    const { Scans: simulatedScans, ...simulated } = single.json as SmsaTracking;
    const { Scans: sampleScans, ...sample } = sampleTracking;
    expect(shape(simulated)).toEqual(shape(sample));
    for (const scan of simulatedScans!) expect(Object.keys(scan).sort()).toEqual(Object.keys(sampleScans[0]).sort());
    const view = (record: SmsaTracking) => fromSmsaTracking(record).map((e) => [e.carrierStatus, e.status, e.occurredAt.toISOString()]);
    expect(view(single.json as SmsaTracking)).toEqual(view(sampleTracking as SmsaTracking));
    const bulk = await native('POST', '/api/track/bulk', [booking.trackingNumber]);
    expect(bulk.json).toEqual([single.json]);
  });

  it("refuses in the documented problem shape, worded alike from the sample and the simulator's answer", async () => {
    const refused = await native('POST', '/api/shipment/b2c/new', {
      ...sampleRequest,
      ConsigneeAddress: { ...sampleRequest.ConsigneeAddress, City: '' },
    });
    expect(refused.status).toBe(400);
    const { traceId: _traceId, ...documented } = sampleProblem;
    expect(shape(refused.json)).toEqual(shape(documented));
    expect(smsaRefusal(refused.json)).toBe(smsaRefusal(sampleProblem));
    const { adapter } = ctx();
    const error = await adapter
      .book(
        bookingRequest('smsa_ecommerce_domestic', { destination: { name: 'Noura', city: 'Dubai', country: 'AE', phone: '971501234567' } }),
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CarrierRejectedError);
    expect((error as CarrierRejectedError).carrierMessage).toMatch(/Country must be SA/);
  });

  it('looks statuses up in the documented shape, every scan type of the sample in both languages', async () => {
    const lookup = (await native('GET', '/api/track/statuslookup')).json as typeof sampleLookup;
    expect(shape(lookup)).toEqual(shape(sampleLookup));
    for (const documented of sampleLookup) expect(lookup).toContainEqual(documented);
  });

  it('never retries a booking: SMSA keeps no idempotency key', async () => {
    const { adapter, control } = ctx();
    await control.fault('smsa', 'error');
    const before = await control.stats('smsa');
    await unavailableAfter(() => adapter.book(bookingRequest('smsa_ecommerce_domestic')));
    expect((await control.stats('smsa')).native_requests - before.native_requests).toBe(1);
  });
});
