import { normaliseAddress, validateAddress, AddressProps, isPrintableText, COD_MAX_HALALAS } from '@lgw/kernel';
import { BATCH_CSV_COLUMNS, BatchCsvColumn, BatchCsvRow, BilingualReason, MAX_BATCH_ROWS } from './batch-csv-format';

/**
 * Row rules of fulfilment batches (docs/api.md §10): pure functions, every broken rule reported
 * with its column and a bilingual reason, so a rejected file lists every error at once.
 */
export interface BatchRowProblem extends BilingualReason {
  readonly field: BatchCsvColumn | 'row';
}

export const MAX_ORDER_REF_LENGTH = 64;
export const MAX_SKU_LENGTH = 64;
export const MAX_NOTES_LENGTH = 500;
export const MAX_QTY = 10_000;

const REASONS = {
  REQUIRED: { reason_en: 'is required', reason_ar: 'حقل مطلوب' },
  ARABIC_NAME: { reason_en: 'must contain Arabic letters', reason_ar: 'يجب أن يحتوي على أحرف عربية' },
  QTY: { reason_en: `must be a whole number from 1 to ${MAX_QTY}`, reason_ar: `يجب أن يكون عدداً صحيحاً من 1 إلى ${MAX_QTY}` },
  COD: {
    reason_en: 'must be a number >= 0 with at most 2 decimals, or empty',
    reason_ar: 'يجب أن يكون رقماً أكبر من أو يساوي 0 بخانتين عشريتين على الأكثر، أو فارغاً',
  },
  COD_TOO_LARGE: { reason_en: 'must be at most 10000', reason_ar: 'يجب ألا يتجاوز 10000' },
  CONTROL: {
    reason_en: 'must not contain control characters',
    reason_ar: 'يجب ألا يحتوي على محارف تحكم',
  },
  TOO_MANY_ROWS: {
    reason_en: `the file has more than ${MAX_BATCH_ROWS} data rows`,
    reason_ar: `يحتوي الملف على أكثر من ${MAX_BATCH_ROWS} صف بيانات`,
  },
  MALFORMED: {
    reason_en: 'is not well-formed CSV here (for example a quote that is never closed); nothing after it can be read',
    reason_ar: 'صيغة CSV غير صحيحة هنا (مثل علامة اقتباس لم تُغلق)؛ لا يمكن قراءة ما بعدها',
  },
  COLUMN_COUNT: {
    reason_en: 'must have exactly 11 columns, like the header',
    reason_ar: 'يجب أن يحتوي على 11 عموداً تماماً مثل صف العناوين',
  },
} as const satisfies Record<string, BilingualReason>;

const tooLong = (max: number): BilingualReason => ({
  reason_en: `must be at most ${max} characters`,
  reason_ar: `يجب ألا يتجاوز ${max} حرفاً`,
});

/** Arabic letters (the Arabic block and its supplements), not Arabic-Indic digits or marks alone. */
const ARABIC_LETTER = /[\u0621-\u064a\u0671-\u06d3\u06fa-\u06fc\u0750-\u077f\u08a0-\u08c9\ufb50-\ufdfb\ufe70-\ufefc]/;
const COD_PATTERN = /^\d+(\.\d{1,2})?$/;

const problem = (field: BatchRowProblem['field'], reason: BilingualReason): BatchRowProblem => ({ field, ...reason });

/** The recipient as a Saudi address; the carrier file and the shipment take this form. */
export function batchRowDestination(row: BatchCsvRow): AddressProps {
  return normaliseAddress({
    name: row.recipient_name_ar.trim() || row.recipient_name_latin.trim(),
    city: row.city,
    region: row.district,
    short_address: row.short_address,
    phone: row.phone,
    country: 'SA',
  });
}

const ADDRESS_TO_COLUMN: Readonly<Record<string, BatchCsvColumn>> = {
  name: 'recipient_name_ar',
  city: 'city',
  region: 'district',
  short_address: 'short_address',
  phone: 'phone',
};

/** Every rule one row breaks, in column order; empty when the row is valid. */
export function validateBatchRow(row: BatchCsvRow): BatchRowProblem[] {
  const problems: BatchRowProblem[] = [];
  const text = (field: BatchCsvColumn, max: number, required: boolean): string | undefined => {
    const value = row[field].trim();
    if (value === '') {
      if (required) problems.push(problem(field, REASONS.REQUIRED));
      return undefined;
    }
    if (!isPrintableText(value)) return undefined;
    if (value.length > max) problems.push(problem(field, tooLong(max)));
    else return value;
    return undefined;
  };

  text('order_ref', MAX_ORDER_REF_LENGTH, true);
  const nameAr = text('recipient_name_ar', 200, true);
  if (nameAr !== undefined && !ARABIC_LETTER.test(nameAr)) problems.push(problem('recipient_name_ar', REASONS.ARABIC_NAME));
  text('recipient_name_latin', 200, false);
  for (const field of ['phone', 'city', 'short_address'] as const) {
    if (row[field].trim() === '') problems.push(problem(field, REASONS.REQUIRED));
  }
  const address = { city: row.city, region: row.district, short_address: row.short_address, phone: row.phone, country: 'SA' };
  for (const v of validateAddress(address)) {
    const column = ADDRESS_TO_COLUMN[v.field];
    if (column && row[column].trim() !== '') problems.push({ field: column, reason_en: v.reason, reason_ar: v.reason_ar });
  }
  text('sku', MAX_SKU_LENGTH, true);
  const qty = row.qty.trim();
  if (qty === '') problems.push(problem('qty', REASONS.REQUIRED));
  else if (!/^\d+$/.test(qty) || Number(qty) < 1 || Number(qty) > MAX_QTY) problems.push(problem('qty', REASONS.QTY));
  const cod = row.cod_amount_sar.trim();
  if (cod !== '' && !COD_PATTERN.test(cod)) problems.push(problem('cod_amount_sar', REASONS.COD));
  else if (cod !== '' && codAmountHalalasOf(cod) > COD_MAX_HALALAS) problems.push(problem('cod_amount_sar', REASONS.COD_TOO_LARGE));
  text('notes', MAX_NOTES_LENGTH, false);

  // Control characters anywhere in a cell, edges included (trimming would hide a tab or a
  // quoted line feed): the column's one problem, since its other rules read a value it does not have.
  const unprintable = new Set(BATCH_CSV_COLUMNS.filter((column) => !isPrintableText(row[column])));
  const reported = [
    ...problems.filter((p) => !unprintable.has(p.field as BatchCsvColumn)),
    ...[...unprintable].map((column) => problem(column, REASONS.CONTROL)),
  ];
  const order = (field: string) => (field === 'row' ? -1 : BATCH_CSV_COLUMNS.indexOf(field as BatchCsvColumn));
  return reported.sort((a, b) => order(a.field) - order(b.field));
}

/** A row with more or fewer cells than the header. */
export function wrongColumnCount(): BatchRowProblem {
  return problem('row', REASONS.COLUMN_COUNT);
}

/** Reported once, where the CSV stops being readable. */
export function malformedCsv(): BatchRowProblem {
  return problem('row', REASONS.MALFORMED);
}

/** Reported once, on the first row beyond the limit. */
export function tooManyRows(): BatchRowProblem {
  return problem('row', REASONS.TOO_MANY_ROWS);
}

/** "12.5" → 1250. Only for strings that passed the cod_amount_sar rule. */
export function codAmountHalalasOf(value: string): number {
  const trimmed = value.trim();
  if (trimmed === '') return 0;
  const [whole, fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** The cash on delivery an order states, and the row that first stated it. */
export interface StatedCod {
  readonly halalas: number;
  readonly rowNumber: number;
}

/**
 * cod_amount_sar is the order's amount, not the row's: rows of one order_ref are one shipment
 * that collects once, so amounts are never added up (two rows of 6,000 would collect 12,000,
 * past the 10,000 ceiling POST /rates enforces). A row states the amount or leaves the cell
 * empty; a row that states another amount than the order's earlier one is refused, naming that
 * row. `stated` is the order's amount so far (null: none stated yet). The row's own cell must
 * have passed the cod_amount_sar rule.
 */
export function orderCodDisagreement(stated: StatedCod | null, row: BatchCsvRow): BatchRowProblem | null {
  const cell = row.cod_amount_sar.trim();
  if (stated === null || cell === '' || codAmountHalalasOf(cell) === stated.halalas) return null;
  const amount = (stated.halalas / 100).toFixed(2);
  return {
    field: 'cod_amount_sar',
    reason_en: `must be empty or ${amount}, the cash on delivery row ${stated.rowNumber} states for the same order_ref (one amount per order, never added up)`,
    reason_ar: `يجب أن يكون فارغاً أو ${amount}، وهو مبلغ الدفع عند الاستلام في الصف ${stated.rowNumber} لنفس رقم الطلب order_ref (مبلغ واحد لكل طلب، لا يُجمع)`,
  };
}

/** The order's amount after a valid row: the first amount stated stays (later ones equal it). */
export function statedCodAfter(stated: StatedCod | null, row: BatchCsvRow, rowNumber: number): StatedCod | null {
  if (stated !== null || row.cod_amount_sar.trim() === '') return stated;
  return { halalas: codAmountHalalasOf(row.cod_amount_sar), rowNumber };
}

/** The columns on which all rows of one order must agree: they describe one recipient. */
export const ORDER_AGREEMENT_COLUMNS = [
  'recipient_name_ar',
  'recipient_name_latin',
  'phone',
  'city',
  'district',
  'short_address',
] as const satisfies readonly BatchCsvColumn[];

/** The order-level values of a row, compared after the same normalisation the rules use. */
export function orderRecipientOf(row: BatchCsvRow): readonly string[] {
  const destination = batchRowDestination(row);
  return [
    row.recipient_name_ar.trim(),
    row.recipient_name_latin.trim(),
    destination.phone ?? '',
    destination.city.toLocaleLowerCase('en'),
    (destination.region ?? '').toLocaleLowerCase('en'),
    destination.short_address ?? '',
  ];
}

/**
 * Rows sharing an order_ref are one order (one tracking number): each must name the same
 * recipient as the order's first row. `firstRowNumber` points the merchant at that row.
 */
export function orderDisagreements(first: readonly string[], row: BatchCsvRow, firstRowNumber: number): BatchRowProblem[] {
  const values = orderRecipientOf(row);
  const problems: BatchRowProblem[] = [];
  ORDER_AGREEMENT_COLUMNS.forEach((field, i) => {
    if (values[i] !== first[i]) {
      problems.push({
        field,
        reason_en: `must match row ${firstRowNumber} of the same order_ref`,
        reason_ar: `يجب أن يطابق الصف ${firstRowNumber} لنفس رقم الطلب order_ref`,
      });
    }
  });
  return problems;
}
