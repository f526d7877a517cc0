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

/** A single invalid field: E_VALIDATION with {field, reason}. */
export class ValidationError extends DomainError {
  constructor(field: string, reason: string) {
    super('E_VALIDATION', { field, reason });
    this.name = 'ValidationError';
  }
}
