import * as crypto from 'node:crypto';

/** Node's one-shot hash (Node ≥ 20.12): a third of createHash's cost for a short text. */
const oneShotHash = (crypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string }).hash;

/**
 * Who made a change: a team's API key (the console signs in with one), an operator, the gateway
 * itself, or a shipment's recipient on its tracking page (no login: the link is the key).
 */
export interface AuditActor {
  readonly type: 'api_key' | 'operator' | 'system' | 'recipient';
  readonly id: string | null;
  readonly name: string | null;
}

/** Where a change came from: the actor, the caller's address and the request that carried it. */
export interface AuditSource {
  readonly actor: AuditActor;
  readonly ip: string | null;
  readonly requestId: string | null;
}

export const SYSTEM_AUDIT_SOURCE: AuditSource = Object.freeze({
  actor: Object.freeze({ type: 'system' as const, id: null, name: 'gateway' }),
  ip: null,
  requestId: null,
});

/**
 * One change to record, written by the adapter that makes the change, in its transaction
 * (appendAuditEvents in @lgw/database): both are kept or neither. `changes` never holds a secret.
 */
export interface AuditEntry {
  /** The tenant the change belongs to (a team, or a team's test scope). */
  readonly teamId: string;
  /** `<resource>.<verb>`, e.g. `api_key.created`, `shipment.cancelled`. */
  readonly action: string;
  readonly target: { readonly type: string; readonly id: string | null };
  readonly changes: Readonly<Record<string, unknown>>;
  readonly source: AuditSource;
}

/** An audit event as stored: what the chain's hash covers. */
export interface AuditEventRecord {
  readonly id: string;
  readonly teamId: string;
  readonly seq: number;
  readonly at: Date;
  readonly actorType: string;
  readonly actorId: string | null;
  readonly actorName: string | null;
  readonly action: string;
  readonly targetType: string;
  readonly targetId: string | null;
  readonly ip: string | null;
  readonly requestId: string | null;
  readonly changes: unknown;
}

/** The chain of changes to what the platform itself holds (its carrier connections): an operator reads it as this team id. */
export const PLATFORM_AUDIT_TEAM_ID = '00000000-0000-0000-0000-000000000000';

/** The previous hash of a team's first event. */
export const AUDIT_GENESIS_HASH = '0'.repeat(64);

/** JSON with object keys sorted at every depth: PostgreSQL's jsonb does not keep key order. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/**
 * An event as its chain is verified: the text fields the hash covers, in their order (id, team,
 * seq, at as ISO-8601 UTC with milliseconds, actor type, id and name, action, target type and id,
 * ip, request id), the changes as JSON text, and the hashes stored with it. Read as the database
 * writes them, with no object per field, so a million-event chain is walked in seconds.
 */
export interface AuditChainLink {
  readonly fields: readonly (string | null)[];
  readonly changesJson: string;
  readonly prevHash: string;
  readonly hash: string;
}

/** The positions in AuditChainLink.fields that the walk reads. */
export const AUDIT_LINK_ID = 0;
export const AUDIT_LINK_SEQ = 2;

/** SHA-256 over the previous hash and every stored field of the event: altering either breaks the chain. */
export function auditEventHash(prevHash: string, event: AuditEventRecord): string {
  // The canonical JSON of [id, team, seq, at, actor…, request id, changes]: every field but the
  // last is a string or null, whose canonical form is JSON.stringify's.
  return hashOf(
    prevHash,
    [
      event.id,
      event.teamId,
      String(event.seq),
      event.at.toISOString(),
      event.actorType,
      event.actorId ?? null,
      event.actorName ?? null,
      event.action,
      event.targetType,
      event.targetId ?? null,
      event.ip ?? null,
      event.requestId ?? null,
    ],
    event.changes ?? {},
  );
}

/** The hash a link's event should have after `prevHash` (the same definition as auditEventHash). */
export function auditLinkHash(prevHash: string, link: AuditChainLink): string {
  return hashOf(prevHash, link.fields, JSON.parse(link.changesJson));
}

function hashOf(prevHash: string, fields: readonly (string | null)[], changes: unknown): string {
  // The fields array is written in one call (verifying a million-event chain hashes each of them).
  const text = `${prevHash}\n${JSON.stringify(fields).slice(0, -1)},${canonicalJson(changes)}]`;
  return oneShotHash ? oneShotHash('sha256', text, 'hex') : crypto.createHash('sha256').update(text).digest('hex');
}
