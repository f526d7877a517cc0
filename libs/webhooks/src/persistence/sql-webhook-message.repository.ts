import { DataSource } from 'typeorm';
import {
  ClaimedWebhookMessage,
  NewWebhookMessage,
  WebhookAttemptRecord,
  WebhookMessageRecord,
  WebhookMessageRepositoryPort,
} from '../application/ports/webhooks.port';
import { WebhookDeliveryState } from '../domain/webhook-endpoint-rules';
import { rowCount, updatedRows } from '@lgw/database';

interface MessageRow {
  id: string;
  team_id: string;
  event_id: string;
  type: string;
  shipment_id: string | null;
  body: string;
  state: WebhookDeliveryState;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  last_attempt_at: Date | null;
  next_attempt_at: Date | null;
  delivered_at: Date | null;
  created_at: Date;
}

const COLUMNS =
  'id, team_id, event_id, type, shipment_id, body, state, attempts, last_status_code, last_error, last_attempt_at, next_attempt_at, delivered_at, created_at';
/** The delivery log shows everything but the body. */
const LOG_COLUMNS = COLUMNS.replace(' body,', " '' AS body,");

const date = (d: Date | null) => (d ? new Date(d) : null);

function toRecord(row: MessageRow): WebhookMessageRecord {
  return {
    id: row.id,
    teamId: row.team_id,
    eventId: row.event_id,
    type: row.type,
    shipmentId: row.shipment_id,
    body: row.body,
    state: row.state,
    attempts: Number(row.attempts),
    lastStatusCode: row.last_status_code === null ? null : Number(row.last_status_code),
    lastError: row.last_error,
    lastAttemptAt: date(row.last_attempt_at),
    nextAttemptAt: date(row.next_attempt_at),
    deliveredAt: date(row.delivered_at),
    createdAt: new Date(row.created_at),
  };
}

export class SqlWebhookMessageRepository implements WebhookMessageRepositoryPort {
  constructor(private readonly dataSource: DataSource) {}

  async insertMany(messages: readonly NewWebhookMessage[]): Promise<number> {
    if (messages.length === 0) return 0;
    const col = <T>(pick: (m: NewWebhookMessage) => T) => messages.map(pick);
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO webhook_messages (id, team_id, event_id, type, shipment_id, body, created_at, next_attempt_at)
       SELECT u.id, u.team_id, u.event_id, u.type, u.shipment_id, u.body, u.created_at, u.created_at
         FROM unnest($1::text[], $2::uuid[], $3::text[], $4::text[], $5::uuid[], $6::text[], $7::timestamptz[])
           AS u(id, team_id, event_id, type, shipment_id, body, created_at)
       ON CONFLICT (id) DO NOTHING
       RETURNING id`,
      [
        col((m) => m.id),
        col((m) => m.teamId),
        col((m) => m.eventId),
        col((m) => m.type),
        col((m) => m.shipmentId),
        col((m) => m.body),
        col((m) => m.createdAt),
      ],
    );
    return rows.length;
  }

  /**
   * Due rows ranked per team (oldest first), minus what the team already has in flight,
   * then taken rank by rank: every team's first message before any team's second. The
   * UPDATE re-checks the lease, so two dispatchers never lease the same row.
   */
  async claimDue(options: {
    now: Date;
    perTeamLimit: number;
    limit: number;
    leaseMs: number;
    teamId?: string;
  }): Promise<ClaimedWebhookMessage[]> {
    const { now, perTeamLimit, limit, leaseMs, teamId } = options;
    const leaseUntil = new Date(now.getTime() + leaseMs);
    // A team's own claim (after its fan-out or an attempt) reads only that team's rows, by index.
    const scope = teamId ? 'AND team_id = $5::uuid' : '';
    const params: unknown[] = [now, perTeamLimit, limit, leaseUntil];
    if (teamId) params.push(teamId);
    const rows = updatedRows<{ id: string; lease_token: string }>(
      await this.dataSource.query(
        `WITH in_flight AS (
           SELECT team_id, count(*)::int AS n FROM webhook_messages
            WHERE state = 'pending' AND lease_until > $1 ${scope}
            GROUP BY team_id
         ), due AS (
           SELECT id, team_id, row_number() OVER (PARTITION BY team_id ORDER BY next_attempt_at, id) AS rank
             FROM webhook_messages
            WHERE state = 'pending' AND next_attempt_at <= $1 AND (lease_until IS NULL OR lease_until <= $1) ${scope}
         ), picked AS (
           SELECT due.id FROM due LEFT JOIN in_flight f ON f.team_id = due.team_id
            WHERE due.rank + COALESCE(f.n, 0) <= $2
            ORDER BY due.rank, due.team_id
            LIMIT $3
         )
         UPDATE webhook_messages m SET lease_token = gen_random_uuid(), lease_until = $4
           FROM picked
          WHERE m.id = picked.id AND m.state = 'pending' AND (m.lease_until IS NULL OR m.lease_until <= $1)
         RETURNING m.id, m.lease_token`,
        params,
      ),
    );
    return rows.map((r) => ({ id: r.id, leaseToken: r.lease_token }));
  }

  async findLeased(claim: ClaimedWebhookMessage): Promise<WebhookMessageRecord | null> {
    const rows: MessageRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM webhook_messages WHERE id = $1 AND lease_token = $2 AND state = 'pending'`,
      [claim.id, claim.leaseToken],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async recordAttempt(claim: ClaimedWebhookMessage, a: WebhookAttemptRecord): Promise<boolean> {
    const result = await this.dataSource.query(
      `UPDATE webhook_messages SET state = $3::text, attempts = attempts + 1, last_status_code = $4, last_error = $5,
         last_attempt_at = $6::timestamptz, next_attempt_at = $7,
         delivered_at = CASE WHEN $3::text = 'delivered' THEN $6::timestamptz ELSE NULL END,
         lease_token = NULL, lease_until = NULL
       WHERE id = $1 AND lease_token = $2 AND state = 'pending'
       RETURNING id`,
      [claim.id, claim.leaseToken, a.state, a.statusCode, a.error === null ? null : a.error.slice(0, 500), a.at, a.nextAttemptAt],
    );
    return rowCount(result) === 1;
  }

  async list(
    teamId: string,
    filter: { state?: WebhookDeliveryState; limit: number; offset: number },
  ): Promise<{ items: WebhookMessageRecord[]; total: number }> {
    const params = [teamId, filter.state ?? null];
    const where = 'team_id = $1 AND ($2::text IS NULL OR state = $2)';
    const [rows, count] = await Promise.all([
      this.dataSource.query(
        `SELECT ${LOG_COLUMNS} FROM webhook_messages WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
        [...params, filter.limit, filter.offset],
      ) as Promise<MessageRow[]>,
      this.dataSource.query(`SELECT count(*)::int AS n FROM webhook_messages WHERE ${where}`, params) as Promise<Array<{ n: number }>>,
    ]);
    return { items: rows.map(toRecord), total: Number(count[0]?.n ?? 0) };
  }

  async find(teamId: string, id: string): Promise<WebhookMessageRecord | null> {
    const rows: MessageRow[] = await this.dataSource.query(`SELECT ${LOG_COLUMNS} FROM webhook_messages WHERE team_id = $1 AND id = $2`, [
      teamId,
      id,
    ]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async requeueFailed(teamId: string, id: string, now: Date): Promise<boolean> {
    const result = await this.dataSource.query(
      `UPDATE webhook_messages SET state = 'pending', next_attempt_at = $3, lease_token = NULL, lease_until = NULL
       WHERE team_id = $1 AND id = $2 AND state = 'failed'
       RETURNING id`,
      [teamId, id, now],
    );
    return rowCount(result) === 1;
  }

  async failPending(teamId: string, reason: string, now: Date): Promise<number> {
    const result = await this.dataSource.query(
      `UPDATE webhook_messages SET state = 'failed', last_error = $2, next_attempt_at = NULL, lease_token = NULL, lease_until = NULL,
         last_attempt_at = COALESCE(last_attempt_at, $3::timestamptz)
       WHERE team_id = $1 AND state = 'pending'
       RETURNING id`,
      [teamId, reason, now],
    );
    return rowCount(result);
  }
}
