import { AuditEntry, ShipmentStatus } from '@lgw/kernel';
import { Shipment } from '../../domain/shipment.aggregate';
import { ShipmentRecord, TrackingEventRecord } from '../shipment.record';

export interface ShipmentListQuery extends ShipmentFilterQuery {
  readonly limit: number;
  readonly offset: number;
}

/** Where a keyset page ends: the next page starts after this shipment (newest first). */
export interface ShipmentCursor {
  readonly createdAt: Date;
  readonly id: string;
}

export interface ShipmentFilterQuery {
  readonly status?: ShipmentStatus;
  /** Exact or prefix match on the tracking number, the caller's reference or the recipient's phone (also in its stored form, phoneSearchForm). */
  readonly search?: string;
  readonly carrierCode?: string;
  /** created_at >= createdFrom */
  readonly createdFrom?: Date;
  /** created_at < createdBefore */
  readonly createdBefore?: Date;
  /** The whole city name, folded like cityKey on both sides (any case, article, Arabic or Latin spelling). */
  readonly destinationCity?: string;
}

/** The pending booking intent a recorded shipment settles, and when. */
export interface BookingIntentCompletion {
  readonly intentId: string;
  readonly at: Date;
}

export interface ShipmentRepositoryPort {
  /**
   * A booked shipment (Shipment.confirmBooking), its first history step and the domain events it
   * recorded, atomically. The gateway's own reference (service_reference) is allocated by the
   * database and returned. `completes` names the booking's pending carrier intent, moved to
   * completed in the same commit (docs/adr/0068); one no longer pending (recovery holds it) is
   * left as it is.
   */
  insertBooked(shipment: Shipment, completes?: BookingIntentCompletion): Promise<string>;
  findForTeam(teamId: string, id: string): Promise<ShipmentRecord | null>;
  list(teamId: string, query: ShipmentListQuery): Promise<{ items: ShipmentRecord[]; total: number }>;
  /** Newest first, the `limit` shipments after `after` (keyset paging, for exports). */
  listAfter(teamId: string, filter: ShipmentFilterQuery, after: ShipmentCursor | null, limit: number): Promise<ShipmentRecord[]>;
  /**
   * Saves a shipment that cancelled itself, only if it is still in `expected` (another change
   * wins otherwise); the history and domain events it recorded commit with it, and polling
   * stops. False when it lost the race.
   */
  markCancelled(shipment: Shipment, expected: ShipmentStatus, audit?: AuditEntry): Promise<boolean>;
  trackingEvents(shipmentId: string): Promise<TrackingEventRecord[]>;
  /** The id of the original's customer return that is not cancelled, or null. */
  liveReturnOf(teamId: string, originalId: string): Promise<string | null>;
}

export const SHIPMENT_REPOSITORY = Symbol('SHIPMENT_REPOSITORY');
