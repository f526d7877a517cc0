import { HttpException } from '@nestjs/common';
import {
  AddressServiceUnavailableError,
  CarrierUnavailableError,
  CarrierOperationNotSupportedError,
  CarrierRejectedError,
  LabelRendererUnavailableError,
  DomainError,
  ErrorCode,
  ErrorDetails,
} from '@lgw/kernel';
import { Dependency, dependencyFailureOf } from '@lgw/platform';
import { IdempotencyInProgressError } from './idempotent-requests';

export interface MappedError {
  readonly code: ErrorCode;
  readonly details?: ErrorDetails;
  readonly retryAfterSeconds?: number;
  /** True for failures the caller did not cause: logged with their stack. */
  readonly unexpected?: boolean;
  /** Set when the database or Redis could not be reached: logged without a stack. */
  readonly dependency?: Dependency;
  /** The client's connection closed before its request was read: nothing to log or answer. */
  readonly clientGone?: boolean;
}

/** Node's error for a request whose connection closed before its body arrived ("aborted", ECONNRESET). */
function isClientAbort(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return typeof e === 'object' && e !== null && e.code === 'ECONNRESET' && typeof e.message === 'string' && /\baborted$/.test(e.message);
}

/**
 * What a client is told to wait after losing the database or Redis: long enough for a
 * failover or a restart, short enough that work resumes soon after (docs/adr/0028).
 */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 5;

const FASTIFY_BODY_ERRORS: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'E_VALIDATION',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'E_VALIDATION',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'E_VALIDATION',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'E_VALIDATION',
  FST_ERR_CTP_BODY_TOO_LARGE: 'E_PAYLOAD_TOO_LARGE',
  FST_REQ_FILE_TOO_LARGE: 'E_PAYLOAD_TOO_LARGE',
  FST_PARTS_LIMIT: 'E_PAYLOAD_TOO_LARGE',
  FST_FILES_LIMIT: 'E_PAYLOAD_TOO_LARGE',
  FST_FIELDS_LIMIT: 'E_PAYLOAD_TOO_LARGE',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'E_VALIDATION',
};

/** Turns anything thrown while serving a request into an error code of the catalogue. */
export function mapError(error: unknown): MappedError {
  if (error instanceof IdempotencyInProgressError) return { code: error.code, retryAfterSeconds: error.retryAfterSeconds };
  if (error instanceof DomainError) return { code: error.code, details: error.details };
  if (error instanceof CarrierUnavailableError) {
    return { code: 'E_CARRIER_UNAVAILABLE', retryAfterSeconds: error.retryAfterSeconds, details: { carrier: error.carrierCode } };
  }
  if (error instanceof AddressServiceUnavailableError) {
    return { code: 'E_ADDRESS_SERVICE_UNAVAILABLE', retryAfterSeconds: error.retryAfterSeconds };
  }
  if (error instanceof LabelRendererUnavailableError) return { code: 'E_LABEL_UNAVAILABLE', retryAfterSeconds: error.retryAfterSeconds };
  if (error instanceof CarrierOperationNotSupportedError) return { code: 'E_NOT_FOUND' };
  if (error instanceof CarrierRejectedError) {
    return {
      code: 'E_VALIDATION',
      details: { field: 'carrier', reason: error.carrierMessage, reason_ar: 'رفض الناقل الطلب (السبب بالإنجليزية في reason)' },
    };
  }
  // The client went away mid-body (or was answered 408 and cut): its socket's ECONNRESET is
  // not the database's, and nobody is left to answer.
  if (isClientAbort(error)) return { code: 'E_REQUEST_TIMEOUT', clientGone: true };
  // Before anything status-shaped: a driver's error must never read as the client's fault.
  const dependency = dependencyFailureOf(error);
  if (dependency) return { code: 'E_SERVICE_UNAVAILABLE', retryAfterSeconds: DEPENDENCY_RETRY_AFTER_SECONDS, dependency };
  const fastifyCode = (error as { code?: unknown })?.code;
  if (typeof fastifyCode === 'string' && FASTIFY_BODY_ERRORS[fastifyCode]) {
    const code = FASTIFY_BODY_ERRORS[fastifyCode];
    return code === 'E_VALIDATION' ? { code, details: { field: 'body', ...bodyReason(fastifyCode) } } : { code };
  }
  if (error instanceof HttpException) return fromHttpStatus(error.getStatus());
  const status = (error as { statusCode?: unknown })?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return fromHttpStatus(status);
  return { code: 'E_INTERNAL', unexpected: true };
}

function bodyReason(fastifyCode: string): { reason: string; reason_ar: string } {
  switch (fastifyCode) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { reason: 'unsupported content type', reason_ar: 'نوع محتوى غير مدعوم' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { reason: 'must not be empty', reason_ar: 'يجب ألا يكون فارغاً' };
    default:
      return { reason: 'must be valid JSON', reason_ar: 'يجب أن يكون JSON صالحاً' };
  }
}

function fromHttpStatus(status: number): MappedError {
  switch (status) {
    case 401:
      return { code: 'E_UNAUTHENTICATED' };
    case 404:
    case 405:
      return { code: 'E_NOT_FOUND' };
    case 413:
      return { code: 'E_PAYLOAD_TOO_LARGE' };
    case 415:
      // A content type no parser is registered for (Nest reports Fastify's refusal as a 415).
      return { code: 'E_VALIDATION', details: { field: 'body', ...bodyReason('FST_ERR_CTP_INVALID_MEDIA_TYPE') } };
    case 429:
      return { code: 'E_RATE_LIMITED' };
    default:
      return status >= 400 && status < 500
        ? { code: 'E_VALIDATION', details: { field: 'body', reason: 'request could not be processed', reason_ar: 'تعذرت معالجة الطلب' } }
        : { code: 'E_INTERNAL', unexpected: true };
  }
}
