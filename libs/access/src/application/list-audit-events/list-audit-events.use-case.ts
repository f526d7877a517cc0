import { Inject, Injectable } from '@nestjs/common';
import { AUDIT_EVENT_REPOSITORY, AuditEventRepositoryPort, StoredAuditEvent } from '../ports/audit-event.repository.port';
import { AuditFilterText, auditFilterOf, auditPageOf } from './audit-filter';

export interface AuditEventView {
  readonly id: string;
  readonly at: string;
  readonly actor: { readonly type: string; readonly id: string | null; readonly name: string | null };
  readonly action: string;
  readonly target: { readonly type: string; readonly id: string | null };
  readonly ip: string | null;
  readonly request_id: string | null;
  readonly changes: unknown;
}

/** A team's audit events, newest first, filtered by time and action (the team's own, or an operator's view). */
@Injectable()
export class ListAuditEventsUseCase {
  constructor(@Inject(AUDIT_EVENT_REPOSITORY) private readonly events: AuditEventRepositoryPort) {}

  async execute(
    command: AuditFilterText & { teamId: string; limit?: string; offset?: string },
  ): Promise<{ events: AuditEventView[]; total: number }> {
    const filter = auditFilterOf(command.teamId, command);
    const { limit, offset } = auditPageOf(command.limit, command.offset);
    const page = await this.events.list(filter, limit, offset);
    return { events: page.events.map(auditEventView), total: page.total };
  }
}

export function auditEventView(event: StoredAuditEvent): AuditEventView {
  return {
    id: event.id,
    at: event.at.toISOString(),
    actor: { type: event.actorType, id: event.actorId, name: event.actorName },
    action: event.action,
    target: { type: event.targetType, id: event.targetId },
    ip: event.ip,
    request_id: event.requestId,
    changes: event.changes,
  };
}
