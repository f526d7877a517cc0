import { Lane } from '@lgw/carrier-access';
import { ShipmentStatus } from '@lgw/kernel';
import { OutboxEventDraft, TrackingEventRecord } from '@lgw/shipping';

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
}

/** A carrier event the sync may store: its id and its identity (trackingEventIdentity). */
export interface CandidateEvent {
  readonly eventKey: string;
  readonly dedupeKey: string;
}

/** What one sync writes for one shipment, all in one transaction. */
export interface TrackingSyncPlan {
  /** New events only; the store skips any whose key or identity it already has (unique keys). */
  readonly events: readonly TrackingEventRecord[];
  readonly state: StoredTrackingState;
  readonly outbox: readonly OutboxEventDraft[];
  /** Null stops polling (terminal status, grace period over). */
  readonly nextPollAt: Date | null;
  readonly updatedAt: Date;
  /** What the carrier reported about the cash on delivery, applied in the same transaction. */
  readonly cod?: CodReport | null;
  /** The shipment started its way back to origin in this sync: the store records why. */
  readonly returnStarted?: boolean;
}

/**
 * The carrier's news about cash on delivery (docs/adr/0043-cash-on-delivery.md): the cash taken
 * at delivery (undefined = the carrier does not say, taken as the full amount), or a return to
 * origin (refused at the door). The store applies it to a shipment with cash on delivery only,
 * and never overwrites a recorded collection: a different second report is a DISCREPANCY.
 */
export type CodReport =
  | { readonly kind: 'collected'; readonly collectedHalalas: number | undefined; readonly at: Date }
  | { readonly kind: 'refused'; readonly at: Date };

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
   * One transaction: locks the shipment row, reads its current state and which of
   * `candidates` it already has (by key or identity; answered as the candidates' event keys),
   * asks `plan` what to write, and writes it; the status update is conditional on the status
   * just read. Null when the shipment no longer exists.
   */
  applySync(
    shipmentId: string,
    candidates: readonly CandidateEvent[],
    plan: (current: StoredTrackingState, knownKeys: ReadonlySet<string>) => TrackingSyncPlan,
  ): Promise<TrackingSyncPlan | null>;
  /** Sets next polls; shipments taken off the schedule meanwhile (cancelled, terminal) stay off. */
  reschedule(schedule: readonly PollSchedule[]): Promise<void>;
}

export const TRACKING_REPOSITORY = Symbol('TRACKING_REPOSITORY');
