import { isShipmentStatus, ShipmentStatus } from './shipment-status';
import { impliedProgressOf, isException, mainFlowRank } from './shipment-state-machine';
import { trackingEventIdentity } from './tracking-event-identity';

/**
 * The order of a shipment's history as a merchant reads it (docs/adr/0036-tracking-history-fidelity.md).
 *
 * Two clocks write the history. The carrier's events carry the carrier's time of the scan; the
 * gateway's own events (CREATED, LABEL_GENERATED, CANCELLED) carry the gateway's time of its
 * own step, and one of them, LABEL_GENERATED, is stamped when the asynchronous label job
 * finishes, which can be after the courier already scanned the parcel. Rule:
 * - carrier events are shown at their own time;
 * - a gateway step on the main flow is shown no later than the first carrier event that proves
 *   the parcel went past that step (a label exists before a pickup is scanned): shownAt =
 *   min(its own time, the earliest such carrier time);
 * - newest first by shownAt; at the same instant a gateway step comes before (below) the
 *   carrier event, lower flow steps before higher ones, then by recording time and id;
 * - a carrier event stored twice under different ids (legacy rows) is shown once.
 * The stored times are never rewritten: the order is derived on every read, so a late carrier
 * event that arrives days after the label still places it correctly.
 */

export type TrackingEventSource = 'gateway' | 'carrier';

export interface HistoryEvent {
  readonly id: string;
  readonly source: TrackingEventSource;
  /** Gateway status, or the carrier's own code when it maps to none. */
  readonly code: string;
  readonly occurredAt: Date;
  readonly recordedAt?: Date;
  readonly locationEn?: string | null;
  readonly locationAr?: string | null;
}

export interface PlacedEvent<E extends HistoryEvent> {
  readonly event: E;
  /** The time the history shows: occurredAt, or earlier for a gateway step a carrier event proves passed. */
  readonly shownAt: Date;
}

const PICKED_UP_RANK = mainFlowRank('PICKED_UP')!;

/**
 * The furthest main-flow step (its rank) an event with this code proves the parcel reached;
 * undefined when it proves none (an unmapped code, a cancellation).
 */
export function provenStepRank(code: string): number | undefined {
  if (!isShipmentStatus(code)) return undefined;
  const status: ShipmentStatus = code;
  if (isException(status)) return mainFlowRank(impliedProgressOf(status));
  if (status === 'RETURN_TO_ORIGIN' || status === 'RETURNED' || status === 'LOST') return PICKED_UP_RANK;
  return mainFlowRank(status);
}

function gatewayStepRank(event: HistoryEvent): number | undefined {
  return event.source === 'gateway' && isShipmentStatus(event.code) ? mainFlowRank(event.code) : undefined;
}

function compareAscending(a: PlacedEvent<HistoryEvent>, b: PlacedEvent<HistoryEvent>): number {
  return (
    a.shownAt.getTime() - b.shownAt.getTime() ||
    sourceOrder(a.event) - sourceOrder(b.event) ||
    (gatewayStepRank(a.event) ?? Number.MAX_SAFE_INTEGER) - (gatewayStepRank(b.event) ?? Number.MAX_SAFE_INTEGER) ||
    (a.event.recordedAt?.getTime() ?? 0) - (b.event.recordedAt?.getTime() ?? 0) ||
    (a.event.id < b.event.id ? -1 : a.event.id > b.event.id ? 1 : 0)
  );
}

const sourceOrder = (event: HistoryEvent) => (event.source === 'gateway' ? 0 : 1);

/** The history newest first, each event with the time to show; independent of the input order. */
export function orderTrackingHistory<E extends HistoryEvent>(events: readonly E[]): PlacedEvent<E>[] {
  // Oldest recorded copy first, so the copy kept does not depend on the input order.
  const byRecording = [...events].sort((a, b) =>
    compareAscending({ event: a, shownAt: a.occurredAt }, { event: b, shownAt: b.occurredAt }),
  );
  const seen = new Set<string>();
  const distinct = byRecording.filter((event) => {
    if (event.source !== 'carrier') return true;
    const identity = trackingEventIdentity(event);
    if (seen.has(identity)) return false;
    seen.add(identity);
    return true;
  });

  /** Earliest carrier time proving each step rank or a later one. */
  const earliestProof = new Map<number, number>();
  for (const event of distinct) {
    if (event.source !== 'carrier') continue;
    const rank = provenStepRank(event.code);
    if (rank === undefined) continue;
    const time = event.occurredAt.getTime();
    if (time < (earliestProof.get(rank) ?? Number.POSITIVE_INFINITY)) earliestProof.set(rank, time);
  }
  const provedAfter = (rank: number): number => {
    let earliest = Number.POSITIVE_INFINITY;
    for (const [proven, time] of earliestProof) if (proven > rank && time < earliest) earliest = time;
    return earliest;
  };

  const placed = distinct.map((event): PlacedEvent<E> => {
    const rank = gatewayStepRank(event);
    if (rank === undefined) return { event, shownAt: event.occurredAt };
    const bound = provedAfter(rank);
    return { event, shownAt: bound < event.occurredAt.getTime() ? new Date(bound) : event.occurredAt };
  });
  return placed.sort((a, b) => compareAscending(b, a));
}
