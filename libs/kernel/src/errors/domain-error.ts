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

/** One invalid field of a request, with its Arabic reason where the rule has one. */
export interface FieldProblem {
  readonly field: string;
  readonly reason: string;
  readonly reason_ar?: string;
}

/**
 * An invalid request: E_VALIDATION with the first problem as {field, reason} (and, where the
 * rule has one, its Arabic reason_ar). Built with `of`, it also lists every problem in `errors`;
 * the HTTP edge lists the single problem of a one-field error the same way.
 */
export class ValidationError extends DomainError {
  constructor(field: string, reason: string, reasonAr?: string, errors?: readonly FieldProblem[]) {
    const first = reasonAr ? { field, reason, reason_ar: reasonAr } : { field, reason };
    super('E_VALIDATION', errors && errors.length > 0 ? { ...first, errors: errors.map(problemOf) } : first);
    this.name = 'ValidationError';
  }

  /** Every problem of a request (at least one), the first also as field/reason. */
  static of(problems: readonly FieldProblem[]): ValidationError {
    const [first] = problems;
    return new ValidationError(first.field, first.reason, first.reason_ar, problems);
  }
}

function problemOf(problem: FieldProblem): FieldProblem {
  return problem.reason_ar
    ? { field: problem.field, reason: problem.reason, reason_ar: problem.reason_ar }
    : { field: problem.field, reason: problem.reason };
}
