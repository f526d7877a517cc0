import { CROSS_BORDER_ONLY_STATUSES, isTerminal, MAIN_FLOW_STATUSES, ShipmentStatus } from '@lgw/kernel';
import { SandboxShipment, Vocabulary } from './sandbox-types';

/** The carrier moves shipments along the gateway's own main flow; customs only across borders. */
export const INTERNATIONAL_PATH: readonly ShipmentStatus[] = MAIN_FLOW_STATUSES;
export const DOMESTIC_PATH: readonly ShipmentStatus[] = MAIN_FLOW_STATUSES.filter(
  (status) => !(CROSS_BORDER_ONLY_STATUSES as readonly ShipmentStatus[]).includes(status),
);

export function pathFor(lane: SandboxShipment['lane']): readonly ShipmentStatus[] {
  return lane === 'domestic' ? DOMESTIC_PATH : INTERNATIONAL_PATH;
}

/** After this many failed delivery attempts the carrier sends the parcel back (OTO's rule). */
export const FAILED_ATTEMPTS_BEFORE_RETURN = 3;

export function failedDeliveryAttempts(shipment: SandboxShipment): number {
  // The shipment's own attempts: a failed attempt of one parcel alone is that parcel's.
  return shipment.events.filter((e) => e.specStatus === 'EXCEPTION_FAILED_DELIVERY_ATTEMPT' && e.piece === undefined).length;
}

/**
 * The status the shipment would move to on its next automatic step, or null when it has
 * nowhere to go. Exceptions do not move the position, so the next step resumes the flow;
 * steps the carrier has no code for are passed over.
 */
export function nextAutomaticStatus(shipment: SandboxShipment, vocabulary: Vocabulary): ShipmentStatus | null {
  if (shipment.cancelled || isTerminal(shipment.latestStatus)) return null;
  if (shipment.latestStatus === 'RETURN_TO_ORIGIN') return 'RETURNED';
  // The third failed attempt ends delivery: the next step takes the parcel back.
  if (failedDeliveryAttempts(shipment) >= FAILED_ATTEMPTS_BEFORE_RETURN && vocabulary.RETURN_TO_ORIGIN) return 'RETURN_TO_ORIGIN';
  return (
    pathFor(shipment.lane)
      .slice(shipment.position + 1)
      .find((status) => vocabulary[status] !== undefined) ?? null
  );
}

/** Every simulated carrier refuses to cancel once it holds the parcel, or once the shipment has ended. */
export function isCancellable(shipment: SandboxShipment): boolean {
  return shipment.position < pathFor(shipment.lane).indexOf('PICKED_UP') && !isTerminal(shipment.latestStatus);
}

/** Nor does any redirect a cancelled or delivered shipment. */
export function isRedirectable(shipment: SandboxShipment): boolean {
  return !shipment.cancelled && shipment.latestStatus !== 'DELIVERED';
}

/** Moves the flow position forward (never back) when the status is a flow step. */
export function applyStatus(shipment: SandboxShipment, status: ShipmentStatus): void {
  const index = pathFor(shipment.lane).indexOf(status);
  if (index > shipment.position) shipment.position = index;
  shipment.latestStatus = status;
}

/** Where an event at this step happens: origin side until the line haul, destination after. */
export function sideOf(status: ShipmentStatus): 'origin' | 'destination' | 'none' {
  switch (status) {
    case 'CREATED':
    case 'LABEL_GENERATED':
    case 'PICKUP_SCHEDULED':
    case 'PICKED_UP':
    case 'AT_ORIGIN_HUB':
    case 'DEPARTED_ORIGIN':
    case 'RETURNED':
      return 'origin';
    case 'IN_TRANSIT':
    case 'LOST':
    case 'CANCELLED':
      return 'none';
    default:
      return 'destination';
  }
}
