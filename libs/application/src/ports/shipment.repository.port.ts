import { ShipmentStatus } from '@lgw/domain';
import { OutboxEventDraft, ShipmentRecord, TrackingEventRecord } from '../shipments/shipment.record';

export interface ShipmentListQuery {
  readonly status?: ShipmentStatus;
  readonly limit: number;
  readonly offset: number;
}

export interface ShipmentRepositoryPort {
  /**
   * Shipment, its first tracking event and its domain events, atomically. The gateway's own
   * reference (service_reference) is allocated by the database and returned.
   */
  insertBooked(
    shipment: Omit<ShipmentRecord, 'serviceReference'>,
    event: TrackingEventRecord,
    outbox: readonly OutboxEventDraft[],
  ): Promise<string>;
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
