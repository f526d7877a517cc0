import { CarrierState } from './sandbox-state';
import { SandboxPickup } from './sandbox-types';
import { isCancellable } from './lifecycle';
import { randomDigits, uniqueTrackingNumber } from './tracking-numbers';

/** A collection request as a dialect read it. */
export type PickupBookingInput = Omit<SandboxPickup, 'confirmationNumber' | 'bookedAt' | 'cancelled'>;

/**
 * What every simulated carrier does with a collection request, whatever its dialect: a
 * reference it already booked answers that collection (clients may re-send), every parcel must
 * be one of its bookings still waiting for a courier. A problem is returned, not thrown, for
 * the dialect to phrase.
 */
export function bookSandboxPickup(
  carrier: CarrierState,
  input: PickupBookingInput,
  prefix: string,
): { pickup: SandboxPickup; problem?: undefined } | { pickup?: undefined; problem: string } {
  const existing = carrier.pickupByReference(input.reference);
  if (existing) return { pickup: existing };
  if (input.trackingNumbers.length === 0) return { problem: 'no parcels to collect' };
  for (const tn of input.trackingNumbers) {
    const shipment = carrier.shipments.get(tn);
    if (!shipment) return { problem: `unknown tracking number ${tn}` };
    if (shipment.cancelled || !isCancellable(shipment)) return { problem: `shipment ${tn} is not waiting for collection` };
  }
  const confirmationNumber = uniqueTrackingNumber(
    () => `${prefix}${randomDigits(8)}`,
    (n) => carrier.pickups.has(n),
  );
  const pickup: SandboxPickup = {
    confirmationNumber,
    reference: input.reference,
    date: input.date,
    from: input.from,
    to: input.to,
    trackingNumbers: [...input.trackingNumbers],
    city: input.city,
    bookedAt: new Date(),
    cancelled: false,
    native: input.native,
  };
  carrier.pickups.set(confirmationNumber, pickup);
  return { pickup };
}
