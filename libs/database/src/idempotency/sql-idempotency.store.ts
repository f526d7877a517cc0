import { DataSource } from 'typeorm';
import { IdempotencyBegin, IdempotencyClaim, IdempotencyStorePort, KeptResponse } from '@lgw/kernel';
import { preparedQuery } from '../support/prepared-query';
import { rowCount } from '../support/sql-results';

interface KeyRow {
  request_hash: string;
  state: string;
  response_status: number | null;
  response_outcome: string | null;
  response_body: unknown;
  lease_expires_at: Date | string | null;
}

export class SqlIdempotencyStore implements IdempotencyStorePort {
  constructor(private readonly dataSource: DataSource) {}

  async begin(c: IdempotencyClaim): Promise<IdempotencyBegin> {
    // One statement: a new key is inserted, an expired one (free again) taken over in place.
    const inserted = await preparedQuery<{ key: string }>(
      this.dataSource,
      'idempotency_begin',
      `INSERT INTO idempotency_keys (team_id, scope, key, request_hash, state, created_at, expires_at, owner, lease_expires_at)
       VALUES ($1, $2, $3, $4, 'in_progress', $5, $6, $7, $8)
       ON CONFLICT (team_id, scope, key) DO UPDATE
          SET request_hash = EXCLUDED.request_hash, state = 'in_progress', created_at = EXCLUDED.created_at,
              expires_at = EXCLUDED.expires_at, owner = EXCLUDED.owner, lease_expires_at = EXCLUDED.lease_expires_at,
              response_status = NULL, response_outcome = NULL, response_body = NULL
        WHERE idempotency_keys.expires_at <= EXCLUDED.created_at
       RETURNING key`,
      [c.teamId, c.scope, c.key, c.requestHash, c.now, new Date(c.now.getTime() + c.ttlMs), c.owner, leaseEnd(c)],
    );
    if (inserted.length > 0) return { kind: 'started' };
    const rows: KeyRow[] = await this.dataSource.query(
      `SELECT request_hash, state, response_status, response_outcome, response_body, lease_expires_at
         FROM idempotency_keys WHERE team_id = $1 AND scope = $2 AND key = $3`,
      [c.teamId, c.scope, c.key],
    );
    const existing = rows[0];
    // Released between our INSERT and SELECT: the retry may come at once.
    if (!existing) return { kind: 'in_progress', leaseExpiresAt: c.now };
    if (existing.request_hash !== c.requestHash) return { kind: 'mismatch' };
    if (existing.state === 'completed') return { kind: 'replay', outcome: outcomeOf(existing), body: existing.response_body };
    // Keys written before leases existed count as expired: their requests are long over.
    const lease = existing.lease_expires_at === null ? c.now : new Date(existing.lease_expires_at);
    if (lease.getTime() <= c.now.getTime()) return { kind: 'lease_expired' };
    return { kind: 'in_progress', leaseExpiresAt: lease };
  }

  async takeOver(c: IdempotencyClaim): Promise<boolean> {
    const rows = await this.dataSource.query(
      `UPDATE idempotency_keys SET owner = $5, lease_expires_at = $6
        WHERE team_id = $1 AND scope = $2 AND key = $3 AND request_hash = $4 AND state = 'in_progress'
          AND (lease_expires_at IS NULL OR lease_expires_at <= $7)
        RETURNING key`,
      [c.teamId, c.scope, c.key, c.requestHash, c.owner, leaseEnd(c), c.now],
    );
    return rowCount(rows) > 0;
  }

  async complete(teamId: string, scope: string, key: string, response: KeptResponse): Promise<void> {
    await preparedQuery(
      this.dataSource,
      'idempotency_complete',
      `UPDATE idempotency_keys SET state = 'completed', response_outcome = $4, response_body = $5, lease_expires_at = NULL
        WHERE team_id = $1 AND scope = $2 AND key = $3`,
      [teamId, scope, key, response.outcome, JSON.stringify(response.body)],
    );
  }

  async abandon(teamId: string, scope: string, key: string, owner: string): Promise<void> {
    await this.dataSource.query(
      "DELETE FROM idempotency_keys WHERE team_id = $1 AND scope = $2 AND key = $3 AND state = 'in_progress' AND owner = $4",
      [teamId, scope, key, owner],
    );
  }

  async releaseExpired(teamId: string, scope: string, key: string, now: Date): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM idempotency_keys WHERE team_id = $1 AND scope = $2 AND key = $3 AND state = 'in_progress'
          AND (lease_expires_at IS NULL OR lease_expires_at <= $4)`,
      [teamId, scope, key, now],
    );
  }
}

function leaseEnd(c: IdempotencyClaim): Date {
  return new Date(c.now.getTime() + c.leaseMs);
}

/** Keys completed before outcomes were stored kept the status code the answer had (migration 1732100530000). */
const LEGACY_OUTCOMES: Readonly<Record<number, string>> = { 201: 'created', 202: 'accepted' };

/** Null when recovery kept only the view: the route's own outcome answers. */
function outcomeOf(row: KeyRow): string | null {
  if (row.response_outcome !== null) return row.response_outcome;
  return row.response_status === null ? null : (LEGACY_OUTCOMES[row.response_status] ?? 'ok');
}
