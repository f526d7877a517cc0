import { isShipmentStatus, ShipmentStatus, impliedProgressOf, isException, mainFlowRank, trackingEventIdentity } from '@lgw/kernel';

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
 * - a carrier event stored twice under different ids (legacy rows) is shown once (the same scan
 *   of two pieces is two events).
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
  /** A carrier event about one piece (docs/adr/0087): the same scan of two pieces is two events. */
  readonly pieceNumber?: number | null;
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

/** An event with its sort key computed once. */
interface Keyed<E extends HistoryEvent> {
  readonly event: E;
  shownAt: Date;
  readonly source: number;
  readonly rank: number;
  readonly recorded: number;
}

function keyed<E extends HistoryEvent>(event: E): Keyed<E> {
  return {
    event,
    shownAt: event.occurredAt,
    source: event.source === 'gateway' ? 0 : 1,
    rank: gatewayStepRank(event) ?? Number.MAX_SAFE_INTEGER,
    recorded: event.recordedAt?.getTime() ?? 0,
  };
}

function compareAscending(a: Keyed<HistoryEvent>, b: Keyed<HistoryEvent>): number {
  return (
    a.shownAt.getTime() - b.shownAt.getTime() ||
    a.source - b.source ||
    a.rank - b.rank ||
    a.recorded - b.recorded ||
    (a.event.id < b.event.id ? -1 : a.event.id > b.event.id ? 1 : 0)
  );
}

/** The history newest first, each event with the time to show; independent of the input order. */
export function orderTrackingHistory<E extends HistoryEvent>(events: readonly E[]): PlacedEvent<E>[] {
  // Oldest recorded copy first, so the copy kept does not depend on the input order.
  const all = events.map(keyed).sort(compareAscending);
  const seen = new Set<string>();
  const distinct = all.filter(({ event }) => {
    if (event.source !== 'carrier') return true;
    const identity = `${event.pieceNumber ?? ''}|${trackingEventIdentity(event)}`;
    if (seen.has(identity)) return false;
    seen.add(identity);
    return true;
  });

  /** earliestFrom[r]: the earliest carrier time proving a step of rank r or later. */
  const earliestFrom: number[] = [];
  for (const { event } of distinct) {
    if (event.source !== 'carrier') continue;
    const rank = provenStepRank(event.code);
    if (rank === undefined) continue;
    const time = event.occurredAt.getTime();
    if (time < (earliestFrom[rank] ?? Number.POSITIVE_INFINITY)) earliestFrom[rank] = time;
  }
  for (let r = earliestFrom.length - 2; r >= 0; r--) {
    earliestFrom[r] = Math.min(earliestFrom[r] ?? Number.POSITIVE_INFINITY, earliestFrom[r + 1] ?? Number.POSITIVE_INFINITY);
  }

  for (const item of distinct) {
    if (item.event.source !== 'gateway' || item.rank === Number.MAX_SAFE_INTEGER) continue;
    const bound = earliestFrom[item.rank + 1] ?? Number.POSITIVE_INFINITY;
    if (bound < item.event.occurredAt.getTime()) item.shownAt = new Date(bound);
  }
  return distinct.sort((a, b) => compareAscending(b, a)).map(({ event, shownAt }) => ({ event, shownAt }));
}
