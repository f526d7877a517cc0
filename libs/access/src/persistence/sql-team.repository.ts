import { AddressVerificationMode, ApiMode, AuditEntry, FULL_ACCESS } from '@lgw/kernel';
import { DataSource } from 'typeorm';

import {
  ActiveKey,
  ApiKeySummary,
  NewApiKey,
  TeamRecord,
  TeamRepositoryPort,
  TeamSummary,
} from '../application/ports/team.repository.port';
import { ApiKeyOrmEntity, TeamOrmEntity, appendAuditEvents, isUuid } from '@lgw/database';

export class SqlTeamRepository implements TeamRepositoryPort {
  constructor(private readonly dataSource: DataSource) {}

  async createWithKeys(team: TeamRecord, testScopeId: string, keys: readonly NewApiKey[]): Promise<void> {
    await this.dataSource.transaction(async (em) => {
      await em.insert(TeamOrmEntity, {
        id: team.id,
        name: team.name,
        rateLimitPerMinute: team.rateLimitPerMinute,
        mode: 'live',
        accountId: null,
      });
      await em.insert(TeamOrmEntity, { id: testScopeId, name: team.name, rateLimitPerMinute: null, mode: 'test', accountId: team.id });
      for (const key of keys) await insertKey(em, key);
    });
  }

  async exists(teamId: string): Promise<boolean> {
    if (!isUuid(teamId)) return false;
    return this.dataSource.getRepository(TeamOrmEntity).exists({ where: { id: teamId, mode: 'live' } });
  }

  async modeOf(tenantId: string): Promise<ApiMode | null> {
    if (!isUuid(tenantId)) return null;
    const rows: Array<{ mode: ApiMode }> = await this.dataSource.query('SELECT mode FROM teams WHERE id = $1', [tenantId]);
    return rows[0]?.mode ?? null;
  }

  async addKey(key: NewApiKey, audit?: AuditEntry): Promise<void> {
    await this.dataSource.transaction(async (em) => {
      await insertKey(em, key);
      if (audit) await appendAuditEvents(em, [audit]);
    });
  }

  async revokeKey(
    teamId: string,
    keyId: string,
    at: Date,
    options: { readonly mode?: ApiMode; readonly unlessLastFullAccess?: boolean; readonly audit?: AuditEntry } = {},
  ): Promise<boolean | 'last_full_access'> {
    if (!isUuid(teamId) || !isUuid(keyId)) return false;
    return this.dataSource.transaction(async (em) => {
      // The team's active keys, locked: a concurrent revocation waits and then sees this one.
      const keys: Array<{ id: string; mode: ApiMode; scopes: string[]; expires_at: Date | null }> = await em.query(
        'SELECT id, mode, scopes, expires_at FROM api_keys WHERE team_id = $1 AND revoked_at IS NULL ORDER BY id FOR UPDATE',
        [teamId],
      );
      const key = keys.find((k) => k.id === keyId);
      if (!key || (options.mode && key.mode !== options.mode)) return false;
      if (options.unlessLastFullAccess && key.scopes.includes(FULL_ACCESS)) {
        const others = keys.filter(
          (k) => k.id !== keyId && k.mode === key.mode && k.scopes.includes(FULL_ACCESS) && (!k.expires_at || new Date(k.expires_at) > at),
        );
        if (others.length === 0) return 'last_full_access';
      }
      await em.query('UPDATE api_keys SET revoked_at = $2 WHERE id = $1', [keyId, at]);
      if (options.audit) await appendAuditEvents(em, [options.audit], at);
      return true;
    });
  }

  async setRateLimit(teamId: string, perMinute: number): Promise<boolean> {
    if (!isUuid(teamId)) return false;
    const result = await this.dataSource
      .getRepository(TeamOrmEntity)
      .update({ id: teamId, mode: 'live' }, { rateLimitPerMinute: perMinute });
    return (result.affected ?? 0) > 0;
  }

  async setAddressVerification(teamId: string, mode: AddressVerificationMode): Promise<boolean> {
    if (!isUuid(teamId)) return false;
    const rows: unknown[] = await this.dataSource.query('UPDATE teams SET address_verification = $2 WHERE id = $1 RETURNING id', [
      teamId,
      mode,
    ]);
    return rows.length > 0;
  }

  async setAutoReturnAfterAttempts(teamId: string, attempts: number): Promise<boolean> {
    if (!isUuid(teamId)) return false;
    const rows: unknown[] = await this.dataSource.query(
      "UPDATE teams SET auto_return_after_attempts = $2 WHERE id = $1 AND mode = 'live' RETURNING id",
      [teamId, attempts],
    );
    return rows.length > 0;
  }

  async setBrandColour(teamId: string, colour: string | null): Promise<boolean> {
    if (!isUuid(teamId)) return false;
    const rows: unknown[] = await this.dataSource.query("UPDATE teams SET brand_colour = $2 WHERE id = $1 AND mode = 'live' RETURNING id", [
      teamId,
      colour,
    ]);
    return rows.length > 0;
  }

  async findActiveKeyByHash(keyHash: string): Promise<ActiveKey | null> {
    // A test key works in its team's test scope; the limit and the address rule are the team's either way.
    const rows: KeyRow[] = await this.dataSource.query(
      `SELECT k.id AS key_id, k.team_id AS account_id, k.mode, k.key_hash, t.rate_limit_per_minute, t.address_verification,
              k.name, k.scopes, k.expires_at, k.allowed_ips,
              CASE WHEN k.mode = 'test' THEN s.id ELSE t.id END AS tenant_id
         FROM api_keys k JOIN teams t ON t.id = k.team_id
         LEFT JOIN teams s ON s.account_id = t.id
        WHERE k.key_hash = $1 AND k.revoked_at IS NULL`,
      [keyHash],
    );
    const row = rows[0];
    if (!row?.tenant_id) return null;
    return {
      keyId: row.key_id,
      teamId: row.tenant_id,
      accountId: row.account_id,
      mode: row.mode,
      keyHash: row.key_hash,
      rateLimitPerMinute: row.rate_limit_per_minute,
      addressVerification: row.address_verification,
      name: row.name,
      scopes: row.scopes,
      expiresAt: row.expires_at ? new Date(row.expires_at) : null,
      allowedIps: row.allowed_ips,
    };
  }

  async listTeams(): Promise<TeamSummary[]> {
    const rows: TeamRow[] = await this.dataSource.query(
      `${TEAM_SUMMARY_SQL} WHERE t.mode = 'live' GROUP BY t.id ORDER BY t.created_at DESC, t.id`,
    );
    return rows.map(toTeamSummary);
  }

  async findTeam(teamId: string): Promise<TeamSummary | null> {
    if (!isUuid(teamId)) return null;
    const rows: TeamRow[] = await this.dataSource.query(`${TEAM_SUMMARY_SQL} WHERE t.id = $1 AND t.mode = 'live' GROUP BY t.id`, [teamId]);
    return rows[0] ? toTeamSummary(rows[0]) : null;
  }

  async listKeys(teamId: string): Promise<ApiKeySummary[]> {
    if (!isUuid(teamId)) return [];
    const keys = await this.dataSource.getRepository(ApiKeyOrmEntity).find({ where: { teamId }, order: { createdAt: 'DESC', id: 'ASC' } });
    return keys.map((k) => ({
      id: k.id,
      mode: k.mode,
      displayPrefix: k.displayPrefix,
      createdAt: k.createdAt,
      lastUsedAt: k.lastUsedAt,
      revokedAt: k.revokedAt,
      name: k.name,
      scopes: k.scopes,
      expiresAt: k.expiresAt,
      allowedIps: k.allowedIps,
      last4: k.last4,
    }));
  }

  async touchKey(keyId: string, at: Date): Promise<void> {
    await this.dataSource.query('UPDATE api_keys SET last_used_at = $2 WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $2)', [
      keyId,
      at,
    ]);
  }
}

interface KeyRow {
  key_id: string;
  account_id: string;
  tenant_id: string | null;
  mode: ApiMode;
  key_hash: string;
  rate_limit_per_minute: number | null;
  address_verification: AddressVerificationMode;
  name: string | null;
  scopes: string[];
  expires_at: Date | null;
  allowed_ips: string[];
}

interface TeamRow {
  id: string;
  name: string;
  rate_limit_per_minute: number | null;
  created_at: Date;
  active_keys: string | number;
  address_verification: AddressVerificationMode;
  auto_return_after_attempts: number;
  brand_colour: string | null;
}

const TEAM_SUMMARY_SQL = `SELECT t.id, t.name, t.rate_limit_per_minute, t.created_at, t.address_verification, t.auto_return_after_attempts, t.brand_colour,
         count(k.id) FILTER (WHERE k.revoked_at IS NULL) AS active_keys
    FROM teams t LEFT JOIN api_keys k ON k.team_id = t.id`;

function toTeamSummary(row: TeamRow): TeamSummary {
  return {
    id: row.id,
    name: row.name,
    rateLimitPerMinute: row.rate_limit_per_minute,
    activeKeys: Number(row.active_keys),
    createdAt: new Date(row.created_at),
    addressVerification: row.address_verification,
    autoReturnAfterAttempts: Number(row.auto_return_after_attempts),
    brandColour: row.brand_colour ?? null,
  };
}

/** A new key; one not narrowed keeps full access. */
async function insertKey(em: { insert: DataSource['manager']['insert'] }, key: NewApiKey): Promise<void> {
  await em.insert(ApiKeyOrmEntity, {
    id: key.id,
    teamId: key.teamId,
    mode: key.mode,
    keyHash: key.keyHash,
    displayPrefix: key.displayPrefix,
    revokedAt: null,
    name: key.name ?? null,
    scopes: [...(key.scopes ?? [FULL_ACCESS])],
    expiresAt: key.expiresAt ?? null,
    allowedIps: [...(key.allowedIps ?? [])],
    last4: key.last4 ?? null,
  });
}
