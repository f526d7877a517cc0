import { BATCH_CSV_COLUMNS, BatchCsvRow, checkBatchHeader } from './batch-csv-format';
import {
  codAmountHalalasOf,
  orderCodDisagreement,
  orderDisagreements,
  orderRecipientOf,
  statedCodAfter,
  validateBatchRow,
} from './batch-row-rules';

const row = (overrides: Partial<BatchCsvRow> = {}): BatchCsvRow => ({
  order_ref: 'ORD-1',
  recipient_name_ar: 'محمد عبدالله',
  recipient_name_latin: 'Mohammed Abdullah',
  phone: '966512345678',
  city: 'Riyadh',
  district: 'Al Olaya',
  short_address: 'RRRD2929',
  sku: 'SKU-1',
  qty: '2',
  cod_amount_sar: '25.50',
  notes: '',
  ...overrides,
});

const fields = (r: BatchCsvRow) => validateBatchRow(r).map((p) => p.field);

describe('batch header', () => {
  const header = BATCH_CSV_COLUMNS.join(',');
  it('accepts the exact header, with a BOM or a CR', () => {
    expect(checkBatchHeader(header)).toBeNull();
    expect(checkBatchHeader(`\ufeff${header}\r`)).toBeNull();
  });
  it('names the wrong, missing or extra column', () => {
    expect(checkBatchHeader(header.replace('sku', 'SKU'))?.reason_en).toMatch(/column 8 must be sku, found "SKU"/);
    expect(checkBatchHeader(header.replace(',notes', ''))?.reason_en).toMatch(/missing column notes \(column 11\)/);
    expect(checkBatchHeader(`${header},extra`)?.reason_en).toMatch(/unexpected column "extra"/);
    expect(checkBatchHeader('')?.reason_en).toMatch(/empty/);
  });
});

describe('batch row rules', () => {
  it('refuses control characters in text columns, with the Arabic reason', () => {
    const problems = validateBatchRow(row({ order_ref: 'ORD\u00011', sku: 'SKU\u007f', notes: 'call\u001bfirst' }));
    expect(problems.map((p) => p.field)).toEqual(['order_ref', 'sku', 'notes']);
    expect(problems[0]).toMatchObject({
      reason_en: 'must not contain control characters',
      reason_ar: expect.stringMatching(/[\u0600-\u06ff]/),
    });
    expect(fields(row({ city: 'Riyadh\u0000' }))).toEqual(['city']);
  });

  it('refuses tab and line feeds (a quoted cell can hold them) in every column, also at the edges, once per column', () => {
    expect(validateBatchRow(row({ order_ref: 'O\t9' }))).toEqual([
      { field: 'order_ref', reason_en: 'must not contain control characters', reason_ar: expect.stringMatching(/[\u0600-\u06ff]/) },
    ]);
    expect(fields(row({ order_ref: 'O\n13' }))).toEqual(['order_ref']);
    for (const column of BATCH_CSV_COLUMNS) {
      for (const control of ['\t', '\n', '\r']) {
        const value = `${row()[column] || 'x'}`;
        expect({ column, control, fields: fields(row({ [column]: `${value.slice(0, 1)}${control}${value.slice(1)}` })) }).toEqual({
          column,
          control,
          fields: [column],
        });
        expect({ column, control, fields: fields(row({ [column]: `${value}${control}` })) }).toEqual({ column, control, fields: [column] });
      }
    }
  });

  it('an order states its cash on delivery once: equal or empty on its other rows, another amount refused naming the row', () => {
    let stated = statedCodAfter(null, row({ cod_amount_sar: '' }), 1);
    expect(stated).toBeNull();
    stated = statedCodAfter(stated, row({ cod_amount_sar: '150' }), 2);
    expect(stated).toEqual({ halalas: 15_000, rowNumber: 2 });
    expect(orderCodDisagreement(stated, row({ cod_amount_sar: '150.00' }))).toBeNull();
    expect(orderCodDisagreement(stated, row({ cod_amount_sar: ' ' }))).toBeNull();
    expect(statedCodAfter(stated, row({ cod_amount_sar: '150' }), 3)).toBe(stated);
    expect(orderCodDisagreement(stated, row({ cod_amount_sar: '0' }))).toMatchObject({
      field: 'cod_amount_sar',
      reason_en: expect.stringContaining('must be empty or 150.00, the cash on delivery row 2 states'),
      reason_ar: expect.stringContaining('150.00'),
    });
  });

  it('accepts a valid row, Arabic-Indic digits and lower-case short addresses included', () => {
    expect(validateBatchRow(row())).toEqual([]);
    expect(validateBatchRow(row({ phone: '٩٦٦٥١٢٣٤٥٦٧٨', short_address: 'rrrd2929', cod_amount_sar: '' }))).toEqual([]);
  });

  it.each([
    ['order_ref', { order_ref: ' ' }],
    ['phone', { phone: '0512345678' }],
    ['phone', { phone: '' }],
    ['city', { city: '' }],
    ['short_address', { short_address: '' }],
    ['short_address', { short_address: 'RRR29299' }],
    ['sku', { sku: '' }],
    ['qty', { qty: '0' }],
    ['qty', { qty: '2.0' }],
    ['qty', { qty: '' }],
    ['recipient_name_ar', { recipient_name_ar: 'Mohammed' }],
    ['recipient_name_ar', { recipient_name_ar: '١٢٣' }],
    ['cod_amount_sar', { cod_amount_sar: '-1' }],
    ['cod_amount_sar', { cod_amount_sar: '1.234' }],
    ['cod_amount_sar', { cod_amount_sar: '99999999' }],
    ['cod_amount_sar', { cod_amount_sar: '10000.01' }],
    ['notes', { notes: 'x'.repeat(501) }],
  ] as const)('refuses %s (%j) with a bilingual reason', (field, overrides) => {
    const problems = validateBatchRow(row(overrides));
    expect(problems.map((p) => p.field)).toEqual([field]);
    expect(problems[0].reason_en).toMatch(/\w/);
    expect(problems[0].reason_ar).toMatch(/[\u0600-\u06ff]/);
  });

  it('takes cash on delivery up to the 10,000 SAR ceiling', () => {
    expect(validateBatchRow(row({ cod_amount_sar: '10000' }))).toEqual([]);
  });

  it('lists every broken rule of a row in column order', () => {
    expect(fields(row({ order_ref: '', qty: 'x', phone: '1', recipient_name_ar: 'A' }))).toEqual([
      'order_ref',
      'recipient_name_ar',
      'phone',
      'qty',
    ]);
  });

  it('converts COD to halalas exactly', () => {
    expect(codAmountHalalasOf('25.5')).toBe(2550);
    expect(codAmountHalalasOf('0.07')).toBe(7);
    expect(codAmountHalalasOf('')).toBe(0);
  });

  it('requires rows of one order to agree on the recipient, after normalisation', () => {
    const first = orderRecipientOf(row());
    expect(orderDisagreements(first, row({ sku: 'OTHER', qty: '5', short_address: 'rrrd2929', city: 'riyadh' }), 1)).toEqual([]);
    const problems = orderDisagreements(first, row({ phone: '966599999999', recipient_name_ar: 'نورة' }), 3);
    expect(problems.map((p) => p.field)).toEqual(['recipient_name_ar', 'phone']);
    expect(problems[0].reason_en).toBe('must match row 3 of the same order_ref');
  });
});
