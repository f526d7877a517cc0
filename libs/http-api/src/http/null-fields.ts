import type { FieldProblem } from '@lgw/kernel';

/** Metadata key of @nestjs/swagger's @ApiProperty (its constants are not exported). */
const API_MODEL_PROPERTIES = 'swagger/apiModelProperties';

const NOT_NULL = {
  reason: 'must not be null: leave the field out when there is no value',
  reason_ar: 'يجب ألا تكون القيمة null: احذف الحقل عندما لا تكون له قيمة',
};

/**
 * Fields of a validated body that hold `null` where the contract does not say `nullable`.
 * class-validator's @IsOptional lets null through as if the field were absent, so a null
 * amount reached the money parser and answered 500; the OpenAPI description (the same
 * decorators) is what tells a client which fields take null, so it decides here too. Walks
 * nested request objects and arrays of them; plain values (an Address) judge their own nulls.
 */
export function nullFieldViolations(value: unknown, parent = ''): FieldProblem[] {
  const found: FieldProblem[] = [];
  collectNulls(value, parent, found);
  return found;
}

// Paths are built only for a null found or an object stepped into: every request body is walked.
function collectNulls(value: unknown, parent: string, found: FieldProblem[]): void {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === 'object' && item !== null) collectNulls(item, parent ? `${parent}.${i}` : String(i), found);
    }
    return;
  }
  if (!isRequestObject(value)) return;
  for (const name of Object.keys(value)) {
    const item: unknown = (value as Record<string, unknown>)[name];
    if (item === null) {
      if (!declaredNullable(value, name)) found.push({ field: parent ? `${parent}.${name}` : name, ...NOT_NULL });
    } else if (typeof item === 'object') {
      collectNulls(item, parent ? `${parent}.${name}` : name, found);
    }
  }
}

/** An instance of a request DTO class (the pipe's transform made it), not a plain object. */
function isRequestObject(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype !== null && prototype !== Object.prototype;
}

function declaredNullable(instance: object, name: string): boolean {
  const property: { nullable?: boolean } | undefined = Reflect.getMetadata(API_MODEL_PROPERTIES, Object.getPrototypeOf(instance), name);
  return property?.nullable === true;
}
