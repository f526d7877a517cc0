import { DataSource } from 'typeorm';
import { DocumentType, ShipmentDocumentRecord } from '../../application/documents/shipment-document';
import { ShipmentDocumentRepositoryPort } from '../../application/ports/shipment-document.repository.port';
import { isUuid } from '@lgw/database';

interface ShipmentDocumentRow {
  id: string;
  team_id: string;
  shipment_id: string;
  type: DocumentType;
  filename: string;
  content_type: string;
  size_bytes: string;
  sha256: string;
  uploaded_at: Date;
}

export class SqlShipmentDocumentRepository implements ShipmentDocumentRepositoryPort {
  constructor(private readonly dataSource: DataSource) {}

  async insert(d: ShipmentDocumentRecord): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO shipment_documents (id, team_id, shipment_id, type, filename, content_type, size_bytes, sha256, uploaded_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [d.id, d.teamId, d.shipmentId, d.type, d.filename, d.contentType, d.sizeBytes, d.sha256, d.uploadedAt],
    );
  }

  async listForShipment(teamId: string, shipmentId: string): Promise<ShipmentDocumentRecord[]> {
    if (!isUuid(teamId) || !isUuid(shipmentId)) return [];
    const rows: ShipmentDocumentRow[] = await this.dataSource.query(
      `SELECT * FROM shipment_documents WHERE team_id = $1 AND shipment_id = $2 ORDER BY uploaded_at, id`,
      [teamId, shipmentId],
    );
    return rows.map((row) => ({
      id: row.id,
      teamId: row.team_id,
      shipmentId: row.shipment_id,
      type: row.type,
      filename: row.filename,
      contentType: row.content_type,
      sizeBytes: Number(row.size_bytes),
      sha256: row.sha256,
      uploadedAt: row.uploaded_at,
    }));
  }
}
