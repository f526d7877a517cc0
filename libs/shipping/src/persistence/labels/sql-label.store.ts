import { DataSource } from 'typeorm';
import { LabelFormat } from '@lgw/kernel';
import { LabelStorePort } from '../../application/ports/label-store.port';
import { PrinterLabelFormat } from '../../application/ports/label-renderer.port';
import { ShipmentRecord } from '../../application/shipment.record';
import { Shipment } from '../../domain/shipment.aggregate';
import { saveShipment } from '../shipment-lifecycle.writer';
import { SHIPMENT_COLUMNS } from '../sql-shipment.repository';
import { preparedQuery, isUuid } from '@lgw/database';
import { ShipmentRow, toShipmentRecord } from '../shipment-row.mapper';

export class SqlLabelStore implements LabelStorePort {
  constructor(private readonly dataSource: DataSource) {}

  async find(shipmentId: string): Promise<Buffer | null> {
    if (!isUuid(shipmentId)) return null;
    const rows: Array<{ pdf: Buffer }> = await this.dataSource.query('SELECT pdf FROM shipment_labels WHERE shipment_id = $1', [
      shipmentId,
    ]);
    return rows[0]?.pdf ?? null;
  }

  async findFormat(
    teamId: string,
    shipmentId: string,
    format?: LabelFormat,
  ): Promise<{ status: string; carrier: string; format: LabelFormat; body: Buffer | null } | null> {
    if (!isUuid(shipmentId)) return null;
    if (format === undefined) {
      const rows = await preparedQuery<{ status: string; carrier: string; format: LabelFormat; body: Buffer | null }>(
        this.dataSource,
        'label_default_for_team_v2',
        `SELECT s.status, s.carrier_code AS carrier, COALESCE(s.label_format, 'pdf_a6') AS format,
                CASE WHEN COALESCE(s.label_format, 'pdf_a6') = 'pdf_a6' THEN l.pdf ELSE f.body END AS body
           FROM shipments s
           LEFT JOIN shipment_labels l ON l.shipment_id = s.id
           LEFT JOIN shipment_label_formats f ON f.shipment_id = s.id AND f.format = s.label_format
          WHERE s.id = $1 AND s.team_id = $2`,
        [shipmentId, teamId],
      );
      return rows[0] ?? null;
    }
    const rows =
      format === 'pdf_a6'
        ? await preparedQuery<{ status: string; carrier: string; body: Buffer | null }>(
            this.dataSource,
            'label_a6_for_team_v2',
            `SELECT s.status, s.carrier_code AS carrier, l.pdf AS body FROM shipments s LEFT JOIN shipment_labels l ON l.shipment_id = s.id
              WHERE s.id = $1 AND s.team_id = $2`,
            [shipmentId, teamId],
          )
        : await preparedQuery<{ status: string; carrier: string; body: Buffer | null }>(
            this.dataSource,
            'label_format_for_team_v2',
            `SELECT s.status, s.carrier_code AS carrier, f.body FROM shipments s
               LEFT JOIN shipment_label_formats f ON f.shipment_id = s.id AND f.format = $3
              WHERE s.id = $1 AND s.team_id = $2`,
            [shipmentId, teamId, format],
          );
    return rows[0] ? { ...rows[0], format } : null;
  }

  async storedBodies(teamId: string, labels: ReadonlyArray<{ shipmentId: string; format: LabelFormat }>): Promise<Array<Buffer | null>> {
    const asked = labels.map((label, i) => ({ ...label, i })).filter((label) => isUuid(label.shipmentId));
    const bodies: Array<Buffer | null> = labels.map(() => null);
    if (asked.length === 0) return bodies;
    const rows: Array<{ i: string; body: Buffer | null }> = await this.dataSource.query(
      `SELECT q.i, CASE WHEN q.format = 'pdf_a6' THEN l.pdf ELSE f.body END AS body
         FROM unnest($2::uuid[], $3::text[], $4::int[]) AS q(id, format, i)
         JOIN shipments s ON s.id = q.id AND s.team_id = $1
         LEFT JOIN shipment_labels l ON q.format = 'pdf_a6' AND l.shipment_id = s.id
         LEFT JOIN shipment_label_formats f ON q.format <> 'pdf_a6' AND f.shipment_id = s.id AND f.format = q.format`,
      [teamId, asked.map((l) => l.shipmentId), asked.map((l) => l.format), asked.map((l) => l.i)],
    );
    for (const row of rows) bodies[Number(row.i)] = row.body;
    return bodies;
  }

  async saveFormat(shipmentId: string, format: PrinterLabelFormat, body: Buffer, at: Date): Promise<Buffer | null> {
    const inserted: Array<{ body: Buffer }> = await this.dataSource.query(
      `INSERT INTO shipment_label_formats (shipment_id, format, body, rendered_at)
       SELECT $1, $2, $3, $4 WHERE EXISTS (SELECT 1 FROM shipment_labels WHERE shipment_id = $1)
       ON CONFLICT (shipment_id, format) DO NOTHING RETURNING body`,
      [shipmentId, format, body, at],
    );
    if (inserted[0]) return inserted[0].body;
    const rows: Array<{ body: Buffer }> = await this.dataSource.query(
      'SELECT body FROM shipment_label_formats WHERE shipment_id = $1 AND format = $2',
      [shipmentId, format],
    );
    return rows[0]?.body ?? null;
  }

  async shipmentsForTeam(teamId: string, ids: readonly string[]): Promise<ShipmentRecord[]> {
    const valid = ids.filter(isUuid);
    if (valid.length === 0) return [];
    const rows: ShipmentRow[] = await this.dataSource.query('SELECT * FROM shipments WHERE id = ANY($1::uuid[]) AND team_id = $2', [
      valid,
      teamId,
    ]);
    return rows.map(toShipmentRecord);
  }

  async batchShipmentIds(teamId: string, batchId: string, offset: number, limit: number): Promise<string[] | null> {
    if (!isUuid(batchId)) return null;
    const batch: unknown[] = await this.dataSource.query('SELECT 1 FROM fulfilment_batches WHERE id = $1 AND team_id = $2', [
      batchId,
      teamId,
    ]);
    if (batch.length === 0) return null;
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT s.id FROM fulfilment_batch_orders o JOIN shipments s ON s.id = o.shipment_id
        WHERE o.batch_id = $1 AND s.team_id = $2 ORDER BY o.seq OFFSET $3 LIMIT $4`,
      [batchId, teamId, offset, limit],
    );
    return rows.map((r) => r.id);
  }

  async batchLabelProgress(teamId: string, batchId: string): Promise<{ printable: number; ready: number } | null> {
    if (!isUuid(batchId)) return null;
    const batch: unknown[] = await this.dataSource.query('SELECT 1 FROM fulfilment_batches WHERE id = $1 AND team_id = $2', [
      batchId,
      teamId,
    ]);
    if (batch.length === 0) return null;
    const [row]: Array<{ printable: string; ready: string }> = await this.dataSource.query(
      `SELECT count(*) AS printable, count(l.shipment_id) AS ready
         FROM fulfilment_batch_orders o
         JOIN shipments s ON s.id = o.shipment_id
         LEFT JOIN shipment_labels l ON l.shipment_id = s.id
        WHERE o.batch_id = $1 AND s.team_id = $2 AND s.status <> 'CANCELLED'`,
      [batchId, teamId],
    );
    return { printable: Number(row.printable), ready: Number(row.ready) };
  }

  async findShipment(shipmentId: string): Promise<ShipmentRecord | null> {
    if (!isUuid(shipmentId)) return null;
    const rows: ShipmentRow[] = await this.dataSource.query('SELECT * FROM shipments WHERE id = $1', [shipmentId]);
    return rows[0] ? toShipmentRecord(rows[0]) : null;
  }

  async unlabelledShipments(ids: readonly string[]): Promise<ShipmentRecord[]> {
    const valid = ids.filter(isUuid);
    if (valid.length === 0) return [];
    const rows: ShipmentRow[] = await this.dataSource.query(
      `SELECT s.* FROM shipments s
        WHERE s.id = ANY($1::uuid[]) AND NOT EXISTS (SELECT 1 FROM shipment_labels l WHERE l.shipment_id = s.id)`,
      [valid],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return valid.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toShipmentRecord(row)] : [];
    });
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

  async saveAndAdvance(shipment: ShipmentRecord, pdf: Buffer, at: Date, advance: (current: Shipment) => void): Promise<Buffer | null> {
    const [kept] = await this.saveAndAdvanceMany([{ shipment, pdf }], at, advance);
    return kept;
  }

  /**
   * A print's labels in one transaction, set by set: one insert, one read of the labels already
   * there, one lock of the shipments, then each shipment's own step. One commit for the print:
   * a commit per label was the largest database cost of a batch's download.
   */
  async saveAndAdvanceMany(
    labels: ReadonlyArray<{ shipment: ShipmentRecord; pdf: Buffer }>,
    at: Date,
    advance: (current: Shipment) => void,
  ): Promise<Array<Buffer | null>> {
    // In id order, inserts and locks alike: two prints naming the same shipments (the batch's
    // label job in a worker and its download in the api) then wait for each other in one
    // direction only, never in a circle.
    const unique = [...new Map(labels.map((l) => [l.shipment.id, l])).values()].sort((a, b) =>
      a.shipment.id < b.shipment.id ? -1 : a.shipment.id > b.shipment.id ? 1 : 0,
    );
    if (unique.length === 0) return [];
    const kept = await this.dataSource.transaction(async (em) => {
      const params: unknown[] = [at];
      const rows = unique.map(({ shipment, pdf }) => {
        params.push(shipment.id, pdf, JSON.stringify(shipment.destination));
        const n = params.length;
        return `($${n - 2}::uuid, $${n - 1}::bytea, $${n}::jsonb)`;
      });
      // Kept only for the destination it was rendered for: a change meanwhile stores nothing.
      const inserted: Array<{ shipment_id: string }> = await em.query(
        `INSERT INTO shipment_labels (shipment_id, pdf, rendered_at)
         SELECT v.id, v.pdf, $1::timestamptz FROM (VALUES ${rows.join(', ')}) AS v (id, pdf, destination)
           JOIN shipments s ON s.id = v.id AND s.destination = v.destination
          ORDER BY v.id
         ON CONFLICT (shipment_id) DO NOTHING RETURNING shipment_id`,
        params,
      );
      const stored = new Map<string, Buffer | null>(unique.map((l) => [l.shipment.id, null]));
      const first = new Set(inserted.map((r) => r.shipment_id));
      for (const l of unique) if (first.has(l.shipment.id)) stored.set(l.shipment.id, l.pdf);
      const others = unique.filter((l) => !first.has(l.shipment.id)).map((l) => l.shipment.id);
      if (others.length > 0) {
        const existing: Array<{ shipment_id: string; pdf: Buffer }> = await em.query(
          'SELECT shipment_id, pdf FROM shipment_labels WHERE shipment_id = ANY($1::uuid[])',
          [others],
        );
        for (const row of existing) stored.set(row.shipment_id, row.pdf);
      }
      if (first.size === 0) return stored;
      // The shipments as they are under their locks decide what the label changes (Shipment.recordLabelGenerated).
      const locked: ShipmentRow[] = await em.query(
        `SELECT ${SHIPMENT_COLUMNS} FROM shipments WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
        [[...first]],
      );
      for (const row of locked) {
        const current = Shipment.restore(toShipmentRecord(row));
        advance(current);
        await saveShipment(em, current, { expectedStatus: row.status });
      }
      return stored;
    });
    return labels.map((l) => kept.get(l.shipment.id) ?? null);
  }
}
