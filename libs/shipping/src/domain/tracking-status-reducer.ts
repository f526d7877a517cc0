import {
  ShipmentStatus,
  LaneOptions,
  canTransition,
  impliedProgressOf,
  isAllowedOnLane,
  isException,
  isMainFlow,
  isTerminal,
  mainFlowRank,
  TimeResolutionMs,
  trackingEventIdentity,
  withoutDuplicates,
} from '@lgw/kernel';

/**
 * How carrier status events move a shipment's status. Carriers send events late, twice
 * and out of order, so the status must not depend on arrival order.
 *
 * State: status, progress (the furthest flow step reached: a main-flow status or
 * RETURN_TO_ORIGIN, i.e. the step an exception interrupted) and lastEventAt (the newest
 * occurredAt seen). For one event e:
 * - Terminal state: nothing changes, ever; a late event is history only. (applyStatusEvents
 *   first drops duplicates: same code, time at the carrier's resolution and place, whatever
 *   the eventId; see tracking-event-identity.ts.)
 * - Main-flow customs steps on a domestic lane are ignored (a step the lane does not have).
 *   Exceptions apply on every lane, a customs hold included: the carrier is the source of
 *   truth (ADR 0036).
 * - Terminal e and RETURN_TO_ORIGIN apply whenever canTransition allows, whatever their
 *   time: they end or divert the flow.
 * - Main-flow e, current status on the main flow: applies if its rank is higher (forward
 *   skips are fine, older events with a lower rank never move the status back).
 * - Main-flow e, current status an exception: resumes the flow if e is strictly newer
 *   than lastEventAt and its rank is at least progress; an older e only raises progress.
 * - Exception e: applies if e is at least as new as lastEventAt (an exception and a flow
 *   event at the same instant: the exception wins; two exceptions at the same instant:
 *   the higher in EXCEPTION_TIE_ORDER wins). Exceptions imply a minimum progress.
 * - "Same instant" and "newer" are judged at the carrier's time resolution: lastEventAt may
 *   come from the gateway's clock (the booking) with seconds a minute-resolution carrier's
 *   scans never carry, and must not make those scans' exceptions look older.
 * - Nothing moves a shipment off the return leg except RETURNED or LOST.
 * Consequence (property-tested): for events that form a valid lifecycle with strictly
 * increasing occurredAt, every arrival order, split into any batches, with or without
 * duplicates (fresh ids included), ends in the status of the newest event, and events that
 * arrive after a terminal status are kept without moving it. Every change the reducer makes is
 * a pair canTransition allows.
 */

export interface StatusEvent {
  readonly eventId: string;
  readonly status: ShipmentStatus;
  readonly occurredAt: Date | string;
  readonly locationEn?: string | null;
  readonly locationAr?: string | null;
}

export interface TrackingState {
  readonly status: ShipmentStatus;
  /** Furthest flow step reached; when absent it is inferred from status. Persist it with the status. */
  readonly progress?: ShipmentStatus;
  readonly lastEventAt?: Date;
}

/** A state as returned by this module: progress always filled in. */
export interface ResolvedTrackingState extends TrackingState {
  readonly progress: ShipmentStatus;
}

export interface StatusTransition<E extends StatusEvent = StatusEvent> {
  readonly from: ShipmentStatus;
  readonly to: ShipmentStatus;
  readonly event: E;
}

export interface ApplyEventsOptions extends LaneOptions {
  /** Identities (statusEventIdentity) of the events already in the shipment's history. */
  readonly knownIdentities?: ReadonlySet<string>;
  /** The carrier's time resolution (1 ms when absent): bahr, for one, reports to the minute. */
  readonly timeResolutionMs?: TimeResolutionMs;
}

export interface ApplyEventsResult<E extends StatusEvent = StatusEvent> {
  readonly state: ResolvedTrackingState;
  /** New distinct events, oldest first: every one belongs in the history, applied or not. */
  readonly accepted: readonly E[];
  /** Status changes in the order they happened; empty when the status did not change. */
  readonly transitions: readonly StatusTransition<E>[];
}

/** Tie-break only: which of two exceptions reported at the same instant is shown. */
export const EXCEPTION_TIE_ORDER: readonly ShipmentStatus[] = [
  'EXCEPTION_CARRIER_DELAY',
  'EXCEPTION_WEIGHT_MISMATCH',
  'EXCEPTION_CUSTOMS_HOLD',
  'EXCEPTION_FAILED_DELIVERY_ATTEMPT',
  'EXCEPTION_ADDRESS_ISSUE',
];

export function initialTrackingState(status: ShipmentStatus = 'CREATED'): ResolvedTrackingState {
  return { status, progress: progressOf({ status }) };
}

/** progress given, or what the status alone proves. */
export function progressOf(state: TrackingState): ShipmentStatus {
  const inferred = isException(state.status) ? impliedProgressOf(state.status) : state.status;
  return state.progress ? furthest(state.progress, inferred) : inferred;
}

function furthest(a: ShipmentStatus, b: ShipmentStatus): ShipmentStatus {
  if (a === 'RETURN_TO_ORIGIN' || b === 'RETURN_TO_ORIGIN') return 'RETURN_TO_ORIGIN';
  const rankA = mainFlowRank(a);
  const rankB = mainFlowRank(b);
  if (rankA === undefined) return b;
  if (rankB === undefined) return a;
  return rankB > rankA ? b : a;
}

/**
 * The progress a move to `to` leaves: a main-flow step, delivery and the return leg are the step
 * reached; an exception proves at least its implied step; the other ends keep what was reached.
 */
export function progressAfterMove(progress: ShipmentStatus, to: ShipmentStatus): ShipmentStatus {
  if (isMainFlow(to) || to === 'RETURN_TO_ORIGIN') return to;
  if (isException(to)) return furthest(progress, impliedProgressOf(to));
  return progress;
}

/** Milliseconds; an unreadable time counts as the oldest possible. */
function timeOf(value: Date | string | undefined): number {
  if (value === undefined) return Number.NEGATIVE_INFINITY;
  const ms = value instanceof Date ? value.getTime() : Date.parse(value);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

function tieRank(status: ShipmentStatus): number {
  return EXCEPTION_TIE_ORDER.indexOf(status);
}

/**
 * A time floored to the carrier's resolution, for comparing: a carrier that reports to the
 * minute places a scan at 10:05:00 that happened after a booking stored at 10:05:23 (the
 * gateway's clock); at the carrier's resolution both are the same instant, so an exception
 * then still wins rather than counting as older than the booking.
 */
function instantOf(ms: number, resolutionMs: TimeResolutionMs | undefined): number {
  const step = resolutionMs !== undefined && Number.isFinite(resolutionMs) && resolutionMs >= 1 ? Math.floor(resolutionMs) : 1;
  return Number.isFinite(ms) ? Math.floor(ms / step) * step : ms;
}

/** One event, no deduplication; times compared at the carrier's resolution (1 ms when absent). */
export function applyStatusEvent(
  state: TrackingState,
  event: StatusEvent,
  opts: LaneOptions & Pick<ApplyEventsOptions, 'timeResolutionMs'> = {},
): TrackingState {
  const { status } = state;
  const to = event.status;
  if (isTerminal(status) || !isAllowedOnLane(to, opts)) return state;

  const progress = progressOf(state);
  const exactAt = timeOf(event.occurredAt);
  const exactLastAt = timeOf(state.lastEventAt);
  const newest = Math.max(exactAt, exactLastAt);
  const eventAt = instantOf(exactAt, opts.timeResolutionMs);
  const lastAt = instantOf(exactLastAt, opts.timeResolutionMs);
  const next = (nextStatus: ShipmentStatus, nextProgress: ShipmentStatus): TrackingState => ({
    status: nextStatus,
    progress: nextProgress,
    ...(Number.isFinite(newest) ? { lastEventAt: new Date(newest) } : {}),
  });
  const unchanged = next(status, progress);

  if (isTerminal(to) || to === 'RETURN_TO_ORIGIN') {
    if (!canTransition(status, to, opts)) return unchanged;
    return next(to, progressAfterMove(progress, to));
  }
  if (progress === 'RETURN_TO_ORIGIN') return unchanged;

  if (isMainFlow(to)) {
    const rank = mainFlowRank(to)!;
    if (!isException(status)) return rank > mainFlowRank(status)! ? next(to, to) : unchanged;
    if (eventAt > lastAt && rank >= mainFlowRank(progress)!) return next(to, to);
    return next(status, furthest(progress, to));
  }

  if (!isException(to)) return unchanged;
  const raised = furthest(progress, impliedProgressOf(to));
  const wins = eventAt > lastAt || (eventAt === lastAt && (!isException(status) || tieRank(to) > tieRank(status)));
  if (wins && to !== status) return next(to, raised);
  return isException(status) ? next(status, raised) : unchanged;
}

/**
 * Oldest first. Events at the same instant (common at a carrier's resolution: a minute, a
 * second) go in lifecycle order, main-flow steps by rank before anything else, so that
 * IN_TRANSIT and OUT_FOR_DELIVERY reported in one minute are two status changes, not one
 * step skipped by chance of their ids. Exceptions at one instant follow in
 * EXCEPTION_TIE_ORDER, so each one is a change of its own (and its shipment.exception) and
 * the one the tie order shows ends up shown; the id decides only what neither orders.
 */
export function compareStatusEvents(a: StatusEvent, b: StatusEvent): number {
  const byTime = timeOf(a.occurredAt) - timeOf(b.occurredAt);
  if (byTime !== 0 && !Number.isNaN(byTime)) return byTime;
  const byStep = lifecycleStep(a.status) - lifecycleStep(b.status);
  if (byStep !== 0) return byStep;
  const byTie = tieRank(a.status) - tieRank(b.status);
  if (byTie !== 0) return byTie;
  return a.eventId < b.eventId ? -1 : a.eventId > b.eventId ? 1 : 0;
}

/** Main-flow rank; every other status after the main flow (an exception at the same instant wins anyway). */
function lifecycleStep(status: ShipmentStatus): number {
  return mainFlowRank(status) ?? Number.MAX_SAFE_INTEGER;
}

/** A status event's identity in the history: its status is its code. */
export function statusEventIdentity(event: StatusEvent, resolutionMs: TimeResolutionMs = 1): string {
  return trackingEventIdentity({ ...event, code: event.status }, resolutionMs);
}

/**
 * A batch of carrier events: drops duplicates (same identity as a known event or as an
 * earlier one in the batch, whatever the eventId; first copy kept), applies the rest oldest
 * first.
 */
export function applyStatusEvents<E extends StatusEvent>(
  state: TrackingState,
  events: readonly E[],
  opts: ApplyEventsOptions = {},
): ApplyEventsResult<E> {
  const accepted = withoutDuplicates(events, (e) => statusEventIdentity(e, opts.timeResolutionMs), opts.knownIdentities);
  accepted.sort(compareStatusEvents);

  const transitions: StatusTransition<E>[] = [];
  let current: TrackingState = state;
  for (const event of accepted) {
    const after = applyStatusEvent(current, event, opts);
    if (after.status !== current.status) transitions.push({ from: current.status, to: after.status, event });
    current = after;
  }
  return {
    state: { status: current.status, progress: progressOf(current), lastEventAt: current.lastEventAt },
    accepted,
    transitions,
  };
}

/** The state a shipment reaches from a whole history; independent of the order of `events`. */
export function deriveTrackingState(
  events: readonly StatusEvent[],
  opts: LaneOptions = {},
  start: TrackingState = initialTrackingState(),
): ResolvedTrackingState {
  return applyStatusEvents(start, events, opts).state;
}
