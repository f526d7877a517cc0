import { randomUUID } from 'node:crypto';
import { AUDIT_GENESIS_HASH, AuditEntry, AuditEventRecord, auditEventHash, faultPoint } from '@lgw/kernel';

/** What the writer needs of a transaction: a TypeORM EntityManager or QueryRunner inside one. */
export interface AuditTransaction {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

/**
 * Appends audit events to their teams' chains inside the caller's transaction, so the change and
 * its record commit or roll back together. A transaction-scoped advisory lock per team serialises
 * writers of one chain (two concurrent changes cannot both extend the same last event); the lock
 * is released with the transaction. Teams never wait for each other.
 */
export async function appendAuditEvents(tx: AuditTransaction, entries: readonly AuditEntry[], at = new Date()): Promise<void> {
  for (const entry of entries) {
    await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('audit:' || $1::text, 0))", [entry.teamId]);
    // After pruning (retention) the chain goes on from its anchor.
    const last = (await tx.query(
      `SELECT seq::text AS seq, hash FROM (
         (SELECT seq, hash FROM audit_events WHERE team_id = $1 ORDER BY seq DESC LIMIT 1)
         UNION ALL (SELECT seq, hash FROM audit_chain_anchors WHERE team_id = $1)
       ) last ORDER BY last.seq DESC LIMIT 1`,
      [entry.teamId],
    )) as Array<{ seq: string; hash: string }>;
    const previous = last[0];
    const record: AuditEventRecord = {
      id: randomUUID(),
      teamId: entry.teamId,
      seq: previous ? Number(previous.seq) + 1 : 1,
      at,
      actorType: entry.source.actor.type,
      actorId: entry.source.actor.id,
      actorName: entry.source.actor.name,
      action: entry.action,
      targetType: entry.target.type,
      targetId: entry.target.id,
      ip: entry.source.ip,
      requestId: entry.source.requestId,
      changes: JSON.parse(JSON.stringify(entry.changes ?? {})),
    };
    const prevHash = previous?.hash ?? AUDIT_GENESIS_HASH;
    // The change is written, its record not yet: a crash here must leave neither.
    faultPoint('audit.before-append');
    await tx.query(
      `INSERT INTO audit_events (id, team_id, seq, at, actor_type, actor_id, actor_name, action, target_type, target_id, ip, request_id, changes, prev_hash, hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::jsonb, $14, $15)`,
      [
        record.id,
        record.teamId,
        record.seq,
        record.at,
        record.actorType,
        record.actorId,
        record.actorName,
        record.action,
        record.targetType,
        record.targetId,
        record.ip,
        record.requestId,
        JSON.stringify(record.changes),
        prevHash,
        auditEventHash(prevHash, record),
      ],
    );
    // Both are written, the transaction not committed: a crash here must leave neither.
    faultPoint('audit.after-append');
  }
}
