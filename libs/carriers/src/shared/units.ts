/**
 * Exact unit conversions. Binary floats cannot hold most decimal fractions (1.005 * 1000 is
 * 1004.9999999999999), so kg → g works on the decimal text of the number instead.
 */
export function kgToGrams(kg: number): number {
  if (!Number.isFinite(kg)) throw new RangeError(`not a weight: ${kg}`);
  const text = Math.abs(kg).toString();
  if (/e/i.test(text)) {
    // Exponent form only appears for very large or tiny numbers, where float error is moot.
    return Math.sign(kg) * Math.round(Number((Math.abs(kg) * 1000).toPrecision(15)));
  }
  const [whole, fraction = ''] = text.split('.');
  const digits = fraction.padEnd(4, '0');
  let grams = Number(whole) * 1000 + Number(digits.slice(0, 3));
  if (Number(digits[3]) >= 5) grams += 1;
  return kg < 0 ? -grams : grams;
}

/** Integer grams back to kg; division by 1000 of an integer yields the shortest decimal. */
export function gramsToKg(grams: number): number {
  return grams / 1000;
}

/** Sum of weights in kg, added as grams so 0.1 + 0.2 stays 0.3. */
export function sumKg(weights: readonly number[]): number {
  return gramsToKg(weights.reduce((total, kg) => total + kgToGrams(kg), 0));
}

/** 15000 → "150.00" without going through a float. */
export function halalasToSar(halalas: number): string {
  if (!Number.isInteger(halalas)) throw new RangeError(`halalas must be an integer: ${halalas}`);
  const sign = halalas < 0 ? '-' : '';
  const abs = Math.abs(halalas);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Decimal text of a kg value with at most 3 places ("1.5", "0.25", "2"). */
export function formatKg(kg: number): string {
  const grams = kgToGrams(kg);
  const whole = Math.floor(grams / 1000);
  const rest = String(grams % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return rest ? `${whole}.${rest}` : String(whole);
}

/** A carrier's decimal SAR text ("125.50", "7") in halalas; null when absent or not an amount. */
export function sarTextToHalalas(value: string | null | undefined): number | null {
  if (typeof value !== 'string' || !/^\d+(\.\d{1,2})?$/.test(value.trim())) return null;
  const [whole, fraction = ''] = value.trim().split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
