import { DataSource } from 'typeorm';
import { LabelStorePort, OutboxEventDraft, ShipmentRecord, TrackingEventRecord } from '@lgw/application';
import { insertOutbox, insertTrackingEvents } from './shipment-event.inserts';
import { ShipmentRow, toShipmentRecord } from './shipment-row.mapper';
import { preparedQuery } from '../support/prepared-query';
import { isUuid } from '../support/uuid';

export class TypeOrmLabelStore implements LabelStorePort {
  constructor(private readonly dataSource: DataSource) {}

  async find(shipmentId: string): Promise<Buffer | null> {
    if (!isUuid(shipmentId)) return null;
    const rows: Array<{ pdf: Buffer }> = await this.dataSource.query('SELECT pdf FROM shipment_labels WHERE shipment_id = $1', [
      shipmentId,
    ]);
    return rows[0]?.pdf ?? null;
  }

  async findForTeam(teamId: string, shipmentId: string): Promise<Buffer | null> {
    if (!isUuid(shipmentId)) return null;
    const rows = await preparedQuery<{ pdf: Buffer }>(
      this.dataSource,
      'label_for_team',
      `SELECT l.pdf FROM shipment_labels l JOIN shipments s ON s.id = l.shipment_id
        WHERE l.shipment_id = $1 AND s.team_id = $2`,
      [shipmentId, teamId],
    );
    return rows[0]?.pdf ?? null;
  }

  async findShipment(shipmentId: string): Promise<ShipmentRecord | null> {
    if (!isUuid(shipmentId)) return null;
    const rows: ShipmentRow[] = await this.dataSource.query('SELECT * FROM shipments WHERE id = $1', [shipmentId]);
    return rows[0] ? toShipmentRecord(rows[0]) : null;
  }

  async awaitingLabel(olderThan: Date, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT s.id FROM shipments s
        WHERE s.status = 'CREATED' AND s.created_at < $1
          AND s.batch_id IS NULL -- batch shipments are labelled by the fulfilment carrier
          AND NOT EXISTS (SELECT 1 FROM shipment_labels l WHERE l.shipment_id = s.id)
        ORDER BY s.created_at LIMIT $2`,
      [olderThan, limit],
    );
    return rows.map((r) => r.id);
  }

  async saveAndAdvance(
    shipment: ShipmentRecord,
    pdf: Buffer,
    at: Date,
    event: TrackingEventRecord,
    outbox: readonly OutboxEventDraft[],
  ): Promise<Buffer> {
    return this.dataSource.transaction(async (em) => {
      const inserted: unknown[] = await em.query(
        `INSERT INTO shipment_labels (shipment_id, pdf, rendered_at) VALUES ($1, $2, $3)
         ON CONFLICT (shipment_id) DO NOTHING RETURNING shipment_id`,
        [shipment.id, pdf, at],
      );
      if (inserted.length === 0) {
        const [row] = await em.query('SELECT pdf FROM shipment_labels WHERE shipment_id = $1', [shipment.id]);
        return row.pdf as Buffer;
      }
      // The status moves only from CREATED. The step is history whenever the label is first
      // stored, also when the carrier's scans got ahead of the label job (the history places it
      // before them, ADR 0036), but not on a shipment cancelled meanwhile. The gateway's clock
      // stays out of last_event_at, which orders the carrier's reports for the reducer.
      const [row]: Array<{ status: string }> = await em.query('SELECT status FROM shipments WHERE id = $1 FOR UPDATE', [shipment.id]);
      if (row?.status === 'CREATED') {
        await em.query(`UPDATE shipments SET status = 'LABEL_GENERATED', progress = 'LABEL_GENERATED', updated_at = $2 WHERE id = $1`, [
          shipment.id,
          at,
        ]);
        await insertTrackingEvents(em, [event]);
        await insertOutbox(em, outbox);
      } else if (row && row.status !== 'CANCELLED') {
        await insertTrackingEvents(em, [event]);
      }
      return pdf;
    });
  }
}
