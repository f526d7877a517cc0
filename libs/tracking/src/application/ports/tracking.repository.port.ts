import { Lane, ShipmentStatus } from '@lgw/kernel';
import { ReportedException, Shipment, ShipmentChanges } from '@lgw/shipping';

/** The part of a shipment the tracking reducer works on, as stored. */
export interface StoredTrackingState {
  readonly status: ShipmentStatus;
  readonly progress: ShipmentStatus | null;
  readonly lastEventAt: Date | null;
  /**
   * When the tracking sync saw the shipment reach its terminal status (gateway clock): the
   * grace period of late scans counts from here. Null while in flight, and for a shipment the
   * gateway cancelled itself (the carrier confirmed the cancel and reports nothing more).
   */
  readonly terminalAt: Date | null;
}

/** A shipment handed to the tracking sync, with its state as of the claim. */
export interface DueShipment {
  readonly id: string;
  readonly teamId: string;
  readonly trackingNumber: string;
  readonly lane: Lane;
  readonly state: StoredTrackingState;
  /** The quote it was booked on, which names the carrier connection (account) it lives on. */
  readonly quoteId?: string | null;
  /**
   * A multi-piece shipment its carrier numbered piece by piece: the pieces' numbers in piece
   * order, the first the master (carrierPieceNumbers); tracking asks the carrier for each.
   * Null or absent otherwise.
   */
  readonly pieceTrackingNumbers?: readonly string[] | null;
}

/** A carrier event the sync may store: its id and its identity (trackingEventIdentity). */
export interface CandidateEvent {
  readonly eventKey: string;
  readonly dedupeKey: string;
}

/** What the store knows of a shipment's history when a sync applies to it, read under its lock. */
export interface RecordedHistory {
  /** The candidates' event keys the shipment already has, by key or by identity. */
  readonly knownKeys: ReadonlySet<string>;
  /** The last exception in the history (for the return reason); null when none, or a reason is recorded already. */
  readonly lastException: ReportedException | null;
}

/** What a sync decided for one shipment besides the shipment's own changes. */
export interface TrackingSyncDecision {
  /** Null stops polling (terminal status, grace period over). */
  readonly nextPollAt: Date | null;
}

export interface PollSchedule {
  readonly shipmentId: string;
  readonly nextPollAt: Date;
}

export interface TrackingRepositoryPort {
  /**
   * Takes up to `limit` shipments of the carrier whose next poll is due at `now`, oldest due
   * first, and pushes their next poll to `leaseUntil` in the same statement, so a second
   * poller skips them and a poller that dies mid-batch only delays them until the lease ends.
   * Rows a concurrent poller holds are skipped, not waited for. Terminal shipments found due
   * are returned while they reached that status after `graceCutoff`; the others are taken off
   * the schedule and not returned.
   */
  claimDue(carrierCode: string, now: Date, limit: number, leaseUntil: Date, graceCutoff: Date, shipmentId?: string): Promise<DueShipment[]>;
  /**
   * Which of the given candidates are stored already, by event key or by identity: shipment
   * id → the candidates' event keys.
   */
  knownEventKeys(pairs: ReadonlyArray<CandidateEvent & { shipmentId: string }>): Promise<Map<string, Set<string>>>;
  /**
   * One transaction: locks the shipment row and loads the Shipment, reads which of
   * `candidates` it already has (by key or identity; answered as the candidates' event keys),
   * lets `apply` change the shipment (its methods decide), and saves the shipment's changed
   * state, the history and domain events it recorded, and its next poll; the update is
   * conditional on the status just read. Answers what the shipment recorded; null when the
   * shipment no longer exists or its status moved meanwhile (nothing written).
   */
  applySync(
    shipmentId: string,
    candidates: readonly CandidateEvent[],
    apply: (shipment: Shipment, history: RecordedHistory) => TrackingSyncDecision,
  ): Promise<ShipmentChanges | null>;
  /** Sets next polls; shipments taken off the schedule meanwhile (cancelled, terminal) stay off. */
  reschedule(schedule: readonly PollSchedule[]): Promise<void>;
  /**
   * The shipments of a carrier with these tracking numbers, a team's only when `teamId` is
   * given (a push on a team's own connection), every team's otherwise (the platform account).
   */
  shipmentsTracked(carrierCode: string, trackingNumbers: readonly string[], teamId: string | null): Promise<string[]>;
}

/** Counts the tracking sync keeps for operations (Prometheus in the runtime). */
export interface TrackingMetricsPort {
  /** A carrier reported a status code its status map does not know (stored, changing nothing). */
  countUnknownCode(carrierCode: string): void;
}

export const TRACKING_METRICS = Symbol('TRACKING_METRICS');

export const TRACKING_REPOSITORY = Symbol('TRACKING_REPOSITORY');
