import { AddressVerificationMode, ApiMode } from '@lgw/kernel';
import { DataSource, IsNull } from 'typeorm';

import {
  ActiveKey,
  ApiKeySummary,
  NewApiKey,
  TeamRecord,
  TeamRepositoryPort,
  TeamSummary,
} from '../application/ports/team.repository.port';
import { ApiKeyOrmEntity, TeamOrmEntity, isUuid } from '@lgw/database';

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
      for (const key of keys) await em.insert(ApiKeyOrmEntity, { ...key, revokedAt: null });
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

  async addKey(key: NewApiKey): Promise<void> {
    await this.dataSource.getRepository(ApiKeyOrmEntity).insert({ ...key, revokedAt: null });
  }

  async revokeKey(teamId: string, keyId: string, at: Date): Promise<boolean> {
    if (!isUuid(teamId) || !isUuid(keyId)) return false;
    const result = await this.dataSource
      .getRepository(ApiKeyOrmEntity)
      .update({ id: keyId, teamId, revokedAt: IsNull() }, { revokedAt: at });
    return (result.affected ?? 0) > 0;
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

  async findActiveKeyByHash(keyHash: string): Promise<ActiveKey | null> {
    // A test key works in its team's test scope; the limit and the address rule are the team's either way.
    const rows: KeyRow[] = await this.dataSource.query(
      `SELECT k.id AS key_id, k.team_id AS account_id, k.mode, k.key_hash, t.rate_limit_per_minute, t.address_verification,
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
}

interface TeamRow {
  id: string;
  name: string;
  rate_limit_per_minute: number | null;
  created_at: Date;
  active_keys: string | number;
  address_verification: AddressVerificationMode;
}

const TEAM_SUMMARY_SQL = `SELECT t.id, t.name, t.rate_limit_per_minute, t.created_at, t.address_verification,
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
  };
}
