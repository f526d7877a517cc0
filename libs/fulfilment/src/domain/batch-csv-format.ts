/**
 * Fulfilment batch files (docs/api.md §2 "Fulfilment batch", docs/api.md §10 "Fulfilment batches"):
 * the input header, the appended result columns and the rejection columns.
 */
export const BATCH_CSV_COLUMNS = [
  'order_ref',
  'recipient_name_ar',
  'recipient_name_latin',
  'phone',
  'city',
  'district',
  'short_address',
  'sku',
  'qty',
  'cod_amount_sar',
  'notes',
] as const;

export type BatchCsvColumn = (typeof BATCH_CSV_COLUMNS)[number];
export type BatchCsvRow = Readonly<Record<BatchCsvColumn, string>>;

export const BATCH_RESULT_COLUMNS = [...BATCH_CSV_COLUMNS, 'tracking_number', 'status'] as const;
export const BATCH_REJECTION_COLUMNS = ['row_number', 'field', 'reason_ar', 'reason_en'] as const;

export const BATCH_STATUSES = ['PROCESSING', 'COMPLETED', 'REJECTED'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

/** What a PROCESSING batch is doing: a client shows it beside processed_rows. */
export const BATCH_PHASES = ['queued', 'validating', 'booking', 'writing_result', 'done'] as const;
export type BatchPhase = (typeof BATCH_PHASES)[number];

/** docs/api.md §10 limits. */
export const MAX_BATCH_FILE_BYTES = 50 * 1024 * 1024;
export const MAX_BATCH_ROWS = 100_000;

export interface BilingualReason {
  readonly reason_en: string;
  readonly reason_ar: string;
}

const UTF8_BOM = '\ufeff';

/**
 * Checks the first line of an upload (without its line break). Null when it is exactly the
 * contract's header; otherwise the first thing wrong with it, in words a merchant can act on.
 */
export function checkBatchHeader(firstLine: string): BilingualReason | null {
  const line = (firstLine.startsWith(UTF8_BOM) ? firstLine.slice(1) : firstLine).replace(/\r$/, '');
  if (line.trim() === '') {
    return { reason_en: 'the first line must be the header row; it is empty', reason_ar: 'يجب أن يكون السطر الأول صف العناوين، وهو فارغ' };
  }
  const names = line.split(',').map((name) => name.trim().replace(/^"(.*)"$/, '$1'));
  for (let i = 0; i < BATCH_CSV_COLUMNS.length; i += 1) {
    const expected = BATCH_CSV_COLUMNS[i];
    const found = names[i];
    if (found === undefined) {
      return {
        reason_en: `missing column ${expected} (column ${i + 1}); the header must be ${BATCH_CSV_COLUMNS.join(',')}`,
        reason_ar: `العمود ${expected} مفقود (العمود ${i + 1})؛ يجب أن يكون صف العناوين ${BATCH_CSV_COLUMNS.join(',')}`,
      };
    }
    if (found !== expected) {
      return {
        reason_en: `column ${i + 1} must be ${expected}, found ${JSON.stringify(found)}; the header must be ${BATCH_CSV_COLUMNS.join(',')}`,
        reason_ar: `يجب أن يكون العمود ${i + 1} هو ${expected}، وُجد ${JSON.stringify(found)}؛ يجب أن يكون صف العناوين ${BATCH_CSV_COLUMNS.join(',')}`,
      };
    }
  }
  if (names.length > BATCH_CSV_COLUMNS.length) {
    const extra = names[BATCH_CSV_COLUMNS.length];
    return {
      reason_en: `unexpected column ${JSON.stringify(extra)} after notes; the header must be ${BATCH_CSV_COLUMNS.join(',')}`,
      reason_ar: `عمود غير متوقع ${JSON.stringify(extra)} بعد notes؛ يجب أن يكون صف العناوين ${BATCH_CSV_COLUMNS.join(',')}`,
    };
  }
  return null;
}
