import { FieldProblem, ValidationError, parseQueryInteger, riyadhDayEnd, riyadhDayStart } from '@lgw/kernel';
import { AuditFilter } from '../ports/audit-event.repository.port';

export const MAX_AUDIT_PAGE = 200;

/** The query of GET /audit-events and its CSV export, as text. */
export interface AuditFilterText {
  readonly from?: string;
  readonly to?: string;
  readonly action?: string;
}

/**
 * `from`/`to`: an ISO 8601 instant, or a calendar day in Asia/Riyadh (`to` then includes the whole
 * day). `action`: exact (`api_key.created`) or every action of a kind with a trailing `.*`.
 */
export function auditFilterOf(teamId: string, text: AuditFilterText): AuditFilter {
  const problems: FieldProblem[] = [];
  const instant = (field: 'from' | 'to'): Date | null => {
    const raw = text[field];
    if (raw === undefined || raw === '') return null;
    const day = field === 'from' ? riyadhDayStart(raw) : riyadhDayEnd(raw);
    if (day) return day;
    const parsed = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(raw) ? new Date(raw) : null;
    if (parsed && !Number.isNaN(parsed.getTime())) return parsed;
    problems.push({
      field,
      reason: 'must be an ISO 8601 date-time or a date YYYY-MM-DD (Asia/Riyadh)',
      reason_ar: 'يجب أن يكون تاريخاً ووقتاً بصيغة ISO 8601 أو تاريخاً YYYY-MM-DD',
    });
    return null;
  };
  const from = instant('from');
  const to = instant('to');
  const action = text.action === undefined || text.action === '' ? null : text.action;
  if (action !== null && (typeof action !== 'string' || !/^[a-z_]+(\.[a-z_]+)*(\.\*)?$/.test(action) || action.length > 64))
    problems.push({
      field: 'action',
      reason: 'must be an action such as api_key.created, or api_key.* for every action of a kind',
      reason_ar: 'يجب أن يكون اسم إجراء مثل api_key.created',
    });
  if (problems.length > 0) throw ValidationError.of(problems);
  return { teamId, from, to, action };
}

export function auditPageOf(limit: string | undefined, offset: string | undefined): { limit: number; offset: number } {
  return { limit: parseQueryInteger('limit', limit, 50, 1, MAX_AUDIT_PAGE), offset: parseQueryInteger('offset', offset, 0, 0, 10_000_000) };
}
