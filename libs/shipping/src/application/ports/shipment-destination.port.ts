import { AddressProps, ShipmentStatus } from '@lgw/kernel';
import { ShipmentWarning } from '@lgw/addresses';
import { OutboxEventDraft, ShipmentRecord } from '../shipment.record';

export interface DestinationChange {
  readonly shipmentId: string;
  /** The destination the decision was made on: another change in between makes this one lose. */
  readonly expected: AddressProps;
  readonly destination: AddressProps;
  readonly warnings: readonly ShipmentWarning[];
  /** Statuses in which the change is refused (a status may move while the carrier is called). */
  readonly refusedIn: readonly ShipmentStatus[];
  readonly at: Date;
  readonly outbox: readonly OutboxEventDraft[];
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
