import { ParcelProps, ValidationError, ceilDiv, decimalFromNumber, ExactDecimal, formatDecimal, unitsAtScale } from '@lgw/kernel';

/** Reported volumetric weight keeps this many decimals (a tenth of a gram). */
export const VOLUMETRIC_REPORT_DECIMALS = 4;

/** The weights of a quote as the API reports them (docs/api.md §2 Quote.weights). */
export interface ChargeableWeight {
  readonly actual_kg: number;
  /**
   * Rounded UP to 4 decimals, never down, so that "chargeable = max(actual, volumetric)
   * rounded up to 0.5 kg" still holds when a client checks it against the reported numbers.
   */
  readonly volumetric_kg: number;
  /** A multiple of 0.5 kg. */
  readonly chargeable_kg: number;
  readonly volumetric_divisor: number;
}

const PARCEL_FIELDS = ['weight_kg', 'length_cm', 'width_cm', 'height_cm'] as const;

/**
 * actual = Σ weight; volumetric = Σ L×W×H / divisor; chargeable = max of both rounded up
 * to the next 0.5 kg. Every input is read as the decimal the client wrote and the sums are
 * kept as exact integers, so ten parcels of 0.1 kg are 1.0 kg (chargeable 1.0), not
 * 0.9999999999999999 or 1.0000000000000002 (which would become 1.5).
 */
export function computeChargeableWeight(parcels: readonly ParcelProps[], volumetricDivisor: number): ChargeableWeight {
  let byDivisor = measured.get(parcels);
  const known = byDivisor?.get(volumetricDivisor);
  if (known) return known;
  const weights = Object.freeze(measure(parcels, volumetricDivisor));
  if (!byDivisor) measured.set(parcels, (byDivisor = new Map()));
  byDivisor.set(volumetricDivisor, weights);
  return weights;
}

/**
 * A rating weighs the same parcels for every service level, with the few divisors the cards use:
 * each set of parcels (the request's own array, never changed) is measured once per divisor.
 */
const measured = new WeakMap<readonly ParcelProps[], Map<number, ChargeableWeight>>();

function measure(parcels: readonly ParcelProps[], volumetricDivisor: number): ChargeableWeight {
  if (!Number.isSafeInteger(volumetricDivisor) || volumetricDivisor <= 0) {
    throw new RangeError(`volumetric divisor must be a positive integer, got ${volumetricDivisor}`);
  }
  if (parcels.length === 0) {
    throw new ValidationError('parcels', 'must contain at least one parcel', 'يجب أن تحتوي على طرد واحد على الأقل');
  }
  const readings = parcels.map(readParcel);

  const actual = sumDecimals(readings.map((r) => r.weight));
  const volume = sumDecimals(readings.map((r) => multiply(multiply(r.length, r.width), r.height)));
  // volumetric kg = volume.units / (10^volume.scale × divisor): a rational, never a float
  const volumetricDenominator = 10n ** BigInt(volume.scale) * BigInt(volumetricDivisor);

  const actualHalfKg = ceilDiv(actual.units * 2n, 10n ** BigInt(actual.scale));
  const volumetricHalfKg = ceilDiv(volume.units * 2n, volumetricDenominator);
  const chargeableHalfKg = actualHalfKg > volumetricHalfKg ? actualHalfKg : volumetricHalfKg;

  const reportScale = 10n ** BigInt(VOLUMETRIC_REPORT_DECIMALS);
  const volumetricReported = ceilDiv(volume.units * reportScale, volumetricDenominator);

  return {
    actual_kg: Number(formatDecimal(actual.units, actual.scale)),
    volumetric_kg: Number(formatDecimal(volumetricReported, VOLUMETRIC_REPORT_DECIMALS)),
    chargeable_kg: Number(chargeableHalfKg) / 2,
    volumetric_divisor: volumetricDivisor,
  };
}

/** Rounds a weight up to the next multiple of 0.5 kg, exactly (1.0 → 1.0, 1.01 → 1.5). */
export function roundUpToHalfKg(kg: number): number {
  const decimal = decimalFromNumber(kg);
  return Number(ceilDiv(decimal.units * 2n, 10n ** BigInt(decimal.scale))) / 2;
}

interface ParcelReading {
  readonly weight: ExactDecimal;
  readonly length: ExactDecimal;
  readonly width: ExactDecimal;
  readonly height: ExactDecimal;
}

function readParcel(parcel: ParcelProps, index: number): ParcelReading {
  const [weight, length, width, height] = PARCEL_FIELDS.map((field) => {
    const value: unknown = parcel[field];
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
      throw new ValidationError(`parcels.${index}.${field}`, 'must be a positive number', 'يجب أن يكون رقماً موجباً');
    }
    return decimalFromNumber(value);
  });
  return { weight, length, width, height };
}

function multiply(a: ExactDecimal, b: ExactDecimal): ExactDecimal {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

function sumDecimals(values: readonly ExactDecimal[]): ExactDecimal {
  const scale = values.reduce((max, v) => Math.max(max, v.scale), 0);
  const units = values.reduce((total, v) => total + unitsAtScale(v, scale), 0n);
  return { units, scale };
}
