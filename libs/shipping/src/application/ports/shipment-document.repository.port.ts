import { ShipmentDocumentRecord } from '../documents/shipment-document';

/** Document metadata; the bytes are in the DocumentStorePort under the same id. */
export interface ShipmentDocumentRepositoryPort {
  insert(document: ShipmentDocumentRecord): Promise<void>;
  /** Upload order, oldest first. */
  listForShipment(teamId: string, shipmentId: string): Promise<ShipmentDocumentRecord[]>;
}

export const SHIPMENT_DOCUMENT_REPOSITORY = Symbol('SHIPMENT_DOCUMENT_REPOSITORY');
