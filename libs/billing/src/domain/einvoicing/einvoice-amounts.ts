import { VAT_BASIS_POINTS } from '@lgw/kernel';
/**
 * Amounts of a Saudi e-invoice (ZATCA XML implementation standard): integer halalas inside,
 * decimal text with two places in the XML. VAT is rounded half away from zero to the halala,
 * per line (BR-KSA-50: line VAT = line net × rate) and per category (BR-CO-17: category VAT =
 * category taxable amount × rate); the document's VAT is the category's, not the sum of the lines'.
 */
export const STANDARD_VAT_BASIS_POINTS = VAT_BASIS_POINTS;

/** net × rate / 10,000, half away from zero, exact in integers. */
export function vatHalalas(netHalalas: number, basisPoints = STANDARD_VAT_BASIS_POINTS): number {
  const product = Math.abs(netHalalas) * basisPoints;
  const rounded = Math.floor((product + 5000) / 10000);
  return netHalalas < 0 ? -rounded : rounded;
}

/** Halalas as the standard's amount text: "12.34", "-0.05", "0.00". */
export function sarText(halalas: number): string {
  if (!Number.isSafeInteger(halalas)) throw new RangeError(`not a halala amount: ${halalas}`);
  const sign = halalas < 0 ? '-' : '';
  const abs = Math.abs(halalas);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export interface EinvoiceLineAmounts {
  readonly netHalalas: number;
  readonly vatHalalas: number;
}

export interface EinvoiceTotals {
  /** Sum of line net amounts (BT-106) = taxable amount of the single category S 15 %. */
  readonly netHalalas: number;
  /** Category VAT (BT-117 = BT-110). */
  readonly vatHalalas: number;
  /** BT-112. */
  readonly grossHalalas: number;
}

export function einvoiceTotals(lines: readonly { readonly netHalalas: number }[]): EinvoiceTotals {
  const net = lines.reduce((sum, l) => sum + l.netHalalas, 0);
  const vat = vatHalalas(net);
  return { netHalalas: net, vatHalalas: vat, grossHalalas: net + vat };
}

/** A Saudi VAT registration number: 15 digits, first and last 3. */
export function isSaudiVatNumber(value: string): boolean {
  return /^3\d{13}3$/.test(value);
}
