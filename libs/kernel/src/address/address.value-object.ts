import { AddressProps } from './address';
import { normaliseAddress, validateAddress } from './address-rules';

/**
 * The Address value object's factory: a type guard, so that code holding an `unknown` gets an
 * `AddressProps` only through the rules. `validateAddress` says why when it answers false.
 */
export function isAddress(input: unknown): input is AddressProps {
  return validateAddress(input).length === 0;
}

/** The stored form of a valid address (trimmed, upper-cased codes, ASCII digits). */
export function toAddress(input: AddressProps): AddressProps {
  return normaliseAddress(input);
}
