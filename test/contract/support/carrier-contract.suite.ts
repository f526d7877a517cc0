import { CarrierOperationNotSupportedError, CarrierRejectedError, CarrierUnavailableError, slotHolding } from '@lgw/kernel';
import { CarrierPort, CarrierTrackingEvent } from '@lgw/carrier-access';
import { CarrierDefinition, carrierLacks, createCarrierRegistry, CarrierRegistry } from '@lgw/carriers';
import { pickupSlotIn } from '../../support/pickups';
import { describeNoPassthrough, describePassthroughContract } from './passthrough-contract.suite';
import { RunningCarrierSandbox } from '@lgw/carrier-sandbox';
import {
  bookingRequest,
  SandboxControl,
  sleep,
  startTestSandbox,
  TEST_RESILIENCE,
  TIMING_MARGIN_MS,
  unavailableAfter,
} from './sandbox-harness';

export interface ContractContext {
  control: SandboxControl;
  sandbox: RunningCarrierSandbox;
  adapter: CarrierPort;
}

const floorTo = (date: Date, ms: number) => new Date(Math.floor(date.getTime() / ms) * ms);

/**
 * A sandbox for the file and a fresh adapter per test for one registered carrier: every test
 * starts with a closed circuit and a clean sandbox.
 */
export function carrierContractContext(code: string): () => ContractContext {
  let sandbox: RunningCarrierSandbox;
  let control: SandboxControl;
  let registry: CarrierRegistry;
  let adapter: CarrierPort;

  beforeAll(async () => {
    ({ sandbox, control } = await startTestSandbox());
  });
  afterAll(async () => {
    await sandbox.close();
  });
  beforeEach(async () => {
    await control.reset();
    registry = createCarrierRegistry({ sandboxUrl: sandbox.url, resilience: TEST_RESILIENCE, env: {} });
    adapter = registry.get(code)!;
  });
  afterEach(async () => {
    await control.fault(code, 'none');
    await registry.close();
  });
  return () => ({ control, sandbox, adapter });
}

/** The collection the contract suite books: a day and window from the carrier's declared calendar. */
export function contractPickupSlot(carrier: CarrierDefinition): { pickup_date: string; window: { from: string; to: string } } {
  const schedule = carrier.descriptor.capabilities.pickups;
  if (!schedule) throw new Error(`${carrier.descriptor.code} declares no collections`);
  return pickupSlotIn(schedule, carrier.descriptor.code);
}

/**
 * What every adapter must do against its carrier's sandbox over real HTTP, driven by what the
 * carrier's definition declares. carriers.contract-spec.ts runs it for every registered carrier.
 */
export function describeCarrierContract(carrier: CarrierDefinition): void {
  const { code } = carrier.descriptor;
  const { idempotentBooking, eventTimeResolutionMs } = carrier.wire;
  const serviceCode = carrier.descriptor.service_levels[0].code;
  // A hold the carrier can report: customs if it crosses borders, else an address problem.
  const held = carrier.tracking.statuses.includes('EXCEPTION_CUSTOMS_HOLD') ? 'CUSTOMS_HOLD' : 'ADDRESS_ISSUE';
  const ctx = carrierContractContext(code);
  let control: SandboxControl;
  let adapter: CarrierPort;
  beforeEach(() => {
    ({ control, adapter } = ctx());
  });

  const book = async () => {
    const request = bookingRequest(serviceCode);
    return { request, booking: await adapter.book(request) };
  };

  describe(`${code} booking`, () => {
    it('books and returns the carrier tracking number', async () => {
      const { request, booking } = await book();
      expect(booking.trackingNumber).toMatch(/\S+/);
      const recorded = await control.shipment(code, booking.trackingNumber);
      expect(recorded.tracking_number).toBe(booking.trackingNumber);
      expect(recorded.origin.city).toBe('Riyadh');
      expect(recorded.destination.city).toBe('Jeddah');
      expect(recorded.destination.country).toBe('SA');
      const totalKg = recorded.parcels.reduce((sum: number, p: { weight_kg: number }) => sum + p.weight_kg * 1000, 0) / 1000;
      expect(totalKg).toBeCloseTo(1.205, 6);
      expect(recorded.client_reference).toBe(request.shipmentId);
    });

    if (idempotentBooking) {
      it('does not book twice when the same booking is retried, even concurrently', async () => {
        const request = bookingRequest(serviceCode);
        const first = await adapter.book(request);
        const again = await Promise.all([adapter.book(request), adapter.book(request), adapter.book(request)]);
        for (const booking of again) expect(booking.trackingNumber).toBe(first.trackingNumber);
        const { total } = await control.shipments(code, { client_reference: request.shipmentId });
        expect(total).toBe(1);
      });
    }

    it('refuses an unknown service level without calling the carrier', async () => {
      const before = await control.stats(code);
      await expect(adapter.book(bookingRequest('no_such_service'))).rejects.toBeInstanceOf(CarrierRejectedError);
      expect((await control.stats(code)).native_requests).toBe(before.native_requests);
    });
  });

  if (carrierLacks(carrier, 'cancel')) {
    describe(`${code} cancel`, () => {
      // The carrier has no cancel: the gateway voids the shipment itself (docs/adr/0076-real-carriers.md).
      it('resolves without calling the carrier, which keeps the booking', async () => {
        const { booking } = await book();
        const before = await control.stats(code);
        await adapter.cancel(booking.trackingNumber);
        await adapter.cancel(booking.trackingNumber);
        expect((await control.stats(code)).native_requests).toBe(before.native_requests);
        expect((await control.shipment(code, booking.trackingNumber)).cancelled).toBe(false);
      });
    });
  } else {
    describe(`${code} cancel`, () => {
      it('cancels before pickup, and a repeated cancel is harmless', async () => {
        const { booking } = await book();
        await adapter.cancel(booking.trackingNumber);
        await adapter.cancel(booking.trackingNumber);
        const recorded = await control.shipment(code, booking.trackingNumber);
        expect(recorded.cancelled).toBe(true);
        expect(recorded.cancellations.length).toBe(1);
      });

      it('passes on the carrier refusing to cancel after pickup', async () => {
        const { booking } = await book();
        await control.event(code, booking.trackingNumber, { code: 'PICKED_UP' });
        await expect(adapter.cancel(booking.trackingNumber)).rejects.toBeInstanceOf(CarrierRejectedError);
      });
    });
  }

  // Only carriers that declare collections have them to test.
  if (carrier.descriptor.capabilities.pickups) describePickups();
  function describePickups() {
    describe(`${code} pickups`, () => {
      // A day and window from the carrier's own calendar (capabilities.pickups, 0 = Sunday), not a fixed one.
      const slot = contractPickupSlot(carrier);
      const lacksLookup = carrierLacks(carrier, 'pickup_lookup');
      const pickupRequest = (reference: string, trackingNumbers: string[]) => ({
        reference,
        date: slot.pickup_date,
        window: slot.window,
        address: bookingRequest(serviceCode).origin,
        trackingNumbers,
        parcelCount: trackingNumbers.length,
      });

      it('books a collection in its dialect, finds it by reference, and cancels it (twice harmlessly)', async () => {
        const { booking } = await book();
        const operations = adapter.pickups!;
        const { confirmationNumber } = await operations.schedulePickup(
          pickupRequest('11111111-2222-4333-8444-555555555555', [booking.trackingNumber]),
        );
        expect(confirmationNumber).toMatch(/\S/);
        // A re-sent request under the same reference answers the same collection, where the carrier keeps references.
        if (!lacksLookup) {
          expect(
            (await operations.schedulePickup(pickupRequest('11111111-2222-4333-8444-555555555555', [booking.trackingNumber])))
              .confirmationNumber,
          ).toBe(confirmationNumber);
        }
        const [held] = await control.pickups(code);
        expect(held).toMatchObject({
          confirmation_number: confirmationNumber,
          reference: '11111111-2222-4333-8444-555555555555',
          pickup_date: slot.pickup_date,
          tracking_numbers: [booking.trackingNumber],
          parcel_count: 1,
          cancelled: false,
        });
        // The courier comes within the window asked for, or within the carrier's slot that holds it.
        const slotted = carrier.descriptor.capabilities.pickups!.slots;
        expect(held.window).toEqual(slotted ? slotHolding(carrier.descriptor.capabilities.pickups!, slot.window) : slot.window);
        // A carrier without a look-up by reference answers none: recovery cannot ask it (lacks pickup_lookup).
        expect(await operations.findPickupByReference('11111111-2222-4333-8444-555555555555')).toEqual(
          lacksLookup ? null : { confirmationNumber, cancelled: false },
        );
        expect(await operations.findPickupByReference('99999999-2222-4333-8444-555555555555')).toBeNull();
        await operations.cancelPickup(confirmationNumber, '11111111-2222-4333-8444-555555555555');
        await operations.cancelPickup(confirmationNumber, '11111111-2222-4333-8444-555555555555');
        expect((await control.pickups(code)).map((p: { cancelled: boolean }) => p.cancelled)).toEqual([true]);
        if (!lacksLookup) {
          expect(await operations.findPickupByReference('11111111-2222-4333-8444-555555555555')).toEqual({
            confirmationNumber,
            cancelled: true,
          });
        }
      });

      it('passes on the carrier refusing a parcel it does not hold or already collected', async () => {
        const { booking } = await book();
        await control.event(code, booking.trackingNumber, { code: 'PICKED_UP' });
        await expect(
          adapter.pickups!.schedulePickup(pickupRequest('21111111-2222-4333-8444-555555555555', [booking.trackingNumber])),
        ).rejects.toBeInstanceOf(CarrierRejectedError);
        await expect(
          adapter.pickups!.schedulePickup(pickupRequest('31111111-2222-4333-8444-555555555555', ['NOPE1234'])),
        ).rejects.toBeInstanceOf(CarrierRejectedError);
        expect(await control.pickups(code)).toEqual([]);
      });

      it('is unavailable, not refused, when the carrier is down', async () => {
        const { booking } = await book();
        await control.fault(code, 'down');
        await expect(
          adapter.pickups!.schedulePickup(pickupRequest('41111111-2222-4333-8444-555555555555', [booking.trackingNumber])),
        ).rejects.toBeInstanceOf(CarrierUnavailableError);
      });
    });
  }

  describe(`${code} tracking`, () => {
    it('maps control-API events back from the native vocabulary, with stable ids', async () => {
      const { booking } = await book();
      const tn = booking.trackingNumber;
      const at = (s: string) => new Date(s);
      expect(
        (
          await control.event(code, tn, {
            code: 'PICKED_UP',
            location_en: 'Riyadh',
            location_ar: 'الرياض',
            occurred_at: '2025-03-01T10:15:42.123Z',
          })
        ).status,
      ).toBe(201);
      await control.event(code, tn, { code: 'EXCEPTION', exception_type: held, occurred_at: '2025-03-02T08:00:00Z' });
      await control.event(code, tn, {
        code: 'EXCEPTION_WEIGHT_MISMATCH',
        measured_weight_kg: 2.35,
        occurred_at: '2025-03-02T09:30:00Z',
      });
      await control.event(code, tn, { code: 'DELIVERED', occurred_at: '2025-03-03T12:45:10Z' });

      const events = await adapter.fetchTracking([tn]);
      const byStatus = (status: string) => events.find((e) => e.status === status) as CarrierTrackingEvent;
      expect(events.map((e) => e.status)).toEqual(['PICKED_UP', `EXCEPTION_${held}`, 'EXCEPTION_WEIGHT_MISMATCH', 'DELIVERED']);
      expect(events.every((e) => e.trackingNumber === tn)).toBe(true);

      const picked = byStatus('PICKED_UP');
      expect(picked.locationEn).toBe('Riyadh');
      // A carrier whose events name places in one language only reports none in Arabic.
      expect(picked.locationAr).toBe(carrierLacks(carrier, 'arabic_places') ? undefined : 'الرياض');
      expect(picked.occurredAt.toISOString()).toBe(floorTo(at('2025-03-01T10:15:42.123Z'), eventTimeResolutionMs).toISOString());
      expect(picked.exceptionType).toBeUndefined();

      expect(byStatus(`EXCEPTION_${held}`).exceptionType).toBe(held);
      expect(byStatus('EXCEPTION_WEIGHT_MISMATCH').exceptionType).toBe('WEIGHT_MISMATCH');
      expect(byStatus('EXCEPTION_WEIGHT_MISMATCH').measuredWeightKg).toBe(carrierLacks(carrier, 'measured_weight') ? undefined : 2.35);
      expect(byStatus('DELIVERED').occurredAt.toISOString()).toBe(floorTo(at('2025-03-03T12:45:10Z'), eventTimeResolutionMs).toISOString());
      for (const e of events) expect(e.carrierStatus).not.toBe(e.status);

      const ids = events.map((e) => e.eventId);
      expect(new Set(ids).size).toBe(ids.length);
      const again = await adapter.fetchTracking([tn]);
      expect(again.map((e) => e.eventId)).toEqual(ids);
    });

    it('keeps an undocumented native code as an event with no mapped status', async () => {
      const { booking } = await book();
      await control.event(code, booking.trackingNumber, { native_code: 'ZZ_NEW_CODE_42' });
      const [event] = await adapter.fetchTracking([booking.trackingNumber]);
      expect(event.status).toBeNull();
      expect(event.carrierStatus).toBe('ZZ_NEW_CODE_42');
    });

    it('reads many shipments in one call and ignores unknown numbers', async () => {
      const a = (await book()).booking.trackingNumber;
      const b = (await book()).booking.trackingNumber;
      await control.event(code, a, { code: 'LABEL_GENERATED' });
      await control.event(code, b, { code: 'OUT_FOR_DELIVERY' });
      const events = await adapter.fetchTracking([a, b, 'NOPE000000000']);
      expect(events.map((e) => [e.trackingNumber, e.status]).sort()).toEqual(
        [
          [a, 'LABEL_GENERATED'],
          [b, 'OUT_FOR_DELIVERY'],
        ].sort(),
      );
    });

    it('answers 404 on the control API for an unknown tracking number', async () => {
      expect((await control.event(code, 'UNKNOWN123', { code: 'PICKED_UP' })).status).toBe(404);
    });
  });

  const codLevel = carrier.descriptor.service_levels.find((l) => l.cash_on_delivery === true);
  if (codLevel) {
    describe(`${code} cash on delivery`, () => {
      const bookCod = (halalas: number) => adapter.book(bookingRequest(codLevel.code, { codAmountHalalas: halalas }));

      it('reports the cash collected at delivery in its own style: the full amount by default, or what the courier took', async () => {
        const full = await bookCod(12_345);
        const short = await bookCod(20_000);
        await control.event(code, full.trackingNumber, { code: 'DELIVERED', occurred_at: '2025-03-03T12:45:00Z' });
        await control.event(code, short.trackingNumber, {
          code: 'DELIVERED',
          occurred_at: '2025-03-03T12:46:00Z',
          cod_collected_sar: 150.5,
        });
        const events = await adapter.fetchTracking([full.trackingNumber, short.trackingNumber]);
        const cash = (tn: string) => events.find((e) => e.trackingNumber === tn && e.status === 'DELIVERED')?.codCollectedHalalas;
        // A carrier whose deliveries report no amount says so (lacks cod_report): the gateway then takes the amount booked.
        const silent = carrierLacks(carrier, 'cod_report');
        expect(cash(full.trackingNumber)).toBe(silent ? undefined : 12_345);
        // A carrier that reports only the amount booked says so (lacks collected_amount).
        expect(cash(short.trackingNumber)).toBe(silent ? undefined : carrierLacks(carrier, 'collected_amount') ? 20_000 : 15_050);
      });

      if (carrierLacks(carrier, 'remittance_feed')) {
        it('has no payout feed to read', async () => {
          await expect(adapter.fetchRemittances(null)).rejects.toBeInstanceOf(CarrierOperationNotSupportedError);
        });
      } else {
        it('publishes payouts the adapter reads page by page and resumes after its cursor', async () => {
          const first = await adapter.fetchRemittances(null);
          expect(first.remittances).toEqual([]);
          const a = await bookCod(1_001);
          const b = await bookCod(2_002);
          expect(
            (
              await control.remittance(code, {
                reference: 'PAY-1',
                items: [
                  { tracking_number: a.trackingNumber, amount_sar: 10.01 },
                  { tracking_number: b.trackingNumber, amount_sar: 20.02 },
                ],
              })
            ).status,
          ).toBe(201);
          for (let i = 2; i <= 30; i++)
            await control.remittance(code, { reference: `PAY-${i}`, items: [{ tracking_number: 'X1', amount_sar: i }] });
          const seen: string[] = [];
          let cursor = first.cursor;
          let payout1;
          for (let page = 0; page < 10; page++) {
            const answer = await adapter.fetchRemittances(cursor);
            for (const r of answer.remittances) {
              seen.push(r.reference);
              if (r.reference === 'PAY-1') payout1 = r;
            }
            cursor = answer.cursor;
            if (!answer.hasMore) break;
          }
          expect(seen).toEqual(Array.from({ length: 30 }, (_, i) => `PAY-${i + 1}`));
          expect(payout1!.lines).toEqual([
            { trackingNumber: a.trackingNumber, amountHalalas: 1_001 },
            { trackingNumber: b.trackingNumber, amountHalalas: 2_002 },
          ]);
          expect(payout1!.remittedAt).toBeInstanceOf(Date);
          const after = await adapter.fetchRemittances(cursor);
          expect(after.remittances).toEqual([]);
          expect(after.hasMore).toBe(false);
        });
      }

      it('refuses a malformed payout on the control API', async () => {
        expect((await control.remittance(code, { items: [] })).status).toBe(422);
        expect((await control.remittance(code, { items: [{ tracking_number: 'A', amount_sar: -1 }] })).status).toBe(422);
      });
    });
  }

  if (carrierLacks(carrier, 'destination_update')) {
    describe(`${code} destination update`, () => {
      it('is not offered by the carrier', async () => {
        const { booking } = await book();
        const before = await control.stats(code);
        await expect(
          adapter.updateDestination(booking.trackingNumber, { name: 'Noura', city: 'Dammam', country: 'SA', phone: '966559998877' }),
        ).rejects.toBeInstanceOf(CarrierOperationNotSupportedError);
        expect((await control.stats(code)).native_requests).toBe(before.native_requests);
      });
    });
  } else {
    describe(`${code} destination update`, () => {
      it('is recorded by the carrier', async () => {
        const { booking } = await book();
        await adapter.updateDestination(booking.trackingNumber, {
          name: 'Noura',
          city: 'Dammam',
          country: 'SA',
          short_address: 'DDMA1234',
          phone: '966559998877',
        });
        const recorded = await control.shipment(code, booking.trackingNumber);
        expect(recorded.destination_updates).toHaveLength(1);
        expect(recorded.destination_updates[0].address).toMatchObject({ city: 'Dammam', country: 'SA', short_address: 'DDMA1234' });
        expect(recorded.destination.city).toBe('Dammam');
      });
    });
  }

  describe(`${code} faults`, () => {
    it.each(['down', 'error'] as const)('turns fault "%s" into CarrierUnavailableError for every operation', async (mode) => {
      const { booking } = await book();
      await control.fault(code, mode);
      for (const call of [
        () => adapter.book(bookingRequest(serviceCode)),
        ...(carrierLacks(carrier, 'cancel') ? [] : [() => adapter.cancel(booking.trackingNumber)]),
        () => adapter.fetchTracking([booking.trackingNumber]),
      ]) {
        const { elapsedMs, error } = await unavailableAfter(call);
        expect(elapsedMs).toBeLessThan(TEST_RESILIENCE.timeoutMs + TIMING_MARGIN_MS);
        expect(error.carrierCode).toBe(code);
        expect(error.retryAfterSeconds).toBeGreaterThan(0);
      }
    });

    it('gives up on a slow carrier within the timeout', async () => {
      const { booking } = await book();
      await control.fault(code, 'slow', 3000);
      for (const call of [() => adapter.book(bookingRequest(serviceCode)), () => adapter.fetchTracking([booking.trackingNumber])]) {
        const { elapsedMs } = await unavailableAfter(call);
        expect(elapsedMs).toBeGreaterThanOrEqual(TEST_RESILIENCE.timeoutMs - 20);
        expect(elapsedMs).toBeLessThan(TEST_RESILIENCE.timeoutMs + TIMING_MARGIN_MS);
      }
    });

    it('answers normally after a slow spell shorter than the timeout', async () => {
      await control.fault(code, 'slow', 50);
      const { booking } = await book();
      expect(booking.trackingNumber).toBeTruthy();
    });

    it('opens the circuit after repeated failures and closes it once the carrier is back', async () => {
      const { booking } = await book();
      await control.fault(code, 'down');
      for (let i = 0; i < TEST_RESILIENCE.breakerThreshold; i++) {
        await unavailableAfter(() => adapter.fetchTracking([booking.trackingNumber]));
      }
      const before = await control.stats(code);
      const open = await unavailableAfter(() => adapter.fetchTracking([booking.trackingNumber]));
      expect(open.error.reason).toMatch(/circuit open/);
      expect(open.elapsedMs).toBeLessThan(150);
      expect((await control.stats(code)).native_requests).toBe(before.native_requests);

      await control.fault(code, 'none');
      await sleep(TEST_RESILIENCE.breakerHalfOpenMs + 50);
      await expect(adapter.fetchTracking([booking.trackingNumber])).resolves.toEqual([]);
      await expect(adapter.book(bookingRequest(serviceCode))).resolves.toHaveProperty('trackingNumber');
    });

    it('never lets a fault reach the control API', async () => {
      const { booking } = await book();
      await control.fault(code, 'down');
      expect((await control.event(code, booking.trackingNumber, { code: 'PICKED_UP' })).status).toBe(201);
      await control.fault(code, 'none');
    });
  });

  if (carrier.descriptor.capabilities.passthrough) describePassthroughContract(carrier, ctx);
  else describeNoPassthrough(code, ctx);
}

export { CarrierUnavailableError };
