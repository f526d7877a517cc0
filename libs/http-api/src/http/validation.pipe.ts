import { ValidationError as ClassValidationError, ValidationPipe } from '@nestjs/common';
import { ValidationError } from '@lgw/domain';

/**
 * class-validator reports a tree; clients get the first failing leaf as a dotted path
 * (`parcels.0.weight_kg`) with its reason (`must be a positive number`).
 */
export function firstViolation(errors: ClassValidationError[], parent = ''): { field: string; reason: string } | null {
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    if (error.constraints) {
      const reasons = Object.values(error.constraints);
      if (reasons.length > 0) return { field: path, reason: reasons[0] };
    }
    if (error.children?.length) {
      const nested = firstViolation(error.children, path);
      if (nested) return nested;
    }
  }
  return null;
}

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidUnknownValues: false,
    stopAtFirstError: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => {
      const violation = firstViolation(errors) ?? { field: 'body', reason: 'is invalid' };
      return new ValidationError(violation.field, violation.reason);
    },
  });
}
