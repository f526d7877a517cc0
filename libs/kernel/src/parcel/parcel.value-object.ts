/** One parcel; weights in kg, dimensions in cm (docs/api.md, Parcel). */
export interface ParcelProps {
  readonly weight_kg: number;
  readonly length_cm: number;
  readonly width_cm: number;
  readonly height_cm: number;
}

export const MAX_PARCEL_WEIGHT_KG = 1000;
export const MAX_PARCEL_SIDE_CM = 500;

/**
 * The smallest measure a carrier can take (ADR 0029): one gram, which is what the legacy
 * carriers store whole, and one millimetre. Below that a value is a unit mistake, not a parcel.
 */
export const MIN_PARCEL_WEIGHT_KG = 0.001;
export const MIN_PARCEL_SIDE_CM = 0.1;

const WEIGHT = { min: MIN_PARCEL_WEIGHT_KG, max: MAX_PARCEL_WEIGHT_KG };
const SIDE = { min: MIN_PARCEL_SIDE_CM, max: MAX_PARCEL_SIDE_CM };

export const PARCEL_RANGES: Readonly<Record<keyof ParcelProps, { readonly min: number; readonly max: number }>> = {
  weight_kg: WEIGHT,
  length_cm: SIDE,
  width_cm: SIDE,
  height_cm: SIDE,
};

export const PARCEL_FIELDS = Object.keys(PARCEL_RANGES) as ReadonlyArray<keyof ParcelProps>;

export interface ParcelViolation {
  readonly field: keyof ParcelProps;
  readonly reason: string;
}

/** Why one measure of a parcel is refused, or null when it is a positive number within its limits. */
export function parcelMeasureViolation(field: keyof ParcelProps, value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return 'must be a positive number';
  const { min, max } = PARCEL_RANGES[field];
  if (value < min) return `must be at least ${min}`;
  if (value > max) return `must be at most ${max}`;
  return null;
}

/** Every measure broken by `input`, in field order; empty when it is a valid parcel. */
export function validateParcel(input: unknown): ParcelViolation[] {
  const record = typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const violations: ParcelViolation[] = [];
  for (const field of PARCEL_FIELDS) {
    const reason = parcelMeasureViolation(field, record[field]);
    if (reason) violations.push({ field, reason });
  }
  return violations;
}

/** The Parcel value object's factory: a type guard over the rules above. */
export function isParcel(input: unknown): input is ParcelProps {
  return typeof input === 'object' && input !== null && !Array.isArray(input) && validateParcel(input).length === 0;
}
