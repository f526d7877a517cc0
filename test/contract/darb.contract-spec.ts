import { CarrierRejectedError } from '@lgw/kernel';
import { carrierContractContext } from './support/carrier-contract.suite';
import { createCarrierRegistry } from '@lgw/carriers';
import { DarbAdapter } from '@lgw/carriers/darb/darb.adapter';
import { resolveDarbSettings } from '@lgw/carriers/darb/darb.settings';
import { DarbClient } from '@lgw/carriers/darb/darb.client';
import { CarrierCallGuard } from '@lgw/carriers/shared/carrier-call-guard';
import { startCarrierSandbox } from '@lgw/carrier-sandbox';
import { CountingProxy } from '../support/counting-proxy';
import { bookingRequest, SandboxControl, TEST_RESILIENCE, TIMING_MARGIN_MS, unavailableAfter } from './support/sandbox-harness';

describe('darb specifics', () => {
  const ctx = carrierContractContext('darb');

  it('numbers orders from its assigned range and shares order files between simultaneous bookings', async () => {
    const { adapter, control } = ctx();
    const before = await control.stats('darb');
    const bookings = await Promise.all(Array.from({ length: 40 }, () => adapter.book(bookingRequest('darb_land_domestic'))));
    const numbers = bookings.map((b) => b.trackingNumber);
    expect(new Set(numbers).size).toBe(40);
    for (const n of numbers) expect(n).toMatch(/^DRB\d{14}$/);
    const after = await control.stats('darb');
    expect(after.bookings - before.bookings).toBe(40);
    // One range request plus far fewer upload/result round trips than bookings.
    expect(after.native_requests - before.native_requests).toBeLessThan(40);
  });

  it('writes one consignment line: piece count, exact total weight, SAR amounts', async () => {
    const { adapter, control } = ctx();
    const booking = await adapter.book(
      bookingRequest('darb_land_domestic', {
        parcels: [
          { weight_kg: 0.1, length_cm: 10, width_cm: 10, height_cm: 10 },
          { weight_kg: 0.2, length_cm: 40, width_cm: 30, height_cm: 20 },
        ],
      }),
    );
    const native = (await control.shipment('darb', booking.trackingNumber)).native_booking;
    expect(native).toMatchObject({ pieces: '2', weight_kg: '0.3', length_cm: '40', cod_sar: '99.00', declared_value_sar: '150.50' });
  });

  it('keeps one deadline for a booking that must first fetch a range', async () => {
    const { control, sandbox } = ctx();
    const fresh = createCarrierRegistry({ sandboxUrl: sandbox.url, resilience: TEST_RESILIENCE, env: {} });
    await control.fault('darb', 'slow', 3000);
    const { elapsedMs } = await unavailableAfter(() => fresh.get('darb')!.book(bookingRequest('darb_land_domestic')));
    expect(elapsedMs).toBeLessThan(TEST_RESILIENCE.timeoutMs + TIMING_MARGIN_MS);
    await fresh.close();
  });

  it('refuses a destination outside Saudi Arabia', async () => {
    const { adapter } = ctx();
    const request = bookingRequest('darb_land_domestic', { destination: { city: 'Dubai', country: 'AE' } });
    await expect(adapter.book(request)).rejects.toBeInstanceOf(CarrierRejectedError);
  });

  it('takes a fresh range when Darb no longer recognises the one in hand', async () => {
    const { sandbox } = ctx();
    const settings = resolveDarbSettings({}, { sandboxUrl: sandbox.url, env: {}, resilience: TEST_RESILIENCE });
    const endpoint = { baseUrl: settings.baseUrl, apiKey: settings.apiKey };
    const adapter = new DarbAdapter(new DarbClient(endpoint), new CarrierCallGuard('darb', settings.resilience), settings);
    await adapter.book(bookingRequest('darb_land_domestic'));

    // The adapter still holds a block when the carrier restarts and forgets every range.
    const restarted = await startCarrierSandbox({ port: 0, autoAdvanceSeconds: 0 });
    try {
      endpoint.baseUrl = `${restarted.url}/darb`;
      const booking = await adapter.book(bookingRequest('darb_land_domestic'));
      const seen = await new SandboxControl(restarted.url).shipment('darb', booking.trackingNumber);
      expect(seen.tracking_number).toBe(booking.trackingNumber);
    } finally {
      await adapter.close();
      await restarted.close();
    }
  });

  it('hands a page of orders over as ceil(N / orders per file) files, numbered from its range, answers matched back in order', async () => {
    const { sandbox, control } = ctx();
    const proxy = new CountingProxy(sandbox.url);
    await proxy.start();
    const settings = resolveDarbSettings(
      { bulkOrdersPerFile: 3, bulkFilesInFlight: 2 },
      { sandboxUrl: proxy.url, env: {}, resilience: TEST_RESILIENCE },
    );
    const adapter = new DarbAdapter(new DarbClient(settings), new CarrierCallGuard('darb', settings.resilience), settings);
    try {
      const requests = Array.from({ length: 7 }, (_, i) =>
        i === 4
          ? bookingRequest('darb_land_domestic', { destination: { city: 'Dubai', country: 'AE', short_address: 'DXB1234' } })
          : bookingRequest('darb_land_domestic'),
      );
      const outcomes = await adapter.bulk.bookMany(requests);
      expect(proxy.files).toEqual([3, 3, 1]);
      expect(outcomes).toHaveLength(7);
      expect(outcomes[4]).toEqual({ refused: expect.stringContaining('OUT_OF_COVERAGE') });
      const booked = outcomes.filter((o) => 'booked' in o).map((o) => ('booked' in o ? o.booked : undefined)!);
      expect(booked).toHaveLength(6);
      expect(new Set(booked.map((b) => b.trackingNumber)).size).toBe(6);
      for (const [i, outcome] of outcomes.entries()) {
        if (!('booked' in outcome)) continue;
        expect(outcome.booked.carrierReference).toBe(requests[i].shipmentId);
        expect(outcome.booked.trackingNumber).toMatch(/^DRB\d{14}$/);
        expect((await control.shipment('darb', outcome.booked.trackingNumber)).client_reference).toBe(requests[i].shipmentId);
      }
      // The same page again (a retry): Darb answers every order with its first number.
      const again = await adapter.bulk.bookMany(requests);
      expect(again).toEqual(outcomes);
    } finally {
      await adapter.close();
      await proxy.close();
    }
  });

  it('resends the orders of a bulk file once with fresh numbers when Darb no longer recognises the block', async () => {
    const { sandbox } = ctx();
    const settings = resolveDarbSettings({ bulkOrdersPerFile: 5 }, { sandboxUrl: sandbox.url, env: {}, resilience: TEST_RESILIENCE });
    const endpoint = { baseUrl: settings.baseUrl, apiKey: settings.apiKey };
    const adapter = new DarbAdapter(new DarbClient(endpoint), new CarrierCallGuard('darb', settings.resilience), settings);
    await adapter.bulk.bookMany([bookingRequest('darb_land_domestic')]);
    // The adapter still holds a block when the carrier restarts and forgets every range.
    const restarted = await startCarrierSandbox({ port: 0, autoAdvanceSeconds: 0 });
    try {
      endpoint.baseUrl = `${restarted.url}/darb`;
      const requests = Array.from({ length: 3 }, () => bookingRequest('darb_land_domestic'));
      const outcomes = await adapter.bulk.bookMany(requests);
      const control = new SandboxControl(restarted.url);
      for (const [i, outcome] of outcomes.entries()) {
        if (!('booked' in outcome)) throw new Error(`not booked: ${JSON.stringify(outcome)}`);
        expect((await control.shipment('darb', outcome.booked.trackingNumber)).client_reference).toBe(requests[i].shipmentId);
      }
    } finally {
      await adapter.close();
      await restarted.close();
    }
  });
});
