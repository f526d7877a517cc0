import { DataSource } from 'typeorm';
import { IdempotencyBegin, IdempotencyStorePort } from '@lgw/application';

export class TypeOrmIdempotencyStore implements IdempotencyStorePort {
  constructor(private readonly dataSource: DataSource) {}

  async begin(teamId: string, scope: string, key: string, requestHash: string, now: Date, ttlMs: number): Promise<IdempotencyBegin> {
    // An expired key is free again.
    await this.dataSource.query(
      'DELETE FROM idempotency_keys WHERE team_id = $1 AND scope = $2 AND key = $3 AND expires_at <= $4',
      [teamId, scope, key, now],
    );
    const inserted: unknown[] = await this.dataSource.query(
      `INSERT INTO idempotency_keys (team_id, scope, key, request_hash, state, created_at, expires_at)
       VALUES ($1, $2, $3, $4, 'in_progress', $5, $6)
       ON CONFLICT (team_id, scope, key) DO NOTHING
       RETURNING key`,
      [teamId, scope, key, requestHash, now, new Date(now.getTime() + ttlMs)],
    );
    if (inserted.length > 0) return { kind: 'started' };
    const rows: Array<{ request_hash: string; state: string; response_status: number | null; response_body: unknown }> =
      await this.dataSource.query(
        'SELECT request_hash, state, response_status, response_body FROM idempotency_keys WHERE team_id = $1 AND scope = $2 AND key = $3',
        [teamId, scope, key],
      );
    const existing = rows[0];
    // Released between our INSERT and SELECT: let the caller retry as a fresh request.
    if (!existing) return { kind: 'in_progress' };
    if (existing.request_hash !== requestHash) return { kind: 'mismatch' };
    if (existing.state === 'completed') return { kind: 'replay', status: existing.response_status ?? 200, body: existing.response_body };
    return { kind: 'in_progress' };
  }

  async complete(teamId: string, scope: string, key: string, status: number, body: unknown): Promise<void> {
    await this.dataSource.query(
      `UPDATE idempotency_keys SET state = 'completed', response_status = $4, response_body = $5
        WHERE team_id = $1 AND scope = $2 AND key = $3`,
      [teamId, scope, key, status, JSON.stringify(body)],
    );
  }

  async abandon(teamId: string, scope: string, key: string): Promise<void> {
    await this.dataSource.query(
      "DELETE FROM idempotency_keys WHERE team_id = $1 AND scope = $2 AND key = $3 AND state = 'in_progress'",
      [teamId, scope, key],
    );
  }
}
