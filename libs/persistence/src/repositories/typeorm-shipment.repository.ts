import { DataSource } from 'typeorm';
import {
  OutboxEventDraft,
  ShipmentListQuery,
  ShipmentRecord,
  ShipmentRepositoryPort,
  TrackingEventRecord,
} from '@lgw/application';
import { ShipmentStatus } from '@lgw/domain';
import {
  insertOutbox,
  insertTrackingEvents,
  ShipmentRow,
  toShipmentRecord,
  toTrackingEventRecord,
  TrackingEventRow,
} from './shipment-row.mapper';
import { isUuid } from './typeorm-team.repository';

export class TypeOrmShipmentRepository implements ShipmentRepositoryPort {
  constructor(private readonly dataSource: DataSource) {}

  async nextServiceReference(): Promise<string> {
    const [row] = await this.dataSource.query("SELECT nextval('shipment_reference_seq') AS n");
    return `LGW${String(row.n).padStart(10, '0')}`;
  }

  async claimQuote(teamId: string, quoteId: string, now: Date): Promise<boolean> {
    const rows = await this.dataSource.query(
      `UPDATE quotes SET used_at = $3
        WHERE team_id = $1 AND id = $2 AND used_at IS NULL AND expires_at > $3
        RETURNING id`,
      [teamId, quoteId, now],
    );
    return rowCount(rows) > 0;
  }

  async releaseQuote(teamId: string, quoteId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE quotes SET used_at = NULL
        WHERE team_id = $1 AND id = $2 AND NOT EXISTS (SELECT 1 FROM shipments WHERE quote_id = $2)`,
      [teamId, quoteId],
    );
  }

  async insertBooked(s: ShipmentRecord, event: TrackingEventRecord, outbox: readonly OutboxEventDraft[]): Promise<void> {
    await this.dataSource.transaction(async (em) => {
      await em.query(
        `INSERT INTO shipments (id, team_id, quote_id, service_reference, carrier_code, service_code, tracking_number,
           carrier_reference, status, progress, last_event_at, lane, origin, destination, parcels, chargeable_kg,
           declared_value_halalas, incoterm, hs_codes, cod_amount_halalas, reference, quoted_total_halalas, warnings,
           estimated_delivery_at, created_at, updated_at, next_poll_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22,
           $23, $24, $25, $26, $27)`,
        [
          s.id,
          s.teamId,
          s.quoteId,
          s.serviceReference,
          s.carrierCode,
          s.serviceCode,
          s.trackingNumber,
          s.carrierReference,
          s.status,
          s.progress,
          s.lastEventAt,
          s.lane,
          JSON.stringify(s.origin),
          JSON.stringify(s.destination),
          JSON.stringify(s.parcels),
          s.chargeableKg,
          s.declaredValueHalalas,
          s.incoterm,
          JSON.stringify(s.hsCodes),
          s.codAmountHalalas,
          s.reference,
          s.quotedTotalHalalas,
          JSON.stringify(s.warnings),
          s.estimatedDeliveryAt,
          s.createdAt,
          s.updatedAt,
          s.createdAt,
        ],
      );
      await insertTrackingEvents(em, [event]);
      await insertOutbox(em, outbox);
    });
  }

  async findForTeam(teamId: string, id: string): Promise<ShipmentRecord | null> {
    if (!isUuid(id)) return null;
    const rows: ShipmentRow[] = await this.dataSource.query('SELECT * FROM shipments WHERE team_id = $1 AND id = $2', [
      teamId,
      id,
    ]);
    return rows[0] ? toShipmentRecord(rows[0]) : null;
  }

  async list(teamId: string, query: ShipmentListQuery): Promise<{ items: ShipmentRecord[]; total: number }> {
    const params: unknown[] = [teamId];
    let where = 'team_id = $1';
    if (query.status) {
      params.push(query.status);
      where += ' AND status = $2';
    }
    const [countRow] = await this.dataSource.query(`SELECT count(*)::int AS total FROM shipments WHERE ${where}`, params);
    const total = Number(countRow.total);
    if (total === 0 || query.offset >= total) return { items: [], total };
    const rows: ShipmentRow[] = await this.dataSource.query(
      `SELECT * FROM shipments WHERE ${where}
        ORDER BY created_at DESC, id DESC
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.limit, query.offset],
    );
    return { items: rows.map(toShipmentRecord), total };
  }

  async markCancelled(
    shipment: ShipmentRecord,
    expected: ShipmentStatus,
    at: Date,
    reason: string | null,
    event: TrackingEventRecord,
    outbox: readonly OutboxEventDraft[],
  ): Promise<boolean> {
    return this.dataSource.transaction(async (em) => {
      const rows = await em.query(
        `UPDATE shipments SET status = 'CANCELLED', cancelled_at = $3, cancel_reason = $4, updated_at = $3,
                last_event_at = $3, next_poll_at = NULL
          WHERE id = $1 AND status = $2
          RETURNING id`,
        [shipment.id, expected, at, reason],
      );
      if (rowCount(rows) === 0) return false;
      await insertTrackingEvents(em, [event]);
      await insertOutbox(em, outbox);
      return true;
    });
  }

  async trackingEvents(shipmentId: string): Promise<TrackingEventRecord[]> {
    const rows: TrackingEventRow[] = await this.dataSource.query(
      'SELECT * FROM tracking_events WHERE shipment_id = $1 ORDER BY occurred_at DESC, recorded_at DESC',
      [shipmentId],
    );
    return rows.map(toTrackingEventRecord);
  }
}

/** UPDATE … RETURNING comes back as [rows, count] from the postgres driver. */
function rowCount(result: unknown): number {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') {
    return result[1];
  }
  return Array.isArray(result) ? result.length : 0;
}
