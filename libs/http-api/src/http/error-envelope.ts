import { ERROR_CATALOGUE, ErrorCode, ErrorDetails } from '@lgw/domain';
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
  return { error: { code, message_en, message_ar, ...(details ? { details } : {}) } };
}

export function statusOf(code: ErrorCode): number {
  return ERROR_HTTP_STATUS[code];
}
