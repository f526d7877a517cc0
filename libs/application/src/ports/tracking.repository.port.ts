import { Lane, ShipmentStatus } from '@lgw/domain';
import { OutboxEventDraft, TrackingEventRecord } from '../shipments/shipment.record';

/** The part of a shipment the tracking reducer works on, as stored. */
export interface StoredTrackingState {
  readonly status: ShipmentStatus;
  readonly progress: ShipmentStatus | null;
  readonly lastEventAt: Date | null;
}

/** A shipment handed to the tracking sync, with its state as of the claim. */
export interface DueShipment {
  readonly id: string;
  readonly teamId: string;
  readonly trackingNumber: string;
  readonly lane: Lane;
  readonly state: StoredTrackingState;
}

/** What one sync writes for one shipment, all in one transaction. */
export interface TrackingSyncPlan {
  /** New events only; already stored keys are skipped by the store as well. */
  readonly events: readonly TrackingEventRecord[];
  readonly state: StoredTrackingState;
  readonly outbox: readonly OutboxEventDraft[];
  /** Null stops polling (terminal status). */
  readonly nextPollAt: Date | null;
  readonly updatedAt: Date;
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
   * are taken off the schedule and not returned.
   */
  claimDue(carrierCode: string, now: Date, limit: number, leaseUntil: Date): Promise<DueShipment[]>;
  /** Which of the given (shipment, event key) pairs are stored already: shipment id → keys. */
  knownEventKeys(pairs: ReadonlyArray<{ shipmentId: string; eventKey: string }>): Promise<Map<string, Set<string>>>;
  /**
   * One transaction: locks the shipment row, reads its current state and which of
   * `candidateKeys` it already has, asks `plan` what to write, and writes it; the status
   * update is conditional on the status just read. Null when the shipment no longer exists.
   */
  applySync(
    shipmentId: string,
    candidateKeys: readonly string[],
    plan: (current: StoredTrackingState, knownKeys: ReadonlySet<string>) => TrackingSyncPlan,
  ): Promise<TrackingSyncPlan | null>;
  /** Sets next polls; shipments taken off the schedule meanwhile (cancelled, terminal) stay off. */
  reschedule(schedule: readonly PollSchedule[]): Promise<void>;
}

export const TRACKING_REPOSITORY = Symbol('TRACKING_REPOSITORY');
