import { CROSS_BORDER_ONLY_STATUSES, isTerminal, MAIN_FLOW_STATUSES, ShipmentStatus } from '@lgw/domain';
import { SandboxShipment } from './sandbox-types';

/** The carrier moves shipments along the gateway's own main flow; customs only across borders. */
export const INTERNATIONAL_PATH: readonly ShipmentStatus[] = MAIN_FLOW_STATUSES;
export const DOMESTIC_PATH: readonly ShipmentStatus[] = MAIN_FLOW_STATUSES.filter(
  (status) => !(CROSS_BORDER_ONLY_STATUSES as readonly ShipmentStatus[]).includes(status),
);

export function pathFor(lane: SandboxShipment['lane']): readonly ShipmentStatus[] {
  return lane === 'domestic' ? DOMESTIC_PATH : INTERNATIONAL_PATH;
}

/**
 * The status the shipment would move to on its next automatic step, or null when it has
 * nowhere to go. Exceptions do not move the position, so the next step resumes the flow.
 */
export function nextAutomaticStatus(shipment: SandboxShipment): ShipmentStatus | null {
  if (shipment.cancelled || isTerminal(shipment.latestStatus)) return null;
  if (shipment.latestStatus === 'RETURN_TO_ORIGIN') return 'RETURNED';
  const path = pathFor(shipment.lane);
  return path[shipment.position + 1] ?? null;
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
