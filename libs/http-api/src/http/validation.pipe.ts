import { ArgumentMetadata, ValidationError as ClassValidationError, ValidationPipe } from '@nestjs/common';
import { DomainError, firstUnprintableText, prefixViolations, unprintableTextError, validateAddress, ValidationError } from '@lgw/domain';
import { ADDRESS_CONSTRAINT, isLateConstraint } from '../dto/domain-rules.decorator';
import { cacheValidationMetadata } from './validation-metadata.cache';

/**
 * class-validator reports a tree; clients get the first failing leaf as a dotted path
 * (`parcels.0.weight_kg`) with its reason (`must be a positive number`). Rules that need a whole
 * value object (an address, a currency) are judged once the shape of every field is right, so
 * they are looked for in a second pass.
 */
export interface FieldViolation {
  readonly field: string;
  readonly reason: string;
  readonly reason_ar?: string;
}

export function firstViolation(errors: ClassValidationError[], parent = ''): FieldViolation | null {
  return firstLeaf(errors, parent, false) ?? firstLeaf(errors, parent, true);
}

function firstLeaf(errors: ClassValidationError[], parent: string, late: boolean): FieldViolation | null {
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const constraints = Object.entries(error.constraints ?? {}).filter(([name]) => isLateConstraint(name) === late);
    if (constraints.length > 0) {
      const [name, reason] = constraints[0];
      // The address names its own sub-field (destination.city), as the domain reports it.
      if (name === ADDRESS_CONSTRAINT) {
        const [first] = prefixViolations(path, validateAddress(error.value));
        if (first) return { field: first.field, reason: first.reason, reason_ar: first.reason_ar };
      }
      return { field: path, reason };
    }
    if (error.children?.length) {
      const nested = firstLeaf(error.children, path, late);
      if (nested) return nested;
    }
  }
  return null;
}

/** Bodies this pipe has already judged: the idempotency interceptor validates before it claims a key. */
const VALIDATED = new WeakSet<object>();

const BODY_OBJECT_REASON = Symbol('BODY_OBJECT_REASON');
const ADDRESS_BODY = Symbol('ADDRESS_BODY');

/** A request body that must be a JSON object (or absent), refused as a whole with `reason` otherwise. */
export function JsonObjectBody(reason: string): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(BODY_OBJECT_REASON, reason, target);
  };
}

/**
 * A request body that is one Address as a whole (PATCH destination): judged by the domain's
 * value object, errors naming the Address's own fields (`postal_code`).
 */
export function AddressBody(): ClassDecorator {
  // The body is the value object itself: nothing of it is stripped or copied.
  return (target) => {
    Reflect.defineMetadata(ADDRESS_BODY, true, target);
  };
}

/** The single gate at the edge: every request DTO is judged here, once. */
export class GatewayValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (typeof value === 'object' && value !== null && VALIDATED.has(value)) return value;
    const objectReason: string | undefined = metadata.metatype ? Reflect.getMetadata(BODY_OBJECT_REASON, metadata.metatype) : undefined;
    if (objectReason && value !== undefined && value !== null && (typeof value !== 'object' || Array.isArray(value))) {
      throw new ValidationError('body', objectReason);
    }
    if (metadata.type === 'body' && metadata.metatype && Reflect.getMetadata(ADDRESS_BODY, metadata.metatype)) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        throw new ValidationError('body', 'must be an Address object');
      }
      const [first] = validateAddress(value);
      if (first) throw new ValidationError(first.field, first.reason, first.reason_ar);
      return value;
    }
    if (metadata.type === 'query' || metadata.type === 'param') refuseUnprintableParameter(value, metadata);
    const result: unknown = await super.transform(value, metadata);
    if (metadata.type === 'body') {
      // After the shape checks, so a wrong type is still reported as such; before any use case
      // runs, so no carrier is called with text the database could not store.
      const field = firstUnprintableText(result);
      if (field !== null) throw unprintableTextError(field || 'body');
    }
    if (typeof result === 'object' && result !== null) VALIDATED.add(result);
    return result;
  }
}

/**
 * A query parameter with a control character is a field the client got wrong (422); a path
 * parameter with one cannot name any resource (404).
 */
function refuseUnprintableParameter(value: unknown, metadata: ArgumentMetadata): void {
  const field = firstUnprintableText(value);
  if (field === null) return;
  if (metadata.type === 'param') throw new DomainError('E_NOT_FOUND');
  const name = [metadata.data, field].filter(Boolean).join('.') || 'query';
  throw unprintableTextError(name);
}

export function createValidationPipe(): GatewayValidationPipe {
  cacheValidationMetadata();
  return new GatewayValidationPipe({
    transform: true,
    whitelist: true,
    forbidUnknownValues: false,
    stopAtFirstError: true,
    // The value is kept for the second pass (an address reports its own sub-field); it never
    // leaves the process: only field and reason reach the client.
    validationError: { target: false, value: true },
    exceptionFactory: (errors) => {
      const violation = firstViolation(errors) ?? { field: 'body', reason: 'is invalid' };
      return new ValidationError(violation.field, violation.reason, violation.reason_ar);
    },
  });
}
