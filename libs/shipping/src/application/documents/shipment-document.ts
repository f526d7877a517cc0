/** Customs documents attached to a shipment (docs/api.md §2 "Shipment document", §4 endpoint 8). */

export const DOCUMENT_TYPES = ['commercial_invoice', 'packing_list', 'certificate_of_origin', 'other'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export function isDocumentType(value: unknown): value is DocumentType {
  return typeof value === 'string' && (DOCUMENT_TYPES as readonly string[]).includes(value);
}

/** docs/api.md §10: documents are at most 10 MB (binary megabytes: 10 × 1024 × 1024 bytes). */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** Every PDF starts with this; the filename and the declared content type prove nothing. */
export const PDF_SIGNATURE = Buffer.from('%PDF-', 'latin1');

export const DOCUMENT_CONTENT_TYPE = 'application/pdf';

export interface ShipmentDocumentRecord {
  readonly id: string;
  readonly teamId: string;
  readonly shipmentId: string;
  readonly type: DocumentType;
  /** Sanitised display name; never used to name anything on disk. */
  readonly filename: string;
  readonly contentType: string;
  readonly sizeBytes: number;
  readonly sha256: string;
  readonly uploadedAt: Date;
}

export interface ShipmentDocumentView {
  readonly id: string;
  readonly shipment_id: string;
  readonly type: DocumentType;
  readonly filename: string;
  readonly uploaded_at: string;
}

export function toShipmentDocumentView(d: ShipmentDocumentRecord): ShipmentDocumentView {
  return {
    id: d.id,
    shipment_id: d.shipmentId,
    type: d.type,
    filename: d.filename,
    uploaded_at: d.uploadedAt.toISOString(),
  };
}
