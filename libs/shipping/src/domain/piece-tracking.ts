import {
  canTransition,
  isTerminal,
  LaneOptions,
  rollUpPieceStatuses,
  ShipmentPiece,
  TimeResolutionMs,
  withoutDuplicates,
} from '@lgw/kernel';
import {
  applyStatusEvent,
  compareStatusEvents,
  progressAfterMove,
  progressOf,
  ResolvedTrackingState,
  StatusEvent,
  statusEventIdentity,
  StatusTransition,
  TrackingState,
} from './tracking-status-reducer';

/** A status event a carrier reported for one piece of a multi-piece shipment. */
export type PieceStatusEvent = StatusEvent & { readonly pieceNumber: number };

export interface PieceTrackingResult<E extends PieceStatusEvent> {
  /** Every piece, each with its own tracking state once a piece event applied. */
  readonly pieces: readonly ShipmentPiece[];
  /** The shipment's tracking state after the roll-up. */
  readonly state: ResolvedTrackingState;
  /** The shipment's status changes, each with the piece event that made the roll-up move it. */
  readonly transitions: readonly StatusTransition<E>[];
}

/**
 * Carrier events for single pieces of a multi-piece shipment (docs/adr/0087, tracking roll-up).
 * Each piece runs the tracking reducer on its own events (late, repeated and out-of-order scans
 * behave for a piece as they do for a shipment); after each event the shipment is moved to the
 * roll-up of its pieces' statuses (rollUpPieceStatuses), but only by a move the shipment's state
 * machine allows (canTransition): it never steps back on the main flow (the roll-up is the slowest
 * piece; a shipment moved on by the gateway, a pickup booked, stays), never leaves the return leg
 * for the main flow, and leaves an exception only for a step the exception allows resuming at. An
 * exception of any piece surfaces at once (any non-final status may move into one), and DELIVERED
 * comes once, when the last piece is delivered.
 *
 * A piece without a status of its own is where the shipment is (pieceStatus); the first piece
 * event gives each such piece the shipment's state as its own, so the roll-up never feeds the
 * shipment's status (an exception another piece surfaced) back into a piece that reported nothing.
 * Once the shipment has ended, piece events are history only, as for a shipment's own events.
 */
export function applyPieceEvents<E extends PieceStatusEvent>(
  shipment: TrackingState,
  pieces: readonly ShipmentPiece[],
  events: readonly E[],
  opts: LaneOptions & { readonly timeResolutionMs?: TimeResolutionMs } = {},
): PieceTrackingResult<E> {
  const start: ResolvedTrackingState = { ...shipment, progress: progressOf(shipment) };
  const known = new Set(pieces.map((p) => p.number));
  const relevant = events.filter((e) => known.has(e.pieceNumber));
  if (relevant.length === 0 || isTerminal(shipment.status)) return { pieces, state: start, transitions: [] };

  const states = new Map<number, TrackingState>(
    pieces.map((p) => [
      p.number,
      p.status
        ? { status: p.status, ...(p.progress ? { progress: p.progress } : {}), ...(p.lastEventAt ? { lastEventAt: p.lastEventAt } : {}) }
        : start,
    ]),
  );
  // One piece's scan repeated is one scan; the same scan of two pieces is two.
  const accepted = withoutDuplicates(relevant, (e) => `${e.pieceNumber}|${statusEventIdentity(e, opts.timeResolutionMs)}`);
  accepted.sort(compareStatusEvents);

  let current: ResolvedTrackingState = start;
  const transitions: StatusTransition<E>[] = [];
  for (const event of accepted) {
    states.set(event.pieceNumber, applyStatusEvent(states.get(event.pieceNumber)!, event, opts));
    const target = rollUpPieceStatuses(pieces.map((p) => states.get(p.number)!.status));
    const lastEventAt = newer(current.lastEventAt, new Date(event.occurredAt));
    if (target !== current.status && canTransition(current.status, target, opts)) {
      transitions.push({ from: current.status, to: target, event });
      current = { status: target, progress: progressAfterMove(current.progress, target), lastEventAt };
    } else {
      current = { ...current, lastEventAt };
    }
  }
  return {
    pieces: pieces.map((p) => {
      const state = states.get(p.number)!;
      return {
        ...p,
        status: state.status,
        progress: progressOf(state),
        ...(state.lastEventAt ? { lastEventAt: state.lastEventAt } : {}),
      };
    }),
    state: current,
    transitions,
  };
}

/** The newer of two times; an unreadable scan time leaves the known one. */
function newer(known: Date | undefined, at: Date): Date | undefined {
  if (Number.isNaN(at.getTime())) return known;
  return known && known.getTime() >= at.getTime() ? known : at;
}
