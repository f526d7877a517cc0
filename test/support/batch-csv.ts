import { BATCH_CSV_COLUMNS } from '@lgw/fulfilment';

export const BATCH_HEADER = BATCH_CSV_COLUMNS.join(',');

export type BatchRowInput = Partial<Record<(typeof BATCH_CSV_COLUMNS)[number], string>>;

const NAMES = [
  ['محمد عبدالله', 'Mohammed Abdullah'],
  ['نورة السبيعي', 'Noura Alsubaie'],
  ['عبدالرحمن القحطاني', 'Abdulrahman Alqahtani'],
];

/** A valid row for order number `order` (1-based); rows of one order agree on the recipient. */
export function validRow(order: number, overrides: BatchRowInput = {}): BatchRowInput {
  const [ar, latin] = NAMES[order % NAMES.length];
  return {
    order_ref: `ORD-${String(order).padStart(6, '0')}`,
    recipient_name_ar: ar,
    recipient_name_latin: latin,
    phone: `9665${String(10_000_000 + (order % 89_999_999)).padStart(8, '0')}`,
    city: 'Riyadh',
    district: 'Al Olaya',
    short_address: 'RRRD2929',
    sku: `SKU-${order % 50}`,
    qty: '1',
    cod_amount_sar: order % 2 === 0 ? '25.50' : '',
    notes: '',
    ...overrides,
  };
}

function cell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvLine(row: BatchRowInput): string {
  return BATCH_CSV_COLUMNS.map((c) => cell(row[c] ?? '')).join(',');
}

export function batchCsv(rows: readonly BatchRowInput[], options: { bom?: boolean; crlf?: boolean } = {}): string {
  const eol = options.crlf ? '\r\n' : '\n';
  return `${options.bom ? '\ufeff' : ''}${[BATCH_HEADER, ...rows.map(csvLine)].join(eol)}${eol}`;
}

/**
 * `rows` valid data rows, about `rowsPerOrder` per order (rows of an order adjacent, like an
 * export from a shop's order table), as lines generated lazily: a 100,000-row file is never
 * built as one array of rows.
 */
export function* generatedBatchLines(rows: number, rowsPerOrder = 3.3): Generator<string> {
  yield `${BATCH_HEADER}\n`;
  let order = 0;
  let left = 0;
  for (let i = 0; i < rows; i += 1) {
    if (left === 0) {
      order += 1;
      left = Math.max(1, Math.round(rowsPerOrder + ((order % 3) - 1)));
    }
    left -= 1;
    yield `${csvLine(validRow(order, { sku: `SKU-${i % 97}`, qty: String(1 + (i % 3)) }))}\n`;
  }
}

/** Uploads a CSV body as the multipart `file` field. */
export async function uploadBatch(
  baseUrl: string,
  apiKey: string,
  content: string | Buffer,
  options: { filename?: string; idempotencyKey?: string; field?: string } = {},
): Promise<{ status: number; body: any; text: string }> {
  const form = new FormData();
  form.append(options.field ?? 'file', new Blob([content], { type: 'text/csv' }), options.filename ?? 'orders.csv');
  const headers: Record<string, string> = { authorization: `Bearer ${apiKey}` };
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  const res = await fetch(`${baseUrl}/api/v1/fulfilment/batches`, { method: 'POST', headers, body: form });
  const text = await res.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, body, text };
}

/** Polls GET /fulfilment/batches/{id} until it leaves PROCESSING (bounded). */
export async function waitForBatch(
  get: (path: string) => Promise<{ status: number; body: any }>,
  id: string,
  timeoutMs = 60_000,
): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await get(`/fulfilment/batches/${id}`);
    if (res.status !== 200) throw new Error(`GET batch ${id}: ${res.status}`);
    if (res.body.status !== 'PROCESSING') return res.body;
    if (Date.now() > deadline) throw new Error(`batch ${id} still PROCESSING after ${timeoutMs} ms: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
