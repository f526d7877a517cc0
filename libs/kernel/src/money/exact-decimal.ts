/**
 * A finite decimal held exactly as `units / 10^scale`.
 *
 * Money and weights arrive as JSON numbers. Arithmetic on the doubles themselves drifts
 * (0.1 + 0.2 !== 0.3), which matters wherever a value is compared against a boundary
 * (a 0.5 kg step, a half halala). The shortest decimal string of a double is the value
 * the client wrote, so we take that string and compute on integers from there.
 */
export interface ExactDecimal {
  readonly units: bigint;
  readonly scale: number;
}

const DECIMAL_PATTERN = /^([+-]?)(\d+)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

export function parseDecimal(text: string): ExactDecimal {
  const match = DECIMAL_PATTERN.exec(text.trim());
  if (!match) {
    throw new RangeError(`not a decimal number: "${text}"`);
  }
  const [, sign, whole, fraction = '', exponentText] = match;
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  let units = BigInt(whole + fraction);
  let scale = fraction.length - exponent;
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { units: sign === '-' ? -units : units, scale };
}

/** Exact decimal of a double, via its shortest round-trip string (what `String(n)` gives). */
export function decimalFromNumber(value: number): ExactDecimal {
  if (!Number.isFinite(value)) {
    throw new RangeError(`not a finite number: ${value}`);
  }
  return parseDecimal(String(value));
}

/** The units of `value` expressed at a scale at least as fine as its own. */
export function unitsAtScale(value: ExactDecimal, scale: number): bigint {
  if (scale < value.scale) {
    throw new RangeError(`cannot express scale ${value.scale} at coarser scale ${scale} exactly`);
  }
  return value.units * 10n ** BigInt(scale - value.scale);
}

/** Plain decimal text of `units / 10^scale`, e.g. (1234n, 2) → "12.34". */
export function formatDecimal(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? `.${digits.slice(digits.length - scale)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** Integer division rounding up (towards +infinity); the divisor must be positive. */
export function ceilDiv(dividend: bigint, divisor: bigint): bigint {
  if (divisor <= 0n) {
    throw new RangeError('divisor must be positive');
  }
  const quotient = dividend / divisor;
  return dividend % divisor > 0n ? quotient + 1n : quotient;
}
