import { ArgumentMetadata, ValidationError as ClassValidationError, ValidationPipe } from '@nestjs/common';
import {
  DomainError,
  firstUnprintableText,
  unprintableTextError,
  ValidationError,
  prefixViolations,
  validateAddress,
  validateVerifiableAddress,
} from '@lgw/kernel';
import { ADDRESS_CONSTRAINT, isLateConstraint, VERIFIABLE_ADDRESS_CONSTRAINT } from '../dto/domain-rules.decorator';
import { arabicReasonOrGeneric } from './arabic-reasons';
import { nullFieldViolations } from './null-fields';
import { cacheValidationMetadata } from './validation-metadata.cache';
import {
  compileDtoValidator,
  CompiledValidator,
  DECLINED,
  NotCompilable,
  ValidationErrorNode,
  wantsCompiledValidation,
} from './dto-validator.compiler';

/**
 * class-validator reports a tree; clients get every failing leaf as a dotted path
 * (`parcels.0.weight_kg`) with its reason (`must be a positive number`), the first one also on its
 * own. Rules that need a whole value object (an address, a currency) are judged once the shape of
 * every field is right, so they are looked for in a second pass.
 */
export interface FieldViolation {
  readonly field: string;
  readonly reason: string;
  readonly reason_ar?: string;
}

export function firstViolation(errors: ClassValidationError[], parent = ''): FieldViolation | null {
  return everyViolation(errors, parent)[0] ?? null;
}

export function everyViolation(errors: ClassValidationError[], parent = ''): FieldViolation[] {
  const shape = leaves(errors, parent, false);
  return shape.length > 0 ? shape : leaves(errors, parent, true);
}

function leaves(errors: ClassValidationError[], parent: string, late: boolean): FieldViolation[] {
  const found: FieldViolation[] = [];
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const constraints = Object.entries(error.constraints ?? {}).filter(([name]) => isLateConstraint(name) === late);
    if (constraints.length > 0) {
      // A field left out fails every rule of its type at once; the reason that helps is that it is missing
      // (class-validator skips an absent optional field, so any failure of an absent one is a required field).
      const [name, reason] = error.value === undefined && !late ? ['isDefined', 'is required'] : constraints[0];
      // The address names its own sub-fields (destination.city), as the domain reports them.
      const address =
        name === ADDRESS_CONSTRAINT
          ? prefixViolations(path, validateAddress(error.value))
          : name === VERIFIABLE_ADDRESS_CONSTRAINT
            ? prefixViolations(path, validateVerifiableAddress(error.value))
            : [];
      if (address.length > 0) found.push(...address.map((v) => ({ field: v.field, reason: v.reason, reason_ar: v.reason_ar })));
      else found.push({ field: path, reason, reason_ar: arabicReasonOrGeneric(reason) });
    } else if (error.children?.length) {
      found.push(...leaves(error.children, path, late));
    }
  }
  return found;
}

const KNOWN_PARAMETERS = Symbol('KNOWN_PARAMETERS');

/**
 * A query whose parameters are all named by the DTO: any other one is refused (422 naming it),
 * never silently ignored. The DTO's own rules are judged in the same pass.
 */
export function OnlyKnownParameters(names: readonly string[]): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(KNOWN_PARAMETERS, new Set(names), target);
  };
}

const KNOWN_FIELDS = Symbol('KNOWN_FIELDS');

/**
 * A JSON body whose top-level fields are all named by the DTO: any other one is refused (422
 * naming it) rather than dropped by the whitelist, where a client would believe a setting it
 * sent took effect (a `base_url` beside a carrier connection's credentials).
 */
export function OnlyKnownFields(names: readonly string[]): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(KNOWN_FIELDS, new Set(names), target);
  };
}

const UNKNOWN = {
  parameter: { reason: 'is not a parameter of this operation', reason_ar: 'ليس من معاملات هذه العملية' },
  field: { reason: 'is not a field of this operation', reason_ar: 'ليس من حقول هذه العملية' },
};

function unknownParameters(value: unknown, metadata: ArgumentMetadata): FieldViolation[] {
  const fields: Set<string> | undefined =
    metadata.type === 'body' && metadata.metatype ? Reflect.getMetadata(KNOWN_FIELDS, metadata.metatype) : undefined;
  const known: Set<string> | undefined =
    fields ?? (metadata.metatype ? Reflect.getMetadata(KNOWN_PARAMETERS, metadata.metatype) : undefined);
  if (!known || typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  const reason = fields ? UNKNOWN.field : UNKNOWN.parameter;
  return Object.keys(value)
    .filter((name) => !known.has(name))
    .map((name) => ({ field: name, ...reason }));
}

/** Bodies this pipe has already judged: the idempotency interceptor validates before it claims a key. */
const VALIDATED = new WeakSet<object>();

const BODY_OBJECT_REASON = Symbol('BODY_OBJECT_REASON');
const ADDRESS_BODY = Symbol('ADDRESS_BODY');
/** Every JsonObjectBody reason asks for a JSON object; its example stays in the English reason. */
const OBJECT_AR = 'يجب أن يكون كائن JSON';

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
  /** Per body DTO: its compiled validator, or null where it stays on class-transformer and class-validator. */
  private readonly compiled = new Map<unknown, CompiledValidator | null>();
  /** Off: every DTO on class-transformer and class-validator (the differential spec's reference). */
  useCompiled = true;

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (typeof value === 'object' && value !== null && VALIDATED.has(value)) return value;
    const objectReason: string | undefined = metadata.metatype ? Reflect.getMetadata(BODY_OBJECT_REASON, metadata.metatype) : undefined;
    if (objectReason && value !== undefined && value !== null && (typeof value !== 'object' || Array.isArray(value))) {
      throw new ValidationError('body', objectReason, OBJECT_AR);
    }
    if (metadata.type === 'body' && metadata.metatype && Reflect.getMetadata(ADDRESS_BODY, metadata.metatype)) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        throw new ValidationError('body', 'must be an Address object', 'يجب أن يكون كائن عنوان');
      }
      const problems = validateAddress(value);
      if (problems.length > 0) throw ValidationError.of(problems);
      return value;
    }
    if (metadata.type === 'query' || metadata.type === 'param') refuseUnprintableParameter(value, metadata);
    const unknown = unknownParameters(value, metadata);
    let result: unknown;
    try {
      result = this.compiledTransform(value, metadata);
      if (result === DECLINED) result = await super.transform(value, metadata);
    } catch (error) {
      if (unknown.length > 0 && error instanceof ValidationError) throw withProblems(unknown, error);
      throw error;
    }
    if (unknown.length > 0) throw ValidationError.of(unknown);
    if (metadata.type === 'body') {
      const nulls = nullFieldViolations(result);
      if (nulls.length > 0) throw ValidationError.of(nulls);
      // After the shape checks, so a wrong type is still reported as such; before any use case
      // runs, so no carrier is called with text the database could not store.
      const field = firstUnprintableText(result);
      if (field !== null) throw unprintableTextError(field || 'body');
    }
    if (typeof result === 'object' && result !== null) VALIDATED.add(result);
    return result;
  }

  /**
   * The compiled twin of super.transform for a body DTO that opted in (dto-validator.compiler.ts):
   * the same instance or the same errors, or DECLINED where the libraries must judge.
   */
  private compiledTransform(value: unknown, metadata: ArgumentMetadata): unknown {
    const metatype = metadata.metatype;
    if (!this.useCompiled || metadata.type !== 'body' || !metatype) return DECLINED;
    let validator = this.compiled.get(metatype);
    if (validator === undefined) {
      validator = compiledFor(metatype);
      this.compiled.set(metatype, validator);
    }
    if (!validator) return DECLINED;
    const outcome = validator(value);
    if (outcome === DECLINED) return DECLINED;
    if ('errors' in outcome) throw violationsError(outcome.errors as unknown as ClassValidationError[]);
    return outcome.instance;
  }
}

/** A DTO the compiler does not fully understand stays on the libraries: never validated less. */
function compiledFor(metatype: NonNullable<ArgumentMetadata['metatype']>): CompiledValidator | null {
  if (!wantsCompiledValidation(metatype)) return null;
  try {
    return compileDtoValidator(metatype as new () => object);
  } catch (error) {
    if (error instanceof NotCompilable) return null;
    throw error;
  }
}

/** The 422 for class-validator's error tree, whichever path built it. */
export function violationsError(errors: ClassValidationError[] | ValidationErrorNode[]): ValidationError {
  const violations = everyViolation(errors as ClassValidationError[]);
  return ValidationError.of(violations.length > 0 ? violations : [{ field: 'body', reason: 'is invalid' }]);
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

/** Unknown parameters first (in the order given), then the DTO's own problems. */
function withProblems(first: FieldViolation[], error: ValidationError): ValidationError {
  const listed = error.details?.errors;
  const rest = Array.isArray(listed) ? (listed as FieldViolation[]) : [error.details as unknown as FieldViolation];
  return ValidationError.of([...first, ...rest]);
}

export function createValidationPipe(options: { compiled?: boolean } = {}): GatewayValidationPipe {
  cacheValidationMetadata();
  const pipe = new GatewayValidationPipe({
    transform: true,
    whitelist: true,
    forbidUnknownValues: false,
    stopAtFirstError: true,
    // The value is kept for the second pass (an address reports its own sub-field); it never
    // leaves the process: only field and reason reach the client.
    validationError: { target: false, value: true },
    exceptionFactory: (errors) => violationsError(errors),
  });
  pipe.useCompiled = options.compiled ?? true;
  return pipe;
}
