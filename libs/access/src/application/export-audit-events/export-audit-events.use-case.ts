import { Inject, Injectable } from '@nestjs/common';
import { CSV_CODEC, CsvCodecPort } from '@lgw/kernel';
import { AUDIT_EVENT_REPOSITORY, AuditEventRepositoryPort } from '../ports/audit-event.repository.port';
import { AuditFilterText, auditFilterOf } from '../list-audit-events/audit-filter';

const HEADER = ['id', 'at', 'actor_type', 'actor_id', 'actor_name', 'action', 'target_type', 'target_id', 'ip', 'request_id', 'changes'];

/**
 * Every matching event as CSV, newest first, streamed. Cells a spreadsheet would evaluate (a
 * key's name `=HYPERLINK(…)`, a changed URL) are neutralised by the codec (ADR 0037).
 */
@Injectable()
export class ExportAuditEventsUseCase {
  constructor(
    @Inject(AUDIT_EVENT_REPOSITORY) private readonly events: AuditEventRepositoryPort,
    @Inject(CSV_CODEC) private readonly csv: CsvCodecPort,
  ) {}

  /** Judges the filter at once (a bad one is a 422, not a broken download), then streams. */
  execute(command: AuditFilterText & { teamId: string }): { filename: string; content: AsyncIterable<Uint8Array> } {
    const filter = auditFilterOf(command.teamId, command);
    const events = this.events;
    async function* rows(): AsyncIterable<string[]> {
      for await (const e of events.stream(filter)) {
        yield [
          e.id,
          e.at.toISOString(),
          e.actorType,
          e.actorId ?? '',
          e.actorName ?? '',
          e.action,
          e.targetType,
          e.targetId ?? '',
          e.ip ?? '',
          e.requestId ?? '',
          JSON.stringify(e.changes ?? {}),
        ];
      }
    }
    return { filename: 'audit-events.csv', content: this.csv.format(HEADER, rows()) };
  }
}
