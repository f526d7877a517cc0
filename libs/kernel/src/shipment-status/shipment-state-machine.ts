import { EXCEPTION_STATUSES, ExceptionStatus, ExceptionType, MAIN_FLOW_STATUSES, MainFlowStatus, ShipmentStatus } from './shipment-status';

/**
 * Shipment lifecycle (docs/api.md, statuses; the lists live in shipment-status.ts).
 *
 * Main flow, in rank order:
 *   CREATED → LABEL_GENERATED → PICKUP_SCHEDULED → PICKED_UP → AT_ORIGIN_HUB →
 *   DEPARTED_ORIGIN → IN_TRANSIT → [ARRIVED_DESTINATION_COUNTRY → CUSTOMS_CLEARANCE →
 *   CUSTOMS_CLEARED] → AT_DELIVERY_HUB → OUT_FOR_DELIVERY → DELIVERED
 * The bracketed customs steps exist only on cross-border shipments.
 * Exceptions are side states: they interrupt the flow and resume it at the interrupted
 * step or later. Every exception is possible on every lane: the carrier is the source of
 * truth, and a customs hold it reports on a domestic lane is applied, with a note
 * (isUnexpectedOnLane), never hidden. Return leg: RETURN_TO_ORIGIN → RETURNED.
 * Terminal: DELIVERED, RETURNED, LOST, CANCELLED.
 *
 * canTransition(a, b) answers "can a shipment in status a next be reported in status b",
 * where carriers may skip any number of intermediate steps. The allowed pairs are
 * therefore the reachability closure of the single steps, which is why e.g. CREATED →
 * LOST is allowed (the pickup scan was never sent) while DELIVERED → anything,
 * AT_DELIVERY_HUB → IN_TRANSIT and OUT_FOR_DELIVERY → CANCELLED are not.
 * An exception implies that the carrier holds the parcel, so a shipment in an exception
 * counts as picked up (it can no longer be cancelled and does not resume before
 * PICKED_UP); a failed delivery attempt implies it was out for delivery.
 */

export const NOT_PICKED_UP_STATUSES = ['CREATED', 'LABEL_GENERATED', 'PICKUP_SCHEDULED'] as const satisfies readonly ShipmentStatus[];

export const TERMINAL_STATUSES = ['DELIVERED', 'RETURNED', 'LOST', 'CANCELLED'] as const satisfies readonly ShipmentStatus[];

/** Main-flow steps that only exist when goods cross a border. */
export const CROSS_BORDER_ONLY_STATUSES = [
  'ARRIVED_DESTINATION_COUNTRY',
  'CUSTOMS_CLEARANCE',
  'CUSTOMS_CLEARED',
] as const satisfies readonly ShipmentStatus[];

/** Exceptions a domestic lane does not normally see; applied all the same (ADR 0036). */
export const CROSS_BORDER_EXCEPTIONS = ['EXCEPTION_CUSTOMS_HOLD'] as const satisfies readonly ShipmentStatus[];

export interface LaneOptions {
  /**
   * true when origin and destination countries differ (GCC lanes included).
   * Left undefined, the lane is unknown and customs statuses are not refused.
   */
  readonly international?: boolean;
}

const MAIN_RANK: ReadonlyMap<ShipmentStatus, number> = new Map(MAIN_FLOW_STATUSES.map((status, index) => [status, index]));

function includes(list: readonly ShipmentStatus[], status: ShipmentStatus): boolean {
  return list.includes(status);
}

export function isMainFlow(status: ShipmentStatus): status is MainFlowStatus {
  return MAIN_RANK.has(status);
}

export function isException(status: ShipmentStatus): status is ExceptionStatus {
  return includes(EXCEPTION_STATUSES, status);
}

export function isTerminal(status: ShipmentStatus): boolean {
  return includes(TERMINAL_STATUSES, status);
}

/** docs/api.md §3: cancellation is possible only before pickup. */
export function canCancel(status: ShipmentStatus): boolean {
  return includes(NOT_PICKED_UP_STATUSES, status);
}

export function exceptionTypeOf(status: ShipmentStatus): ExceptionType | undefined {
  return isException(status) ? (status.slice('EXCEPTION_'.length) as ExceptionType) : undefined;
}

export function exceptionStatusOf(type: ExceptionType): ExceptionStatus {
  return `EXCEPTION_${type}`;
}

/** Position in the main flow (CREATED = 0 … DELIVERED = 12); undefined off the main flow. */
export function mainFlowRank(status: ShipmentStatus): number | undefined {
  return MAIN_RANK.get(status);
}

/** The furthest main-flow step an exception proves the shipment has reached. */
export function impliedProgressOf(exception: ExceptionStatus): MainFlowStatus {
  return exception === 'EXCEPTION_FAILED_DELIVERY_ATTEMPT' ? 'OUT_FOR_DELIVERY' : 'PICKED_UP';
}

export function isAllowedOnLane(status: ShipmentStatus, opts: LaneOptions = {}): boolean {
  return opts.international !== false || !includes(CROSS_BORDER_ONLY_STATUSES, status);
}

/**
 * A status the lane makes unlikely but the carrier reported (a customs hold on a domestic
 * lane). Worth a note for operations; the status applies all the same.
 */
export function isUnexpectedOnLane(status: ShipmentStatus, opts: LaneOptions = {}): boolean {
  return opts.international === false && includes(CROSS_BORDER_EXCEPTIONS, status);
}

function rank(status: ShipmentStatus): number {
  const value = MAIN_RANK.get(status);
  if (value === undefined) throw new RangeError(`${status} is not a main-flow status`);
  return value;
}

export function canTransition(from: ShipmentStatus, to: ShipmentStatus, opts: LaneOptions = {}): boolean {
  if (from === to || isTerminal(from)) return false;
  if (!isAllowedOnLane(from, opts) || !isAllowedOnLane(to, opts)) return false;
  const fromReturnLeg = from === 'RETURN_TO_ORIGIN';

  if (to === 'CANCELLED') return canCancel(from);
  if (to === 'RETURNED' || to === 'LOST') return true;
  if (fromReturnLeg) return false;
  if (to === 'RETURN_TO_ORIGIN' || isException(to)) return true;
  // `to` is on the main flow from here on.
  if (isException(from)) return rank(to) >= rank(impliedProgressOf(from));
  return rank(to) > rank(from);
}
