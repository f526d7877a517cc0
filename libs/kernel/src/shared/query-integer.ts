import { ValidationError } from '../errors/domain-error';

/**
 * An integer query parameter (limit, offset): absent or empty → the fallback; anything but
 * plain digits within [min, max] → E_VALIDATION on that field. "1e2" and "-1" are refused.
 */
export function parseQueryInteger(field: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new ValidationError(field, `must be an integer between ${min} and ${max}`, `يجب أن يكون عدداً صحيحاً بين ${min} و${max}`);
  }
  return value;
}
