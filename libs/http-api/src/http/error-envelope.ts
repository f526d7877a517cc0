import { ERROR_CATALOGUE, ErrorCode, ErrorDetails } from '@lgw/kernel';
import { ERROR_HTTP_STATUS } from './error-status.table';

export interface ErrorEnvelope {
  error: {
    code: ErrorCode;
    message_en: string;
    message_ar: string;
    details?: ErrorDetails | null;
  };
}

export function errorEnvelope(code: ErrorCode, details?: ErrorDetails | null): ErrorEnvelope {
  const { message_en, message_ar } = ERROR_CATALOGUE[code];
  const listed = code === 'E_VALIDATION' && details ? withEveryProblem(details) : details;
  return { error: { code, message_en, message_ar, ...(listed ? { details: listed } : {}) } };
}

/** A validation error always lists its problems in `errors`, even when there is only the one. */
function withEveryProblem(details: ErrorDetails): ErrorDetails {
  if (Array.isArray(details.errors) || typeof details.field !== 'string' || typeof details.reason !== 'string') return details;
  const { field, reason, reason_ar: reasonAr } = details;
  return { ...details, errors: [typeof reasonAr === 'string' ? { field, reason, reason_ar: reasonAr } : { field, reason }] };
}

export function statusOf(code: ErrorCode): number {
  return ERROR_HTTP_STATUS[code];
}
