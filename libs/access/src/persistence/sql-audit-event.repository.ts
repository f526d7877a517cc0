import { DataSource } from 'typeorm';
import { isUuid, textRows } from '@lgw/database';
import { AUDIT_LINK_SEQ, AuditChainLink } from '@lgw/kernel';
import {
  AuditChainAnchor,
  AuditEventRepositoryPort,
  AuditFilter,
  StoredAuditEvent,
} from '../application/ports/audit-event.repository.port';

const STREAM_PAGE = 1000;

/**
 * The hashed fields in AuditChainLink's order, as text: `at` written as toISOString writes it
 * (UTC, milliseconds; events are stored at millisecond precision), the rest as stored.
 */
const CHAIN_PAGE_SQL = (pageSize: number) =>
  `SELECT id, team_id, seq, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), actor_type, actor_id, actor_name,
          action, target_type, target_id, ip, request_id, changes, prev_hash, hash
     FROM audit_events WHERE team_id = $1 AND seq > $2 ORDER BY seq LIMIT ${Number(pageSize)}`;
const LINK_FIELDS = 12;

function toLink(row: (string | null)[]): AuditChainLink {
  return {
    fields: row.slice(0, LINK_FIELDS),
    changesJson: row[LINK_FIELDS]!,
    prevHash: row[LINK_FIELDS + 1]!,
    hash: row[LINK_FIELDS + 2]!,
  };
}

export class SqlAuditEventRepository implements AuditEventRepositoryPort {
  constructor(private readonly dataSource: DataSource) {}

  async list(filter: AuditFilter, limit: number, offset: number): Promise<{ events: StoredAuditEvent[]; total: number }> {
    if (!isUuid(filter.teamId)) return { events: [], total: 0 };
    const { where, params } = whereOf(filter);
    const [rows, counted]: [EventRow[], Array<{ total: string }>] = await Promise.all([
      this.dataSource.query(`SELECT * FROM audit_events WHERE ${where} ORDER BY at DESC, seq DESC LIMIT ${limit} OFFSET ${offset}`, params),
      this.dataSource.query(`SELECT count(*)::text AS total FROM audit_events WHERE ${where}`, params),
    ]);
    return { events: rows.map(toEvent), total: Number(counted[0]?.total ?? 0) };
  }

  async *stream(filter: AuditFilter): AsyncIterable<StoredAuditEvent> {
    if (!isUuid(filter.teamId)) return;
    const { where, params } = whereOf(filter);
    // Keyset pages on seq (a team's events only ever grow at the top): no offset scans.
    let below: string | null = null;
    for (;;) {
      const page: EventRow[] = await this.dataSource.query(
        `SELECT * FROM audit_events WHERE ${where} ${below === null ? '' : `AND seq < $${params.length + 1}`}
          ORDER BY seq DESC LIMIT ${STREAM_PAGE}`,
        below === null ? params : [...params, below],
      );
      for (const row of page) yield toEvent(row);
      if (page.length < STREAM_PAGE) return;
      below = String(page[page.length - 1].seq);
    }
  }

  async *chain(teamId: string, pageSize: number): AsyncIterable<AuditChainLink[]> {
    if (!isUuid(teamId)) return;
    let above = '0';
    for (;;) {
      const page = await textRows(this.dataSource, CHAIN_PAGE_SQL(pageSize), [teamId, above]);
      if (page.length > 0) yield page.map(toLink);
      if (page.length < pageSize) return;
      above = page[page.length - 1][AUDIT_LINK_SEQ]!;
    }
  }

  async anchorOf(teamId: string): Promise<AuditChainAnchor | null> {
    if (!isUuid(teamId)) return null;
    const rows: Array<{ seq: string; hash: string }> = await this.dataSource.query(
      'SELECT seq::text AS seq, hash FROM audit_chain_anchors WHERE team_id = $1',
      [teamId],
    );
    return rows[0] ? { seq: Number(rows[0].seq), hash: rows[0].hash } : null;
  }

  async pruneBefore(before: Date): Promise<number> {
    const teams: Array<{ team_id: string }> = await this.dataSource.query('SELECT DISTINCT team_id FROM audit_events WHERE at < $1', [
      before,
    ]);
    let pruned = 0;
    for (const { team_id: teamId } of teams) {
      pruned += await this.dataSource.transaction(async (em) => {
        // The writers' lock: no event joins the chain while its start moves.
        await em.query("SELECT pg_advisory_xact_lock(hashtextextended('audit:' || $1::text, 0))", [teamId]);
        const last: Array<{ seq: string; hash: string }> = await em.query(
          'SELECT seq::text AS seq, hash FROM audit_events WHERE team_id = $1 AND at < $2 ORDER BY audit_events.seq DESC LIMIT 1',
          [teamId, before],
        );
        if (!last[0]) return 0;
        const deleted: unknown = await em.query('DELETE FROM audit_events WHERE team_id = $1 AND seq <= $2', [teamId, last[0].seq]);
        await em.query(
          `INSERT INTO audit_chain_anchors (team_id, seq, hash, pruned_at) VALUES ($1, $2, $3, now())
           ON CONFLICT (team_id) DO UPDATE SET seq = EXCLUDED.seq, hash = EXCLUDED.hash, pruned_at = EXCLUDED.pruned_at`,
          [teamId, last[0].seq, last[0].hash],
        );
        return affected(deleted);
      });
    }
    return pruned;
  }
}

function affected(result: unknown): number {
  // node-postgres answers [rows, count] for a DELETE through TypeORM; PGlite the same shape.
  if (Array.isArray(result) && typeof result[1] === 'number') return result[1];
  return 0;
}

interface EventRow {
  id: string;
  team_id: string;
  seq: string | number;
  at: Date | string;
  actor_type: string;
  actor_id: string | null;
  actor_name: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  ip: string | null;
  request_id: string | null;
  changes: unknown;
  prev_hash: string;
  hash: string;
}

function whereOf(filter: AuditFilter): { where: string; params: unknown[] } {
  const params: unknown[] = [filter.teamId];
  const clauses = ['team_id = $1'];
  if (filter.from) clauses.push(`at >= $${params.push(filter.from)}`);
  if (filter.to) clauses.push(`at < $${params.push(filter.to)}`);
  if (filter.action?.endsWith('.*')) clauses.push(`starts_with(action, $${params.push(filter.action.slice(0, -1))})`);
  else if (filter.action) clauses.push(`action = $${params.push(filter.action)}`);
  return { where: clauses.join(' AND '), params };
}

function toEvent(row: EventRow): StoredAuditEvent {
  return {
    id: row.id,
    teamId: row.team_id,
    seq: Number(row.seq),
    at: new Date(row.at),
    actorType: row.actor_type,
    actorId: row.actor_id,
    actorName: row.actor_name,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    ip: row.ip,
    requestId: row.request_id,
    changes: typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes,
    prevHash: row.prev_hash,
    hash: row.hash,
  };
}
