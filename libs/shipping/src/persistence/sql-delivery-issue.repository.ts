import type { AuditEntry } from '@lgw/kernel';
import { DataSource } from 'typeorm';
import { preparedQuery } from '@lgw/database';
import {
  AutoReturnCandidate,
  DeliveryIssueListQuery,
  DeliveryIssueRepositoryPort,
} from '../application/ports/delivery-issue.repository.port';
import { ShipmentRecord } from '../application/shipment.record';
import { DEFAULT_AUTO_RETURN_AFTER_ATTEMPTS } from '../domain/delivery-issue';
import { Shipment } from '../domain/shipment.aggregate';
import { saveShipment } from './shipment-lifecycle.writer';
import { ShipmentRow, toShipmentRecord } from './shipment-row.mapper';
import { SHIPMENT_COLUMNS } from './sql-shipment.repository';

export class SqlDeliveryIssueRepository implements DeliveryIssueRepositoryPort {
  constructor(private readonly dataSource: DataSource) {}

  async change(
    shipmentId: string,
    decide: (shipment: Shipment) => void,
    audit?: (shipment: Shipment) => AuditEntry,
  ): Promise<ShipmentRecord | null> {
    // Only the transaction's manager inside: embedded mode has one connection, held by it.
    return this.dataSource.transaction(async (em) => {
      const [row]: ShipmentRow[] = await em.query(`SELECT ${SHIPMENT_COLUMNS} FROM shipments WHERE id = $1 FOR UPDATE`, [shipmentId]);
      if (!row) return null;
      const shipment = Shipment.restore(toShipmentRecord(row));
      decide(shipment);
      const destinationChanged = JSON.stringify(shipment.state.destination) !== JSON.stringify(shipment.loadedState.destination);
      await saveShipment(em, shipment, { audit: audit?.(shipment) });
      // The stored label shows the old address or phone: the next request renders the current one.
      if (destinationChanged) await em.query('DELETE FROM shipment_labels WHERE shipment_id = $1', [shipmentId]);
      const [saved]: ShipmentRow[] = await em.query(`SELECT ${SHIPMENT_COLUMNS} FROM shipments WHERE id = $1`, [shipmentId]);
      return toShipmentRecord(saved);
    });
  }

  async list(query: DeliveryIssueListQuery): Promise<{ shipments: ShipmentRecord[]; total: number }> {
    const params: unknown[] = [query.teamId];
    let where = 'team_id = $1 AND delivery_issue IS NOT NULL';
    if (query.status) {
      params.push(query.status);
      where += ` AND delivery_issue->>'status' = $${params.length}`;
    }
    const [count]: Array<{ n: number }> = await this.dataSource.query(`SELECT count(*)::int AS n FROM shipments WHERE ${where}`, params);
    const rows: ShipmentRow[] = await this.dataSource.query(
      `SELECT ${SHIPMENT_COLUMNS} FROM shipments WHERE ${where} ORDER BY updated_at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.limit, query.offset],
    );
    return { shipments: rows.map(toShipmentRecord), total: Number(count?.n ?? 0) };
  }

  async dueForAutoReturn(now: Date, limit: number): Promise<AutoReturnCandidate[]> {
    const rows: Array<{ id: string; team_id: string; limit_attempts: number }> = await this.dataSource.query(
      `SELECT s.id, s.team_id, COALESCE(a.auto_return_after_attempts, t.auto_return_after_attempts) AS limit_attempts
         FROM shipments s JOIN teams t ON t.id = s.team_id LEFT JOIN teams a ON a.id = t.account_id
        WHERE s.delivery_issue IS NOT NULL
          AND s.delivery_issue->>'status' IN ('OPEN', 'ACTION_REQUESTED')
          AND ((s.delivery_issue->>'attempts')::int >= COALESCE(a.auto_return_after_attempts, t.auto_return_after_attempts)
               OR (s.delivery_issue->>'deadlineAt')::timestamptz <= $1)
        ORDER BY s.updated_at
        LIMIT $2`,
      [now, limit],
    );
    return rows.map((r) => ({ shipmentId: r.id, teamId: r.team_id, autoReturnAfterAttempts: Number(r.limit_attempts) }));
  }

  async findByTrackingToken(token: string): Promise<ShipmentRecord | null> {
    const rows = await preparedQuery<ShipmentRow>(
      this.dataSource,
      'shipment_by_tracking_token',
      `SELECT ${SHIPMENT_COLUMNS} FROM shipments WHERE tracking_token = $1`,
      [token],
    );
    return rows[0] ? toShipmentRecord(rows[0]) : null;
  }

  async autoReturnAfterAttempts(teamId: string): Promise<number> {
    const [row]: Array<{ n: number }> = await this.dataSource.query(
      `SELECT COALESCE(a.auto_return_after_attempts, t.auto_return_after_attempts) AS n
         FROM teams t LEFT JOIN teams a ON a.id = t.account_id WHERE t.id = $1`,
      [teamId],
    );
    return row ? Number(row.n) : DEFAULT_AUTO_RETURN_AFTER_ATTEMPTS;
  }
}
