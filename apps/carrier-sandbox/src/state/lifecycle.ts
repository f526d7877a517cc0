import { ShipmentStatus } from '@lgw/domain';
import { SandboxShipment } from './sandbox-types';

const PICKUP_PATH: readonly ShipmentStatus[] = [
  'CREATED',
  'LABEL_GENERATED',
  'PICKUP_SCHEDULED',
  'PICKED_UP',
  'AT_ORIGIN_HUB',
  'DEPARTED_ORIGIN',
  'IN_TRANSIT',
];
const CUSTOMS_PATH: readonly ShipmentStatus[] = [
  'ARRIVED_DESTINATION_COUNTRY',
  'CUSTOMS_CLEARANCE',
  'CUSTOMS_CLEARED',
];
const DELIVERY_PATH: readonly ShipmentStatus[] = ['AT_DELIVERY_HUB', 'OUT_FOR_DELIVERY', 'DELIVERED'];

export const DOMESTIC_PATH: readonly ShipmentStatus[] = [...PICKUP_PATH, ...DELIVERY_PATH];
export const INTERNATIONAL_PATH: readonly ShipmentStatus[] = [...PICKUP_PATH, ...CUSTOMS_PATH, ...DELIVERY_PATH];

const TERMINAL: ReadonlySet<ShipmentStatus> = new Set(['DELIVERED', 'RETURNED', 'LOST', 'CANCELLED']);

export function pathFor(lane: SandboxShipment['lane']): readonly ShipmentStatus[] {
  return lane === 'domestic' ? DOMESTIC_PATH : INTERNATIONAL_PATH;
}

export function isTerminal(status: ShipmentStatus): boolean {
  return TERMINAL.has(status);
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
