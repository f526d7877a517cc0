import { ShipmentStatus } from '@lgw/domain';
import { OutboxEventDraft, ShipmentRecord, TrackingEventRecord } from '../shipments/shipment.record';

export interface ShipmentListQuery {
  readonly status?: ShipmentStatus;
  readonly limit: number;
  readonly offset: number;
}

export interface ShipmentRepositoryPort {
  /** The gateway's own human-readable reference (service_reference). */
  nextServiceReference(): Promise<string>;
  /** Marks the quote used if it is this team's, unexpired and unused; false otherwise. */
  claimQuote(teamId: string, quoteId: string, now: Date): Promise<boolean>;
  /** Gives a claimed quote back after a booking that did not happen. */
  releaseQuote(teamId: string, quoteId: string): Promise<void>;
  /** Shipment, its first tracking event and its domain events, in one transaction. */
  insertBooked(shipment: ShipmentRecord, event: TrackingEventRecord, outbox: readonly OutboxEventDraft[]): Promise<void>;
  findForTeam(teamId: string, id: string): Promise<ShipmentRecord | null>;
  list(teamId: string, query: ShipmentListQuery): Promise<{ items: ShipmentRecord[]; total: number }>;
  /**
   * Moves the shipment to CANCELLED only if it is still in `expected` (another change wins
   * otherwise); the event and domain events commit with it. False when it lost the race.
   */
  markCancelled(
    shipment: ShipmentRecord,
    expected: ShipmentStatus,
    at: Date,
    reason: string | null,
    event: TrackingEventRecord,
    outbox: readonly OutboxEventDraft[],
  ): Promise<boolean>;
  trackingEvents(shipmentId: string): Promise<TrackingEventRecord[]>;
}

export const SHIPMENT_REPOSITORY = Symbol('SHIPMENT_REPOSITORY');
