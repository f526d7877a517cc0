import { Inject, Injectable } from '@nestjs/common';
import { AUDIT_GENESIS_HASH, AUDIT_LINK_ID, AUDIT_LINK_SEQ, auditLinkHash } from '@lgw/kernel';
import { AUDIT_EVENT_REPOSITORY, AuditEventRepositoryPort } from '../ports/audit-event.repository.port';

export interface AuditChainVerdict {
  readonly ok: boolean;
  readonly events_checked: number;
  /** The first event whose seq, previous hash or own hash does not follow: altered, or after a deleted one. */
  readonly first_broken_id: string | null;
}

const PAGE = 10_000;

/**
 * Walks a team's chain from its start (the genesis, or the anchor retention left) recomputing each
 * hash: an altered row fails its own hash, a deleted one breaks the next row's seq and previous hash.
 */
@Injectable()
export class VerifyAuditChainUseCase {
  constructor(@Inject(AUDIT_EVENT_REPOSITORY) private readonly events: AuditEventRepositoryPort) {}

  async execute(command: { teamId: string }): Promise<AuditChainVerdict> {
    const anchor = await this.events.anchorOf(command.teamId);
    let expectedSeq = (anchor?.seq ?? 0) + 1;
    let previous = anchor?.hash ?? AUDIT_GENESIS_HASH;
    let checked = 0;
    // The next page is read while this one is hashed: the database and the hashing overlap.
    const pages = this.events.chain(command.teamId, PAGE)[Symbol.asyncIterator]();
    let next = pages.next();
    try {
      for (;;) {
        const current = await next;
        if (current.done) break;
        next = pages.next();
        for (const link of current.value) {
          checked++;
          if (
            Number(link.fields[AUDIT_LINK_SEQ]) !== expectedSeq ||
            link.prevHash !== previous ||
            auditLinkHash(previous, link) !== link.hash
          ) {
            return { ok: false, events_checked: checked, first_broken_id: link.fields[AUDIT_LINK_ID] };
          }
          previous = link.hash;
          expectedSeq++;
        }
      }
    } finally {
      // A break found early leaves the page read ahead: let it settle, then close the reader.
      await next.catch(() => undefined);
      await pages.return?.(undefined);
    }
    return { ok: true, events_checked: checked, first_broken_id: null };
  }
}
