import type { AuditEntry } from '@lgw/kernel';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import {
  BatchBooking,
  BatchCounts,
  BatchOrderDraft,
  BatchOrderRecord,
  FulfilmentBatchRecord,
  FulfilmentBatchRepositoryPort,
} from '../application/ports/fulfilment-batch.repository.port';
import { BATCH_PHASES, BatchPhase } from '../domain/batch-csv-format';
import { bookedShipmentColumns } from '@lgw/shipping';
import { rowCount, isUuid, appendAuditEvents } from '@lgw/database';

interface BatchRow {
  id: string;
  team_id: string;
  status: FulfilmentBatchRecord['status'];
  phase: BatchPhase;
  filename: string;
  size_bytes: string;
  row_count: number;
  accepted_count: number;
  rejected_count: number;
  processed_rows: number;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
}

interface OrderRow {
  order_ref: string;
  seq: number;
  shipment_id: string;
  destination: BatchOrderRecord['destination'];
  row_count: number;
  total_qty: number;
  cod_halalas: string;
  tracking_number: string | null;
  carrier_error: string | null;
  handed_off_at: Date | null;
}

const toRecord = (r: BatchRow): FulfilmentBatchRecord => ({
  id: r.id,
  teamId: r.team_id,
  status: r.status,
  phase: r.phase,
  filename: r.filename,
  sizeBytes: Number(r.size_bytes),
  rowCount: r.row_count,
  acceptedCount: r.accepted_count,
  rejectedCount: r.rejected_count,
  processedRows: r.processed_rows,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  finishedAt: r.finished_at,
});

const toOrder = (r: OrderRow): BatchOrderRecord => ({
  orderRef: r.order_ref,
  seq: r.seq,
  shipmentId: r.shipment_id,
  destination: r.destination,
  rowCount: r.row_count,
  totalQty: r.total_qty,
  codAmountHalalas: Number(r.cod_halalas),
  trackingNumber: r.tracking_number,
  carrierError: r.carrier_error,
  handedOffAt: r.handed_off_at,
});

/**
 * A page's rows as JSON with the columns every row has alike (team, carrier, times of the
 * page...) sent once and merged back by the database (`shared || row`): less text for the
 * worker to serialise and send. Only plain values and dates are compared.
 */
export function sharedColumns(rows: ReadonlyArray<Record<string, unknown>>): [rowsJson: string, sharedJson: string] {
  const shared: Record<string, unknown> = {};
  const first = rows[0];
  if (first && rows.length > 1) {
    for (const [key, value] of Object.entries(first)) {
      const same =
        value instanceof Date
          ? rows.every((r) => r[key] instanceof Date && (r[key] as Date).getTime() === value.getTime())
          : (value === null || typeof value !== 'object') && rows.every((r) => r[key] === value);
      if (same) shared[key] = value;
    }
  }
  const ownKeys = first ? Object.keys(first).filter((k) => !(k in shared)) : [];
  const own =
    ownKeys.length === Object.keys(first ?? {}).length
      ? rows
      : rows.map((r) => {
          const row: Record<string, unknown> = {};
          for (const k of ownKeys) row[k] = r[k];
          return row;
        });
  return [JSON.stringify(own), JSON.stringify(shared)];
}

/**
 * Batches, their orders, and the bulk write of booked shipments. Bulk statements take their
 * rows as one JSON parameter (jsonb_to_recordset): one round trip per page of orders, and
 * no limit on parameters.
 */
export class SqlFulfilmentBatchRepository implements FulfilmentBatchRepositoryPort {
  constructor(private readonly dataSource: DataSource) {}

  async create(b: FulfilmentBatchRecord, audit?: AuditEntry): Promise<void> {
    await this.dataSource.transaction(async (em) => {
      await this.insertBatch(em, b);
      if (audit) await appendAuditEvents(em, [audit], b.createdAt);
    });
  }

  private async insertBatch(em: { query: DataSource['query'] }, b: FulfilmentBatchRecord): Promise<void> {
    await em.query(
      `INSERT INTO fulfilment_batches (id, team_id, status, phase, filename, size_bytes, row_count, accepted_count,
         rejected_count, processed_rows, created_at, updated_at, finished_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        b.id,
        b.teamId,
        b.status,
        b.phase,
        b.filename,
        b.sizeBytes,
        b.rowCount,
        b.acceptedCount,
        b.rejectedCount,
        b.processedRows,
        b.createdAt,
        b.updatedAt,
        b.finishedAt,
      ],
    );
  }

  async find(id: string): Promise<FulfilmentBatchRecord | null> {
    if (!isUuid(id)) return null;
    const rows: BatchRow[] = await this.dataSource.query('SELECT * FROM fulfilment_batches WHERE id = $1', [id]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async findForTeam(teamId: string, id: string): Promise<FulfilmentBatchRecord | null> {
    if (!isUuid(id)) return null;
    const rows: BatchRow[] = await this.dataSource.query('SELECT * FROM fulfilment_batches WHERE id = $1 AND team_id = $2', [id, teamId]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async listForTeam(teamId: string, limit: number, offset: number): Promise<{ items: FulfilmentBatchRecord[]; total: number }> {
    const [countRow] = await this.dataSource.query('SELECT count(*)::int AS total FROM fulfilment_batches WHERE team_id = $1', [teamId]);
    const total = Number(countRow.total);
    if (total === 0 || offset >= total) return { items: [], total };
    const rows: BatchRow[] = await this.dataSource.query(
      'SELECT * FROM fulfilment_batches WHERE team_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3',
      [teamId, limit, offset],
    );
    return { items: rows.map(toRecord), total };
  }

  async setProgress(id: string, phase: BatchPhase, processedRows: number, rowCount?: number): Promise<void> {
    // The heartbeat moves always; phase and rows only forwards (phases ranked by BATCH_PHASES).
    // Both CASEs read the row as it was before this statement.
    const ahead = `(array_position($5::text[], phase) < array_position($5::text[], $2::text) OR (phase = $2 AND processed_rows <= $3))`;
    await this.dataSource.query(
      `UPDATE fulfilment_batches
          SET phase = CASE WHEN ${ahead} THEN $2 ELSE phase END,
              processed_rows = CASE WHEN ${ahead} THEN $3 ELSE processed_rows END,
              row_count = COALESCE($4, row_count), updated_at = now()
        WHERE id = $1 AND status = 'PROCESSING'`,
      [id, phase, processedRows, rowCount ?? null, [...BATCH_PHASES]],
    );
  }

  async saveOrders(batchId: string, orders: readonly BatchOrderDraft[]): Promise<void> {
    if (orders.length === 0) return;
    const json = orders.map((o) => ({
      order_ref: o.orderRef,
      seq: o.seq,
      shipment_id: o.shipmentId,
      destination: o.destination,
      row_count: o.rowCount,
      total_qty: o.totalQty,
      cod_halalas: o.codAmountHalalas,
    }));
    await this.dataSource.query(
      `INSERT INTO fulfilment_batch_orders (batch_id, order_ref, seq, shipment_id, destination, row_count, total_qty, cod_halalas)
       SELECT $1, r.order_ref, r.seq, r.shipment_id, r.destination, r.row_count, r.total_qty, r.cod_halalas
         FROM jsonb_to_recordset($2::jsonb) AS r(order_ref text, seq integer, shipment_id uuid, destination jsonb,
              row_count integer, total_qty integer, cod_halalas bigint)
       ON CONFLICT (batch_id, order_ref) DO NOTHING`,
      [batchId, JSON.stringify(json)],
    );
  }

  async pendingOrders(batchId: string, limit: number, afterSeq: number): Promise<BatchOrderRecord[]> {
    const rows: OrderRow[] = await this.dataSource.query(
      `SELECT * FROM fulfilment_batch_orders
        WHERE batch_id = $1 AND seq > $3 AND tracking_number IS NULL AND carrier_error IS NULL
        ORDER BY seq LIMIT $2`,
      [batchId, limit, afterSeq],
    );
    return rows.map(toOrder);
  }

  async recordBookings(
    batchId: string,
    bookings: readonly BatchBooking[],
    refused: ReadonlyArray<{ orderRef: string; error: string }>,
  ): Promise<void> {
    await this.dataSource.transaction(async (em) => {
      if (bookings.length > 0) {
        const shipments = bookings.map(({ shipment, billing: b }) => {
          const {
            history: [e],
            events: [o],
          } = shipment.pullEvents();
          return {
            ...bookedShipmentColumns(shipment.draft()),
            event_id: randomUUID(),
            event_key: e.eventKey,
            event_code: e.code,
            event_location_en: e.locationEn,
            event_at: e.occurredAt,
            outbox_type: o.type,
            outbox_payload: o.payload,
            billing_period: b.periodStart,
            billing_lines: b.lines.map((l) => ({
              cause: l.cause,
              amount_halalas: l.amount.halalas,
              vat_halalas: l.vat.halalas,
              description_en: l.description_en,
              description_ar: l.description_ar,
            })),
          };
        });
        // Only shipments inserted now get their event and domain event: a re-run adds nothing.
        await em.query(
          `WITH r AS (
             SELECT * FROM jsonb_to_recordset((SELECT jsonb_agg($3::jsonb || e) FROM jsonb_array_elements($2::jsonb) AS e))
               AS r(id uuid, team_id uuid, quote_id text, carrier_code text,
               service_code text, tracking_number text, carrier_reference text, status text, progress text,
               last_event_at timestamptz, lane text, origin jsonb, destination jsonb, parcels jsonb, chargeable_kg numeric,
               declared_value_halalas bigint, incoterm text, hs_codes jsonb, cod_amount_halalas bigint, reference text,
               quoted_total_halalas bigint, quoted_lines jsonb, warnings jsonb, estimated_delivery_at timestamptz,
               created_at timestamptz, updated_at timestamptz, return_of uuid, label_format text, pieces jsonb, event_id uuid,
               event_key text, event_code text, event_location_en text, event_at timestamptz, outbox_type text,
               outbox_payload jsonb, billing_period date, billing_lines jsonb)
           ), inserted AS (
             INSERT INTO shipments (id, team_id, quote_id, batch_id, service_reference, carrier_code, service_code, tracking_number,
               carrier_reference, status, progress, last_event_at, lane, origin, destination, parcels, chargeable_kg,
               declared_value_halalas, incoterm, hs_codes, cod_amount_halalas, reference, quoted_total_halalas, warnings,
               estimated_delivery_at, created_at, updated_at, quoted_lines, return_of, label_format, pieces)
             SELECT id, team_id, quote_id, $1, 'LGW' || lpad(nextval('shipment_reference_seq')::text, 10, '0'), carrier_code,
               service_code, tracking_number, carrier_reference, status, progress, last_event_at, lane, origin, destination,
               parcels, chargeable_kg, declared_value_halalas, incoterm, hs_codes, cod_amount_halalas, reference,
               quoted_total_halalas, warnings, estimated_delivery_at, created_at, updated_at, quoted_lines,
               return_of, label_format, pieces
             FROM r
             ON CONFLICT (id) DO NOTHING
             RETURNING id
           ), schedule AS (
             INSERT INTO tracking_schedule (shipment_id, carrier_code, next_poll_at)
             SELECT r.id, r.carrier_code, r.created_at FROM r JOIN inserted USING (id)
           ), events AS (
             INSERT INTO tracking_events (id, shipment_id, event_key, code, carrier_status, exception_type, location_en,
               location_ar, measured_weight_kg, occurred_at, recorded_at)
             SELECT r.event_id, r.id, r.event_key, r.event_code, NULL, NULL, r.event_location_en, NULL, NULL, r.event_at, r.event_at
               FROM r JOIN inserted USING (id)
           ), outbox AS (
             INSERT INTO outbox_events (team_id, aggregate_id, type, payload)
             SELECT r.team_id, r.id, r.outbox_type, r.outbox_payload FROM r JOIN inserted USING (id)
             RETURNING id, aggregate_id
           ), receipts AS (
             -- The event is billed here, in its own transaction: billing's sweep and jobs see it done.
             INSERT INTO billing_event_receipts (event_id) SELECT id::text FROM outbox ON CONFLICT DO NOTHING
           )
           INSERT INTO billing_lines (team_id, shipment_id, tracking_number, cause, source_event_id, period_start,
             occurred_at, amount_halalas, vat_halalas, description_en, description_ar)
           SELECT r.team_id, r.id, r.tracking_number, l.cause, o.id::text, r.billing_period, r.created_at, l.amount_halalas,
             l.vat_halalas, l.description_en, l.description_ar
             FROM outbox o JOIN r ON r.id = o.aggregate_id
             CROSS JOIN LATERAL jsonb_to_recordset(r.billing_lines) AS l(cause text, amount_halalas bigint, vat_halalas bigint,
               description_en text, description_ar text)
           ON CONFLICT (shipment_id, cause, source_event_id) DO NOTHING`,
          [batchId, ...sharedColumns(shipments)],
        );
        await em.query(
          `UPDATE fulfilment_batch_orders o SET tracking_number = s.tracking_number
             FROM shipments s WHERE o.batch_id = $1 AND o.order_ref = ANY($2::text[]) AND s.id = o.shipment_id`,
          [batchId, bookings.map((b) => b.orderRef)],
        );
      }
      if (refused.length > 0) {
        await em.query(
          `UPDATE fulfilment_batch_orders o SET carrier_error = r.error
             FROM jsonb_to_recordset($2::jsonb) AS r(order_ref text, error text)
            WHERE o.batch_id = $1 AND o.order_ref = r.order_ref`,
          [batchId, JSON.stringify(refused.map((r) => ({ order_ref: r.orderRef, error: r.error })))],
        );
      }
    });
  }

  async markHandedOff(batchId: string, orderRefs: readonly string[], at: Date): Promise<void> {
    if (orderRefs.length === 0) return;
    await this.dataSource.query(
      `UPDATE fulfilment_batch_orders SET handed_off_at = $3
        WHERE batch_id = $1 AND order_ref = ANY($2::text[]) AND handed_off_at IS NULL`,
      [batchId, [...orderRefs], at],
    );
  }

  async settledRows(batchId: string): Promise<number> {
    const [row] = await this.dataSource.query(
      `SELECT COALESCE(sum(row_count), 0)::int AS n FROM fulfilment_batch_orders
        WHERE batch_id = $1 AND (tracking_number IS NOT NULL OR carrier_error IS NOT NULL)`,
      [batchId],
    );
    return Number(row.n);
  }

  async orderOutcomes(batchId: string, afterSeq: number, limit: number): Promise<Array<{ seq: number; trackingNumber: string | null }>> {
    const rows: Array<{ seq: number; tracking_number: string | null }> = await this.dataSource.query(
      'SELECT seq, tracking_number FROM fulfilment_batch_orders WHERE batch_id = $1 AND seq > $2 ORDER BY seq LIMIT $3',
      [batchId, afterSeq, limit],
    );
    return rows.map((r) => ({ seq: r.seq, trackingNumber: r.tracking_number }));
  }

  async finish(id: string, status: 'COMPLETED' | 'REJECTED', counts: BatchCounts, at: Date): Promise<boolean> {
    const rows = await this.dataSource.query(
      `UPDATE fulfilment_batches SET status = $2, phase = 'done', row_count = $3, accepted_count = $4, rejected_count = $5,
              processed_rows = $3, finished_at = $6, updated_at = $6
        WHERE id = $1 AND status = 'PROCESSING' RETURNING id`,
      [id, status, counts.rowCount, counts.acceptedCount, counts.rejectedCount, at],
    );
    return rowCount(rows) > 0;
  }

  async stalled(before: Date, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM fulfilment_batches WHERE status = 'PROCESSING' AND updated_at <= $1 ORDER BY updated_at LIMIT $2`,
      [before, limit],
    );
    return rows.map((r) => r.id);
  }
}
