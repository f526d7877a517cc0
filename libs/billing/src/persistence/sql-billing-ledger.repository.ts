import { DataSource } from 'typeorm';
import { BillingLedgerPort, LedgerEntry, LedgerLine, LedgerPeriodSummary } from '../application/ports/billing-ledger.port';
import { OutboxEvent, BillingPeriod } from '@lgw/kernel';
import { RETURN_STATUSES } from '../application/billing-event';
import { BillingLineDraft, isBillingCause, SUBTOTAL_CAUSES } from '../domain/billing-line';
import { rowCount, type OutboxRow } from '@lgw/database';

interface LineRow {
  shipment_id: string;
  tracking_number: string;
  cause: string;
  amount_halalas: string;
  vat_halalas: string;
  description_en: string;
  description_ar: string;
  recorded_at_ms: string;
}

/**
 * The recording time comes as epoch milliseconds: parsing 10,000 timestamps into Dates was
 * a third of the invoice read (docs/performance.md).
 */
const LINE_COLUMNS =
  'shipment_id, tracking_number, cause, amount_halalas, vat_halalas, description_en, description_ar, ' +
  'floor(extract(epoch FROM recorded_at) * 1000)::bigint AS recorded_at_ms';

const RECEIPT_SQL = 'INSERT INTO billing_event_receipts (event_id) VALUES ($1) ON CONFLICT DO NOTHING';

/** An invoice's lines: one range scan of billing_lines_invoice_idx, already in line order. */
export const INVOICE_LINES_SQL = `SELECT ${LINE_COLUMNS} FROM billing_lines
  WHERE team_id = $1 AND period_start = $2 AND einvoice_document_id IS NULL
  ORDER BY occurred_at, id`;

const EVENT_COLUMNS = 'o.id, o.team_id, o.aggregate_id, o.type, o.payload, o.created_at';

/**
 * A billable event never processed: isBillingEvent (libs/application/src/billing/billing-event.ts)
 * in SQL, so that events billing ignores never crowd a batch; $4 is RETURN_STATUSES.
 */
const BILLABLE_UNPROCESSED = `(o.type IN ('shipment.created', 'shipment.cancelled', 'shipment.weighed')
    OR (o.type = 'shipment.status_changed' AND o.payload->>'status' = ANY($4::text[])))
  AND NOT EXISTS (SELECT 1 FROM billing_event_receipts r WHERE r.event_id = o.id::text)`;

function toEvent(r: OutboxRow): OutboxEvent {
  return {
    id: String(r.id),
    teamId: r.team_id,
    aggregateId: r.aggregate_id,
    type: r.type,
    payload: r.payload,
    createdAt: new Date(r.created_at),
  };
}

export class SqlBillingLedger implements BillingLedgerPort {
  constructor(private readonly dataSource: DataSource) {}

  async record(entry: LedgerEntry, decide: (existing: readonly LedgerLine[]) => readonly BillingLineDraft[]): Promise<number> {
    return this.dataSource.transaction(async (em) => {
      // One decision at a time per shipment: two events of the same shipment processed at
      // once (a cancellation and a late booking job) each see what the other wrote.
      await em.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 7821))', [`billing:${entry.shipmentId}`]);
      const existing: LineRow[] = await em.query(`SELECT ${LINE_COLUMNS} FROM billing_lines WHERE shipment_id = $1 ORDER BY id`, [
        entry.shipmentId,
      ]);
      const drafts = decide(existing.map(toLine));
      let added = 0;
      for (const draft of drafts) {
        const result = await em.query(
          `INSERT INTO billing_lines (team_id, shipment_id, tracking_number, cause, source_event_id, period_start,
             occurred_at, amount_halalas, vat_halalas, description_en, description_ar)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
           ON CONFLICT (shipment_id, cause, source_event_id) DO NOTHING
           RETURNING id`,
          [
            entry.teamId,
            entry.shipmentId,
            entry.trackingNumber,
            draft.cause,
            entry.sourceEventId,
            entry.period.start,
            entry.occurredAt,
            draft.amount.halalas,
            draft.vat.halalas,
            draft.description_en,
            draft.description_ar,
          ],
        );
        added += rowCount(result);
      }
      await em.query(RECEIPT_SQL, [entry.sourceEventId]);
      return added;
    });
  }

  async acknowledge(eventId: string): Promise<void> {
    await this.dataSource.query(RECEIPT_SQL, [eventId]);
  }

  async unprocessedEvents(publishedAfter: Date, publishedBefore: Date, limit: number): Promise<OutboxEvent[]> {
    const rows: OutboxRow[] = await this.dataSource.query(
      `SELECT ${EVENT_COLUMNS} FROM outbox_events o
          WHERE o.published_at > $1 AND o.published_at <= $2 AND ${BILLABLE_UNPROCESSED}
          ORDER BY o.id LIMIT $3`,
      [publishedAfter, publishedBefore, limit, RETURN_STATUSES],
    );
    return rows.map(toEvent);
  }

  async unbilledEvents(teamId: string | undefined, publishedAfter: Date, limit: number): Promise<OutboxEvent[]> {
    // Two index ranges: events the relay has not published yet, and those published since.
    const rows: OutboxRow[] = await this.dataSource.query(
      `SELECT * FROM (
         SELECT ${EVENT_COLUMNS} FROM outbox_events o
          WHERE o.published_at IS NULL AND ($1::uuid IS NULL OR o.team_id = $1) AND ${BILLABLE_UNPROCESSED}
         UNION ALL
         SELECT ${EVENT_COLUMNS} FROM outbox_events o
          WHERE o.published_at > $2 AND ($1::uuid IS NULL OR o.team_id = $1) AND ${BILLABLE_UNPROCESSED}
       ) e ORDER BY e.id LIMIT $3`,
      [teamId ?? null, publishedAfter, limit, RETURN_STATUSES],
    );
    return rows.map(toEvent);
  }

  async linesForPeriod(teamId: string, period: BillingPeriod): Promise<LedgerLine[]> {
    const rows: LineRow[] = await this.dataSource.query(INVOICE_LINES_SQL, [teamId, period.start]);
    return rows.map(toLine);
  }

  async periodSummaries(teamId: string): Promise<LedgerPeriodSummary[]> {
    const rows: Array<{
      period_start: string;
      subtotal: string;
      surcharges: string;
      vat: string;
      line_count: number;
      updated_at: Date;
    }> = await this.dataSource.query(
      `SELECT to_char(period_start, 'YYYY-MM-DD') AS period_start,
              coalesce(sum(amount_halalas) FILTER (WHERE cause = ANY($2::text[])), 0) AS subtotal,
              coalesce(sum(amount_halalas) FILTER (WHERE cause <> ALL($2::text[])), 0) AS surcharges,
              sum(vat_halalas) AS vat, count(*)::int AS line_count, max(recorded_at) AS updated_at
         FROM billing_lines WHERE team_id = $1 AND einvoice_document_id IS NULL
        GROUP BY period_start ORDER BY period_start DESC`,
      [teamId, SUBTOTAL_CAUSES],
    );
    return rows.map((r) => ({
      periodStart: r.period_start,
      subtotalHalalas: Number(r.subtotal),
      surchargesHalalas: Number(r.surcharges),
      vatHalalas: Number(r.vat),
      lineCount: Number(r.line_count),
      updatedAt: new Date(r.updated_at),
    }));
  }
}

function toLine(row: LineRow): LedgerLine {
  if (!isBillingCause(row.cause)) throw new Error(`billing_lines holds an unknown cause: ${row.cause}`);
  return {
    shipmentId: row.shipment_id,
    trackingNumber: row.tracking_number,
    cause: row.cause,
    amountHalalas: Number(row.amount_halalas),
    vatHalalas: Number(row.vat_halalas),
    descriptionEn: row.description_en,
    descriptionAr: row.description_ar,
    recordedAt: new Date(Number(row.recorded_at_ms)),
  };
}
