import { registerDecorator, ValidationArguments, ValidationOptions } from 'class-validator';
import { isAddress, validateVerifiableAddress, isIsoCurrencyCode, ParcelProps, parcelMeasureViolation } from '@lgw/kernel';

/**
 * class-validator decorators backed by the domain's value objects, so the DTO is the single
 * gate and the rules live once, in libs/domain. "Late" rules judge a whole value object and are
 * reported only when every field has the right shape (see validation.pipe.ts).
 */
export const ADDRESS_CONSTRAINT = 'lateIsAddress';
export const VERIFIABLE_ADDRESS_CONSTRAINT = 'lateIsVerifiableAddress';
const LATE_PREFIX = 'late';

export function isLateConstraint(name: string): boolean {
  return name.startsWith(LATE_PREFIX);
}

function rule(
  name: string,
  validate: (value: unknown, args: ValidationArguments) => boolean,
  message: (args: ValidationArguments) => string,
  options?: ValidationOptions,
): PropertyDecorator {
  return (target, propertyName) => {
    registerDecorator({
      name,
      target: target.constructor,
      propertyName: String(propertyName),
      options,
      validator: { validate, defaultMessage: message },
    });
  };
}

/** An Address (docs/api.md): the domain's rules, reported with the dotted sub-field. */
export function IsAddressValue(): PropertyDecorator {
  return rule(
    ADDRESS_CONSTRAINT,
    (value) => isAddress(value),
    () => 'is not a valid address',
  );
}

/** An address to verify (POST /addresses/verify): Address fields, a short address alone enough; reported with the dotted sub-field. */
export function IsVerifiableAddress(): PropertyDecorator {
  return rule(
    VERIFIABLE_ADDRESS_CONSTRAINT,
    (value) => validateVerifiableAddress(value).length === 0,
    () => 'is not an address that can be verified',
  );
}

/** One measure of a Parcel (docs/api.md): a positive number within the domain's limit. */
export function IsParcelMeasure(): PropertyDecorator {
  return rule(
    'isParcelMeasure',
    (value, args) => parcelMeasureViolation(args.property as keyof ParcelProps, value) === null,
    (args) => parcelMeasureViolation(args.property as keyof ParcelProps, args.value) ?? '',
  );
}

/** An ISO 4217 currency code, judged with the lane (after the shape of every field). */
export function IsIsoCurrency(message: string): PropertyDecorator {
  return rule(
    `${LATE_PREFIX}IsIsoCurrency`,
    (value) => typeof value === 'string' && isIsoCurrencyCode(value),
    () => message,
  );
}

/** A rule of this request alone, with its reason. */
export function Satisfies(
  name: string,
  check: (value: unknown) => boolean,
  reason: string,
  options?: ValidationOptions,
): PropertyDecorator {
  return rule(name, check, () => reason, options);
}

/**
 * `@ValidateNested({ each: true })` reports a number or null item by its index (`parcels.1`), but
 * lets an array through where an object belongs (`[[]]`): refused here, on the list itself.
 */
export function NoArrayItems(reason: string): PropertyDecorator {
  return Satisfies('noArrayItems', (value) => !Array.isArray(value) || !value.some((item) => Array.isArray(item)), reason);
}
