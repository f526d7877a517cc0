import { bookingRequest, unavailableAfter } from './support/sandbox-harness';
import { carrierContractContext } from './support/carrier-contract.suite';

describe('sahm specifics', () => {
  const ctx = carrierContractContext('sahm');

  it('retries an idempotent booking on a carrier error (Idempotency-Key makes it safe)', async () => {
    const { adapter, control } = ctx();
    await control.fault('sahm', 'error');
    const before = await control.stats('sahm');
    await unavailableAfter(() => adapter.book(bookingRequest('sahm_express_domestic')));
    expect((await control.stats('sahm')).native_requests - before.native_requests).toBe(3);
  });

  it('books a GCC shipment with the GCC product', async () => {
    const { adapter, control } = ctx();
    const request = bookingRequest('sahm_express_gcc', {
      destination: { city: 'Dubai', country: 'AE', phone: '971501234567' },
    });
    const booking = await adapter.book(request);
    const recorded = await control.shipment('sahm', booking.trackingNumber);
    expect(recorded.service).toBe('EXP-GCC');
    expect(recorded.lane).toBe('international');
    expect(recorded.native_booking.declared_value).toEqual({ amount_minor: 15050, currency: 'SAR' });
    expect(recorded.native_booking.cash_on_delivery).toEqual({ amount_minor: 9900, currency: 'SAR' });
  });

  it('pages through tracking with the cursor', async () => {
    const { adapter, control } = ctx();
    const booking = await adapter.book(bookingRequest('sahm_express_domestic'));
    const codes = ['LABEL_GENERATED', 'PICKUP_SCHEDULED', 'PICKED_UP', 'AT_ORIGIN_HUB', 'DEPARTED_ORIGIN', 'IN_TRANSIT'];
    // 250 events: more than one 200-event page.
    for (let i = 0; i < 250; i++) await control.event('sahm', booking.trackingNumber, { code: codes[i % codes.length] });
    const events = await adapter.fetchTracking([booking.trackingNumber]);
    expect(events).toHaveLength(250);
    expect(new Set(events.map((e) => e.eventId)).size).toBe(250);
  });
});
