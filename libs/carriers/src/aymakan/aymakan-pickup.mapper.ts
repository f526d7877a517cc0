import { PickupWindow, slotHolding } from '@lgw/kernel';
import { CarrierPickupFound, CarrierPickupRequest } from '@lgw/carrier-access';
import { AymakanPickup, AymakanPickupRequest } from './aymakan.wire-types';

/**
 * Aymakan's collection slots as the gateway declares them (docs/carriers/aymakan.md, pickups):
 * the afternoon and evening hours are those its time-slot labels state ("After Noon (02 PM - 06
 * PM)", "Evening (06 PM - 09 PM)"); the morning's are assumed. A label that states its hours
 * overrides these at run time.
 */
export const AYMAKAN_SLOTS: Readonly<Record<string, PickupWindow>> = {
  morning: { from: '09:00', to: '14:00' },
  afternoon: { from: '14:00', to: '18:00' },
  evening: { from: '18:00', to: '21:00' },
};

const hh = (hour: string, half: string) => {
  const h = Number(hour) % 12;
  return String(half.toUpperCase() === 'PM' ? h + 12 : h).padStart(2, '0');
};

/** The hours a slot label states ("After Noon (02 PM - 06 PM)"), else the declared ones of its key. */
export function aymakanSlotHours(key: string, label: string | undefined): PickupWindow | undefined {
  const stated = /(\d{1,2})(?::(\d{2}))?\s*(AM|PM)\s*-\s*(\d{1,2})(?::(\d{2}))?\s*(AM|PM)/i.exec(label ?? '');
  if (stated) {
    return { from: `${hh(stated[1], stated[3])}:${stated[2] ?? '00'}`, to: `${hh(stated[4], stated[6])}:${stated[5] ?? '00'}` };
  }
  return AYMAKAN_SLOTS[key];
}

/** The first open slot of the day (key → label) that holds the whole window asked for. */
export function aymakanSlotFor(slots: Readonly<Record<string, string>>, window: PickupWindow): string | undefined {
  return Object.entries(slots).find(([key, label]) => {
    const hours = aymakanSlotHours(key, label);
    return hours !== undefined && slotHolding({ collectionDays: [], hours, slots: [hours] }, window) !== undefined;
  })?.[0];
}

/**
 * Aymakan keeps no client reference on a collection, so the gateway's pickup id ends the address
 * line the courier reads ("… [ref <id>]"): a collection whose answer was lost is found again in
 * the account's list by it (recovery), and a request sent again is answered with the first.
 */
const REFERENCE = /\s\[ref ([0-9a-f-]{36})\]$/;

export function aymakanPickupAddress(request: CarrierPickupRequest): string {
  const a = request.address;
  const line = [a.line1 ?? a.short_address, a.region, a.city].filter(Boolean).join(', ');
  return `${line} [ref ${request.reference}]`;
}

export function referenceOfAymakanPickup(pickup: Pick<AymakanPickup, 'address'>): string | undefined {
  return REFERENCE.exec(pickup.address ?? '')?.[1];
}

/**
 * POST /v2/pickup_request/create. Aymakan counts the shipments to collect; it names one only when
 * there is one (`reference`, its AWB). The gateway keeps which shipments the collection takes.
 */
export function toAymakanPickup(request: CarrierPickupRequest, timeSlot: string): AymakanPickupRequest {
  const single = request.trackingNumbers.length === 1;
  return {
    ...(single ? { reference: request.trackingNumbers[0] } : {}),
    pickup_date: request.date,
    time_slot: timeSlot,
    city: request.address.city,
    contact_name: request.address.name ?? request.address.city,
    contact_phone: (request.address.phone ?? '').replace(/\D/g, ''),
    address: aymakanPickupAddress(request),
    shipments: request.trackingNumbers.length,
  };
}

export function isAymakanPickupCancelled(pickup: Pick<AymakanPickup, 'status'>): boolean {
  return (pickup.status ?? '').toLowerCase() === 'cancelled';
}

/** The collection of the list booked under the gateway's reference, or null. */
export function fromAymakanPickups(pickups: readonly AymakanPickup[], reference: string): CarrierPickupFound | null {
  // The live one first: a collection cancelled and asked again under the same reference has both.
  const ours = pickups.filter((p) => referenceOfAymakanPickup(p) === reference);
  const found = ours.find((p) => !isAymakanPickupCancelled(p)) ?? ours[0];
  return found ? { confirmationNumber: String(found.id), cancelled: isAymakanPickupCancelled(found) } : null;
}
