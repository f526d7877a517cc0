import { DataSource } from 'typeorm';
import { rowCount, updatedRows } from '@lgw/database';
import { NotificationChannel, NotificationEvent } from '../domain/notification-event';
import { NewNotification, NotificationFacts, NotificationLogPort, NotificationRecord } from '../application/ports/notification-log.port';

interface Row {
  id: string;
  team_id: string;
  shipment_id: string;
  event: string;
  occurrence: string;
  channel: string;
  recipient: string | null;
  status: string;
  reason: string | null;
  facts: NotificationFacts;
  attempts: number;
  created_at: Date;
  updated_at: Date;
}

/** How long a fresh notice is left to the job that planned it before the sweep queues it too. */
const SWEEP_GRACE_MS = 5_000;

const COLUMNS = 'id, team_id, shipment_id, event, occurrence, channel, recipient, status, reason, facts, attempts, created_at, updated_at';

function record(r: Row): NotificationRecord {
  return {
    id: r.id,
    teamId: r.team_id,
    shipmentId: r.shipment_id,
    event: r.event as NotificationEvent,
    occurrence: r.occurrence,
    channel: r.channel as NotificationChannel,
    recipient: r.recipient,
    status: r.status as never,
    reason: r.reason,
    facts: r.facts,
    attempts: r.attempts,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  };
}

/** The notices table: one row per shipment × event occurrence × channel, the row is the claim (docs/adr/0086). */
export class SqlNotificationLog implements NotificationLogPort {
  constructor(private readonly dataSource: DataSource) {}

  async insertNew(rows: readonly NewNotification[], now: Date): Promise<string[]> {
    const inserted: string[] = [];
    for (const r of rows) {
      const result: Array<{ id: string }> = await this.dataSource.query(
        `INSERT INTO notifications (id, team_id, shipment_id, event, occurrence, channel, recipient, status, reason, facts,
                                    attempts, next_attempt_at, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 0, $12, $11, $11)
         ON CONFLICT (shipment_id, event, occurrence, channel) DO NOTHING RETURNING id`,
        [
          r.id,
          r.teamId,
          r.shipmentId,
          r.event,
          r.occurrence,
          r.channel,
          r.recipient,
          r.status,
          r.reason,
          JSON.stringify(r.facts),
          now,
          // The planning job sends at once; the sweep takes a notice only if that job was lost.
          new Date(now.getTime() + SWEEP_GRACE_MS),
        ],
      );
      if (result.length > 0) inserted.push(result[0].id);
    }
    return inserted;
  }

  async claim(id: string, now: Date): Promise<NotificationRecord | null> {
    const result: unknown = await this.dataSource.query(
      `UPDATE notifications SET status = 'SENDING', attempts = attempts + 1, claimed_at = $2, updated_at = $2
        WHERE id = $1 AND status = 'PENDING' RETURNING ${COLUMNS}`,
      [id, now],
    );
    const rows = updatedRows<Row>(result);
    return rows.length > 0 ? record(rows[0]) : null;
  }

  async markSent(id: string, providerRef: string, now: Date): Promise<void> {
    await this.dataSource.query(
      "UPDATE notifications SET status = 'SENT', provider_ref = $2, reason = NULL, updated_at = $3 WHERE id = $1 AND status = 'SENDING'",
      [id, providerRef, now],
    );
  }

  async markFailed(id: string, reason: string, now: Date): Promise<void> {
    await this.dataSource.query(
      "UPDATE notifications SET status = 'FAILED', reason = $2, updated_at = $3 WHERE id = $1 AND status = 'SENDING'",
      [id, reason, now],
    );
  }

  async release(id: string, reason: string, dueAt: Date, now: Date): Promise<void> {
    await this.dataSource.query(
      `UPDATE notifications SET status = 'PENDING', reason = $2, next_attempt_at = $3, claimed_at = NULL, updated_at = $4
        WHERE id = $1 AND status = 'SENDING'`,
      [id, reason, dueAt, now],
    );
  }

  async failInterrupted(before: Date, now: Date): Promise<number> {
    const result: unknown = await this.dataSource.query(
      `UPDATE notifications SET status = 'FAILED', reason = 'interrupted while sending: not sent again (at most once)', updated_at = $2
        WHERE status = 'SENDING' AND claimed_at < $1`,
      [before, now],
    );
    return rowCount(result);
  }

  async due(now: Date, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      "SELECT id FROM notifications WHERE status = 'PENDING' AND next_attempt_at <= $1 ORDER BY next_attempt_at LIMIT $2",
      [now, limit],
    );
    return rows.map((r) => r.id);
  }

  async listForShipment(teamId: string, shipmentId: string): Promise<NotificationRecord[]> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM notifications WHERE team_id = $1 AND shipment_id = $2 ORDER BY created_at, channel DESC, id`,
      [teamId, shipmentId],
    );
    return rows.map(record);
  }
}
