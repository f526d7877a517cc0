import { DataSource, EntityManager } from 'typeorm';
import { OutboxEvent, OutboxPort } from '@lgw/kernel';
import { rowCount } from '../support/sql-results';

/** An outbox_events row as read back (also by billing's own filtered read). */
export interface OutboxRow {
  id: string;
  team_id: string;
  aggregate_id: string;
  type: string;
  payload: Record<string, unknown>;
  created_at: Date;
}

export class SqlOutbox implements OutboxPort {
  constructor(private readonly dataSource: DataSource) {}

  async relayBatch(limit: number, publish: (events: readonly OutboxEvent[]) => Promise<void>): Promise<number> {
    return this.dataSource.transaction(async (em) => {
      const rows: Array<OutboxRow & { webhook_endpoint: boolean }> = await em.query(
        `SELECT o.id, o.team_id, o.aggregate_id, o.type, o.payload, o.created_at,
                EXISTS (SELECT 1 FROM webhook_endpoints w WHERE w.team_id = o.team_id AND w.enabled) AS webhook_endpoint
           FROM outbox_events o
          WHERE o.published_at IS NULL ORDER BY o.id LIMIT $1 FOR UPDATE OF o SKIP LOCKED`,
        [limit],
      );
      if (rows.length === 0) return 0;
      await publish(
        rows.map((r) => ({
          id: String(r.id),
          teamId: r.team_id,
          aggregateId: r.aggregate_id,
          type: r.type,
          payload: r.payload,
          createdAt: r.created_at,
          webhookEndpoint: r.webhook_endpoint,
        })),
      );
      await em.query('UPDATE outbox_events SET published_at = now() WHERE id = ANY($1::bigint[])', [rows.map((r) => r.id)]);
      return rows.length;
    });
  }

  async unpublishSince(since: Date): Promise<number> {
    const result: unknown = await this.dataSource.query(
      'UPDATE outbox_events SET published_at = NULL WHERE published_at IS NOT NULL AND published_at > $1',
      [since],
    );
    return rowCount(result);
  }
}

/** An event to publish, written in the caller's transaction so it goes out exactly when the change commits. */
export interface OutboxInsert {
  readonly teamId: string;
  readonly aggregateId: string;
  readonly type: string;
  readonly payload: unknown;
}

export async function insertOutbox(em: EntityManager, events: readonly OutboxInsert[]): Promise<void> {
  for (const e of events) {
    await em.query('INSERT INTO outbox_events (team_id, aggregate_id, type, payload) VALUES ($1, $2, $3, $4)', [
      e.teamId,
      e.aggregateId,
      e.type,
      JSON.stringify(e.payload),
    ]);
  }
}
