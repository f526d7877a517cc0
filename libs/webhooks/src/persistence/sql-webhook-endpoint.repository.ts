import { DataSource } from 'typeorm';
import { WebhookEndpointRecord, WebhookEndpointRepositoryPort } from '../application/ports/webhooks.port';
import { WebhookEventKind } from '@lgw/kernel';
import type { AuditEntry } from '@lgw/kernel';
import { appendAuditEvents, updatedRows } from '@lgw/database';

interface EndpointRow {
  team_id: string;
  url: string;
  events: string[];
  secret_ciphertext: string;
  previous_secret_ciphertext: string | null;
  previous_secret_expires_at: Date | null;
  enabled: boolean;
  disabled_reason: string | null;
  failing_since: Date | null;
  updated_at: Date;
}

const COLUMNS =
  'team_id, url, events, secret_ciphertext, previous_secret_ciphertext, previous_secret_expires_at, enabled, disabled_reason, failing_since, updated_at';

function toRecord(row: EndpointRow): WebhookEndpointRecord {
  return {
    teamId: row.team_id,
    url: row.url,
    events: row.events as WebhookEventKind[],
    secretCiphertext: row.secret_ciphertext,
    previousSecretCiphertext: row.previous_secret_ciphertext,
    previousSecretExpiresAt: row.previous_secret_expires_at ? new Date(row.previous_secret_expires_at) : null,
    enabled: row.enabled,
    disabledReason: row.disabled_reason,
    failingSince: row.failing_since ? new Date(row.failing_since) : null,
    updatedAt: new Date(row.updated_at),
  };
}

export class SqlWebhookEndpointRepository implements WebhookEndpointRepositoryPort {
  constructor(private readonly dataSource: DataSource) {}

  async find(teamId: string): Promise<WebhookEndpointRecord | null> {
    const rows: EndpointRow[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM webhook_endpoints WHERE team_id = $1`, [teamId]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** One statement: a concurrent first POST of the same team cannot make two secrets. */
  async save(
    teamId: string,
    url: string,
    events: readonly WebhookEventKind[],
    newSecretCiphertext: string,
    now: Date,
    audit?: (previous: { readonly url: string; readonly events: readonly string[] } | null) => AuditEntry,
  ): Promise<WebhookEndpointRecord> {
    if (!audit) return this.upsert(this.dataSource.manager, teamId, url, events, newSecretCiphertext, now);
    return this.dataSource.transaction(async (em) => {
      const before: Array<{ url: string; events: string[] }> = await em.query(
        'SELECT url, events FROM webhook_endpoints WHERE team_id = $1 FOR UPDATE',
        [teamId],
      );
      const saved = await this.upsert(em, teamId, url, events, newSecretCiphertext, now);
      await appendAuditEvents(em, [audit(before[0] ?? null)], now);
      return saved;
    });
  }

  private async upsert(
    em: { query: DataSource['query'] },
    teamId: string,
    url: string,
    events: readonly WebhookEventKind[],
    newSecretCiphertext: string,
    now: Date,
  ): Promise<WebhookEndpointRecord> {
    const rows: EndpointRow[] = await em.query(
      `INSERT INTO webhook_endpoints (team_id, url, events, secret_ciphertext, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $5)
       ON CONFLICT (team_id) DO UPDATE SET
         url = EXCLUDED.url, events = EXCLUDED.events, enabled = true, disabled_reason = NULL,
         disabled_at = NULL, failing_since = NULL, updated_at = EXCLUDED.updated_at
       RETURNING ${COLUMNS}`,
      [teamId, url, events, newSecretCiphertext, now],
    );
    return toRecord(rows[0]);
  }

  async rotateSecret(
    teamId: string,
    secretCiphertext: string,
    previousExpiresAt: Date,
    now: Date,
    audit?: AuditEntry,
  ): Promise<WebhookEndpointRecord | null> {
    return this.dataSource.transaction(async (em) => {
      const rows = updatedRows<EndpointRow>(
        await em.query(
          `UPDATE webhook_endpoints SET previous_secret_ciphertext = secret_ciphertext, previous_secret_expires_at = $3,
             secret_ciphertext = $2, updated_at = $4
           WHERE team_id = $1 RETURNING ${COLUMNS}`,
          [teamId, secretCiphertext, previousExpiresAt, now],
        ),
      );
      if (!rows[0]) return null;
      if (audit) await appendAuditEvents(em, [audit], now);
      return toRecord(rows[0]);
    });
  }

  async markHealthy(teamId: string): Promise<void> {
    await this.dataSource.query('UPDATE webhook_endpoints SET failing_since = NULL WHERE team_id = $1 AND failing_since IS NOT NULL', [
      teamId,
    ]);
  }

  async markFailing(teamId: string, now: Date): Promise<Date> {
    const rows = updatedRows<{ failing_since: Date }>(
      await this.dataSource.query(
        'UPDATE webhook_endpoints SET failing_since = COALESCE(failing_since, $2) WHERE team_id = $1 RETURNING failing_since',
        [teamId, now],
      ),
    );
    return rows[0] ? new Date(rows[0].failing_since) : now;
  }

  async disable(teamId: string, reason: 'gone' | 'failing', now: Date): Promise<void> {
    await this.dataSource.query(
      'UPDATE webhook_endpoints SET enabled = false, disabled_reason = $2, disabled_at = $3, updated_at = $3 WHERE team_id = $1 AND enabled',
      [teamId, reason, now],
    );
  }
}
