import { ErrorCode } from './error-code';

export type ErrorDetails = Record<string, unknown>;

/** A business rule refused the request. Carries a catalogue code and optional details. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly details?: ErrorDetails,
  ) {
    super(code);
    this.name = 'DomainError';
  }
}

/** A single invalid field: E_VALIDATION with {field, reason} and, where the rule has one, its Arabic reason_ar. */
export class ValidationError extends DomainError {
  constructor(field: string, reason: string, reasonAr?: string) {
    super('E_VALIDATION', reasonAr ? { field, reason, reason_ar: reasonAr } : { field, reason });
    this.name = 'ValidationError';
  }
}
