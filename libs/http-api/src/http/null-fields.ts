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
  if (Array.isArray(value)) return value.flatMap((item, i) => nullFieldViolations(item, parent ? `${parent}.${i}` : String(i)));
  if (!isRequestObject(value)) return [];
  const found: FieldProblem[] = [];
  for (const [name, item] of Object.entries(value)) {
    const path = parent ? `${parent}.${name}` : name;
    if (item === null) {
      if (!declaredNullable(value, name)) found.push({ field: path, ...NOT_NULL });
    } else {
      found.push(...nullFieldViolations(item, path));
    }
  }
  return found;
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
