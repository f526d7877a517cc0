import { AddressProps, AuditEntry, ShipmentStatus } from '@lgw/kernel';
import { Shipment } from '../../domain/shipment.aggregate';
import { ShipmentRecord } from '../shipment.record';

export interface DestinationChange {
  /** The shipment after Shipment.changeDestination: its new destination, warnings and domain event. */
  readonly shipment: Shipment;
  /** The destination the decision was made on: another change in between makes this one lose. */
  readonly expected: AddressProps;
  /** Statuses in which the change is refused (a status may move while the carrier is called). */
  readonly refusedIn: readonly ShipmentStatus[];
  /** Written in the same transaction when the change is. */
  readonly audit?: AuditEntry;
}

export interface ShipmentDestinationWriterPort {
  /**
   * Writes the destination and its domain events in one transaction, only if the shipment
   * still has `expected` as destination and is not in `refusedIn`. The updated shipment, or
   * null when it lost to another change.
   */
  replaceDestination(change: DestinationChange): Promise<ShipmentRecord | null>;
}

export const SHIPMENT_DESTINATION_WRITER = Symbol('SHIPMENT_DESTINATION_WRITER');
