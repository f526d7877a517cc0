import { carrierContractContext } from './support/carrier-contract.suite';
import { bookingRequest, unavailableAfter } from './support/sandbox-harness';

describe('bahr specifics', () => {
  const ctx = carrierContractContext('bahr');

  it('never retries a booking: Bahr has no idempotency key', async () => {
    const { adapter, control } = ctx();
    await control.fault('bahr', 'error');
    const before = await control.stats('bahr');
    await unavailableAfter(() => adapter.book(bookingRequest('bahr_land')));
    expect((await control.stats('bahr')).native_requests - before.native_requests).toBe(1);
  });

  it('sends whole grams, SAR decimal strings and a Riyadh-time ship date', async () => {
    const { adapter, control } = ctx();
    const booking = await adapter.book(
      bookingRequest('bahr_sea', {
        destination: { city: 'Cairo', country: 'EG', phone: '201001234567' },
        parcels: [
          { weight_kg: 1.005, length_cm: 30, width_cm: 20, height_cm: 10 },
          { weight_kg: 0.1, length_cm: 10, width_cm: 10, height_cm: 10 },
          { weight_kg: 0.7, length_cm: 10, width_cm: 10, height_cm: 10 },
        ],
      }),
    );
    const recorded = await control.shipment('bahr', booking.trackingNumber);
    const native = recorded.native_booking;
    expect(native.ProductCode).toBe('SEA');
    expect(native.Pieces.map((p: { WeightGrams: number }) => p.WeightGrams)).toEqual([1005, 100, 700]);
    expect(native.DeclaredValue).toBe('150.50');
    expect(native.CodAmount).toBe('99.00');
    expect(native.ShipDate).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(recorded.lane).toBe('international');
  });

  it('reports a validation fault (HTTP 200 + fault element) as a rejection', async () => {
    const { adapter } = ctx();
    const request = bookingRequest('bahr_land', { destination: { city: '', country: 'SA' } });
    await expect(adapter.book(request)).rejects.toMatchObject({ name: 'BahrFaultError', carrierCode: 'bahr' });
  });
});
