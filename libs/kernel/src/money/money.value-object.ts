import { decimalFromNumber, formatDecimal, parseDecimal, unitsAtScale } from './exact-decimal';

const HALALAS_PER_SAR_SCALE = 2;
const BASIS_POINTS_PER_WHOLE = 10_000;

/**
 * An amount in Saudi riyals, held as integer halalas (1 SAR = 100 halalas) so that sums
 * are exact. SAR numbers appear only at the edges: `fromSar` in, `toSar` out.
 */
export class Money {
  static readonly ZERO = new Money(0);

  private constructor(readonly halalas: number) {
    if (!Number.isSafeInteger(halalas)) {
      throw new RangeError(`halalas must be a safe integer, got ${halalas}`);
    }
  }

  static ofHalalas(halalas: number): Money {
    return halalas === 0 ? Money.ZERO : new Money(halalas);
  }

  /**
   * Exact conversion from riyals: 4.35 → 435 halalas. Goes through the decimal text of
   * the number because 4.35 * 100 is 434.99999999999994 in floating point.
   * Rejects amounts with more than two decimals: those are not money.
   */
  static fromSar(sar: number | string): Money {
    const parsed = typeof sar === 'number' ? decimalFromNumber(sar) : parseDecimal(sar);
    const decimal = trimTrailingZeros(parsed.units, parsed.scale);
    if (decimal.scale > HALALAS_PER_SAR_SCALE) {
      throw new RangeError(`${sar} SAR has more than two decimal places`);
    }
    return Money.ofHalalas(toSafeNumber(unitsAtScale(decimal, HALALAS_PER_SAR_SCALE)));
  }

  /** True when `fromSar` would accept the value; for request validation. */
  static isValidSar(sar: number): boolean {
    try {
      Money.fromSar(sar);
      return true;
    } catch {
      return false;
    }
  }

  static sum(amounts: readonly Money[]): Money {
    return amounts.reduce((total, amount) => total.add(amount), Money.ZERO);
  }

  add(other: Money): Money {
    return Money.ofHalalas(this.halalas + other.halalas);
  }

  subtract(other: Money): Money {
    return Money.ofHalalas(this.halalas - other.halalas);
  }

  multiply(factor: number): Money {
    if (!Number.isSafeInteger(factor)) {
      throw new RangeError(`factor must be an integer, got ${factor}`);
    }
    return Money.ofHalalas(toSafeNumber(BigInt(this.halalas) * BigInt(factor)));
  }

  /** This amount × basisPoints / 10000 (1500 = 15%), rounded half-up to the halala. */
  percent(basisPoints: number): Money {
    return this.multiplyFraction(basisPoints, BASIS_POINTS_PER_WHOLE);
  }

  /**
   * This amount × numerator / denominator, rounded half-up to the halala. The only place
   * where money is rounded, so every surcharge and tax rounds the same way. Half-up is
   * symmetric (half away from zero) so that a credit mirrors the charge it reverses.
   */
  multiplyFraction(numerator: number, denominator: number): Money {
    if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator <= 0) {
      throw new RangeError(`invalid fraction ${numerator}/${denominator}`);
    }
    const product = BigInt(this.halalas) * BigInt(numerator);
    const divisor = BigInt(denominator);
    const magnitude = product < 0n ? -product : product;
    const rounded = (magnitude * 2n + divisor) / (divisor * 2n);
    return Money.ofHalalas(toSafeNumber(product < 0n ? -rounded : rounded));
  }

  negate(): Money {
    return Money.ofHalalas(-this.halalas);
  }

  isZero(): boolean {
    return this.halalas === 0;
  }

  isNegative(): boolean {
    return this.halalas < 0;
  }

  equals(other: Money): boolean {
    return this.halalas === other.halalas;
  }

  compareTo(other: Money): -1 | 0 | 1 {
    return this.halalas < other.halalas ? -1 : this.halalas > other.halalas ? 1 : 0;
  }

  /**
   * Riyals as a JSON number with at most two decimals (1010 → 10.1). Dividing two exactly
   * representable integers is correctly rounded, so halalas / 100 is the same double as
   * Number("10.10") — the decimal's nearest double — without formatting a string first
   * (this runs for every line of an invoice).
   */
  toSar(): number {
    return this.halalas / 100;
  }

  /** Riyals with exactly two decimals (1010 → "10.10"), for display and CSV. */
  toSarString(): string {
    return formatDecimal(BigInt(this.halalas), HALALAS_PER_SAR_SCALE);
  }

  toString(): string {
    return `${this.toSarString()} SAR`;
  }
}

function trimTrailingZeros(units: bigint, scale: number): { units: bigint; scale: number } {
  let trimmedUnits = units;
  let trimmedScale = scale;
  while (trimmedScale > 0 && trimmedUnits % 10n === 0n) {
    trimmedUnits /= 10n;
    trimmedScale -= 1;
  }
  return { units: trimmedUnits, scale: trimmedScale };
}

function toSafeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError('amount exceeds the representable range of halalas');
  }
  return Number(value);
}
