import { AuditChainLink, AuditEventRecord } from '@lgw/kernel';

export interface AuditFilter {
  readonly teamId: string;
  readonly from: Date | null;
  /** Exclusive. */
  readonly to: Date | null;
  readonly action: string | null;
}

/** An event as stored, with the hashes the chain keeps. */
export interface StoredAuditEvent extends AuditEventRecord {
  readonly prevHash: string;
  readonly hash: string;
}

/** Where a pruned chain starts again: the last pruned event's seq and hash. */
export interface AuditChainAnchor {
  readonly seq: number;
  readonly hash: string;
}

/** The audit events' store (written by appendAuditEvents in @lgw/database, in each change's transaction). */
export interface AuditEventRepositoryPort {
  /** Newest first. */
  list(filter: AuditFilter, limit: number, offset: number): Promise<{ events: StoredAuditEvent[]; total: number }>;
  /** Every match, newest first, in pages: for the CSV export. */
  stream(filter: AuditFilter): AsyncIterable<StoredAuditEvent>;
  /** The team's chain in order, from its anchor, in pages of `pageSize`, as the stored text the hashes cover. */
  chain(teamId: string, pageSize: number): AsyncIterable<AuditChainLink[]>;
  anchorOf(teamId: string): Promise<AuditChainAnchor | null>;
  /**
   * Deletes every team's events older than `before` and moves each team's anchor to the last
   * deleted event, in one transaction per team under the chain's lock. Returns how many went.
   */
  pruneBefore(before: Date): Promise<number>;
}

export const AUDIT_EVENT_REPOSITORY = Symbol('AUDIT_EVENT_REPOSITORY');
