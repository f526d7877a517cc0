import { DataSource } from 'typeorm';
import { CarrierConnectionRecord, CarrierConnectionRepositoryPort } from '../application/ports/carrier-connection.port';
import { ConnectionOwner, ConnectionStatus } from '../domain/carrier-connection';
import type { AuditEntry } from '@lgw/kernel';
import { appendAuditEvents, updatedRows } from '@lgw/database';

interface ConnectionRow {
  id: string;
  carrier_code: string;
  owner: ConnectionOwner;
  team_id: string | null;
  account_number: string | null;
  credentials_ciphertext: string;
  credentials_hint: string;
  rate_cards: Record<string, unknown> | null;
  status: ConnectionStatus;
  created_at: Date;
  revoked_at: Date | null;
  webhook_token_hash: string | null;
}

const COLUMNS =
  'id, carrier_code, owner, team_id, account_number, credentials_ciphertext, credentials_hint, rate_cards, status, created_at, revoked_at, webhook_token_hash';

function toRecord(row: ConnectionRow): CarrierConnectionRecord {
  return {
    id: row.id,
    carrierCode: row.carrier_code,
    owner: row.owner,
    teamId: row.team_id,
    accountNumber: row.account_number,
    credentialsCiphertext: row.credentials_ciphertext,
    credentialsHint: row.credentials_hint,
    rateCards: row.rate_cards,
    status: row.status,
    createdAt: new Date(row.created_at),
    revokedAt: row.revoked_at ? new Date(row.revoked_at) : null,
    webhookTokenHash: row.webhook_token_hash,
  };
}

const insertValues = (r: CarrierConnectionRecord) => [
  r.id,
  r.carrierCode,
  r.owner,
  r.teamId,
  r.accountNumber,
  r.credentialsCiphertext,
  r.credentialsHint,
  r.rateCards === null ? null : JSON.stringify(r.rateCards),
  r.status,
  r.createdAt,
  r.webhookTokenHash ?? null,
];

const INSERT = `INSERT INTO carrier_connections
  (id, carrier_code, owner, team_id, account_number, credentials_ciphertext, credentials_hint, rate_cards, status, created_at, webhook_token_hash)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11)`;

export class SqlCarrierConnectionRepository implements CarrierConnectionRepositoryPort {
  constructor(private readonly dataSource: DataSource) {}

  async saveReplacing(record: CarrierConnectionRecord, audit?: AuditEntry): Promise<void> {
    await this.dataSource.transaction(async (em) => {
      if (audit) await appendAuditEvents(em, [audit], record.createdAt);
      await em.query(
        `UPDATE carrier_connections SET status = 'revoked', revoked_at = $4
          WHERE status = 'active' AND owner = $1 AND carrier_code = $2 AND team_id IS NOT DISTINCT FROM $3`,
        [record.owner, record.carrierCode, record.teamId, record.createdAt],
      );
      await em.query(INSERT, insertValues(record));
    });
  }

  /** Never again once the carrier had a platform connection, even a revoked one: the seed is the upgrade, once. */
  async seedPlatform(record: CarrierConnectionRecord): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO carrier_connections
         (id, carrier_code, owner, team_id, account_number, credentials_ciphertext, credentials_hint, rate_cards, status, created_at, webhook_token_hash)
       SELECT $1::uuid, $2::text, $3::text, $4::uuid, $5::text, $6::text, $7::text, $8::jsonb, $9::text, $10::timestamptz, $11::text
        WHERE NOT EXISTS (SELECT 1 FROM carrier_connections WHERE owner = 'platform' AND carrier_code = $2::text)
        ON CONFLICT DO NOTHING RETURNING id`,
      insertValues(record),
    );
    return rows.length > 0;
  }

  async activeOfTeam(teamId: string): Promise<CarrierConnectionRecord[]> {
    const rows: ConnectionRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM carrier_connections WHERE team_id = $1 AND status = 'active' ORDER BY carrier_code`,
      [teamId],
    );
    return rows.map(toRecord);
  }

  async activePlatform(): Promise<CarrierConnectionRecord[]> {
    const rows: ConnectionRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM carrier_connections WHERE owner = 'platform' AND status = 'active' ORDER BY carrier_code`,
    );
    return rows.map(toRecord);
  }

  async activeTeamsOf(carrierCode: string): Promise<CarrierConnectionRecord[]> {
    const rows: ConnectionRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM carrier_connections WHERE owner = 'team' AND carrier_code = $1 AND status = 'active' ORDER BY created_at, id`,
      [carrierCode],
    );
    return rows.map(toRecord);
  }

  async find(id: string): Promise<CarrierConnectionRecord | null> {
    const rows: ConnectionRow[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM carrier_connections WHERE id = $1`, [id]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async revoke(id: string, owner: { teamId: string } | 'platform', now: Date, audit?: AuditEntry): Promise<CarrierConnectionRecord | null> {
    const condition = owner === 'platform' ? "owner = 'platform'" : "owner = 'team' AND team_id = $3";
    const params: unknown[] = owner === 'platform' ? [id, now] : [id, now, owner.teamId];
    return this.dataSource.transaction(async (em) => {
      const rows = updatedRows<ConnectionRow>(
        await em.query(
          `UPDATE carrier_connections SET status = 'revoked', revoked_at = $2
            WHERE id = $1 AND status = 'active' AND ${condition} RETURNING ${COLUMNS}`,
          params,
        ),
      );
      if (!rows[0]) return null;
      if (audit) await appendAuditEvents(em, [audit], now);
      return toRecord(rows[0]);
    });
  }

  async findByWebhookToken(carrierCode: string, tokenHash: string): Promise<CarrierConnectionRecord | null> {
    const rows: ConnectionRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM carrier_connections WHERE webhook_token_hash = $1 AND carrier_code = $2 AND status = 'active'`,
      [tokenHash, carrierCode],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }
}
