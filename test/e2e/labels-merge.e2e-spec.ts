import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { batchCsv, uploadBatch, validRow, waitForBatch } from '../support/batch-csv';
import { book } from '../support/booking';
import { CARRIERS } from '@lgw/carriers';
import { LABELS_PER_PRINT } from '@lgw/shipping';
import { CARRIER_CODES } from '../support/carriers';
import { pdfInfo, savePdf } from '../support/pdf-tools';
import { getBytes } from '../support/printing';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';

const run = promisify(execFile);

/** Text of each page, split where pdftotext puts its form feeds. */
async function pageTexts(path: string): Promise<string[]> {
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', path, '-'], { maxBuffer: 64 * 1024 * 1024 });
  return stdout.split('\f').slice(0, -1);
}

describe('merged label files', () => {
  let t: TestApp;
  let team: TestTeam;
  let other: TestTeam;
  let shipments: any[];
  let foreign: any;
  const dir = mkdtempSync(join(tmpdir(), 'lgw-merge-e2e-'));

  const post = async (body: unknown, key = team.apiKey) => {
    const res = await fetch(`${t.url}/api/v1/labels/merge`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, type: res.headers.get('content-type') ?? '', body: Buffer.from(await res.arrayBuffer()) };
  };
  const get = (path: string, key = team.apiKey) => getBytes(t, path, key);

  beforeAll(async () => {
    t = await bootTestApp({ worker: true });
    team = await t.createTeam('Merge Team');
    other = await t.createTeam('Other Merge Team');
    shipments = [];
    for (let i = 0; i < 10; i++) shipments.push(await book(t, team, CARRIER_CODES[i % CARRIER_CODES.length]));
    foreign = await book(t, other, CARRIER_CODES[0]);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('merges 500 labels into one PDF, one label per page, in the given order (rendering those not rendered yet)', async () => {
    // 500 ids over the ten shipments in a scrambled order (a label may be printed more than once).
    const order = Array.from({ length: 500 }, (_, i) => shipments[(i * 7 + Math.floor(i / 10)) % shipments.length]);
    const res = await post({ shipment_ids: order.map((s) => s.id) });
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/pdf');
    const path = await savePdf(dir, res.body);
    expect((await pdfInfo(path)).pages).toBe(500);
    const pages = await pageTexts(path);
    expect(pages).toHaveLength(500);
    pages.forEach((text, i) => {
      expect(text).toContain(order[i].tracking_number);
      for (const s of shipments) if (s.id !== order[i].id) expect(text).not.toContain(s.tracking_number);
    });
  }, 180_000);

  /** Carriers that issue their own label document in no ZPL (DESIGN §7): their labels are theirs, not rendered here. */
  const withoutZpl = (i: number) => {
    const formats = CARRIERS.find((c) => c.descriptor.code === CARRIER_CODES[i % CARRIER_CODES.length])?.descriptor.capabilities.labels
      ?.formats;
    return formats !== undefined && !formats.includes('zpl');
  };

  it('merges ZPL labels into one stream in the given order', async () => {
    const zpl = shipments.filter((_, i) => !withoutZpl(i));
    const order = [zpl[2], zpl[0], zpl[2], zpl[zpl.length - 1]];
    const res = await post({ shipment_ids: order.map((s) => s.id), format: 'zpl' });
    expect(res.status).toBe(200);
    expect(res.type).toContain('application/zpl');
    const labels = res.body.toString('utf8').split('^XZ').slice(0, -1);
    expect(labels).toHaveLength(4);
    labels.forEach((zpl, i) => expect(zpl).toContain(`^BCN,170,N,N,N,A^FH_^FD${order[i].tracking_number}^FS`));
  });

  it('refuses, before any byte, a ZPL stream that names a shipment whose carrier issues no ZPL label', async () => {
    const pdfOnly = shipments.find((_, i) => withoutZpl(i));
    if (!pdfOnly) return expect(shipments.every((_, i) => !withoutZpl(i))).toBe(true);
    const res = await post({ shipment_ids: [shipments[0].id, pdfOnly.id], format: 'zpl' });
    expect(res.status).toBe(422);
    const { error } = JSON.parse(res.body.toString('utf8'));
    expect(error.code).toBe('E_VALIDATION');
    expect(error.details.field).toBe('format');
  });

  it("refuses bad selections before any byte, and never prints another team's label", async () => {
    const unknown = await post({ shipment_ids: [shipments[0].id, '00000000-0000-4000-8000-000000000000'] });
    const theirs = await post({ shipment_ids: [shipments[0].id, foreign.id] });
    expect(unknown.status).toBe(404);
    expect(theirs.status).toBe(404);
    expect(theirs.body.toString()).toBe(unknown.body.toString());
    expect(theirs.body.toString()).not.toContain(foreign.tracking_number);
    expect(JSON.parse(theirs.body.toString()).error.code).toBe('E_NOT_FOUND');

    for (const [body, field] of [
      [{ shipment_ids: [] }, 'shipment_ids'],
      [{}, 'shipment_ids'],
      [{ shipment_ids: 'x' }, 'shipment_ids'],
      [{ shipment_ids: [shipments[0].id, 'nope'] }, 'shipment_ids[1]'],
      [{ shipment_ids: Array(501).fill(shipments[0].id) }, 'shipment_ids'],
      [{ shipment_ids: [shipments[0].id], format: 'png' }, 'format'],
    ] as const) {
      const res = await post(body);
      expect(res.status).toBe(422);
      const error = JSON.parse(res.body.toString()).error;
      expect(error.code).toBe('E_VALIDATION');
      expect(error.details.field).toBe(field);
    }

    const cancelled = await book(t, team, CARRIER_CODES[0]);
    await t.api(`/shipments/${cancelled.id}/cancel`, { method: 'POST', key: team.apiKey });
    const voided = await post({ shipment_ids: [shipments[0].id, cancelled.id] });
    expect(voided.status).toBe(410);
    expect(JSON.parse(voided.body.toString()).error.code).toBe('E_LABEL_VOIDED');
  });

  it("pages a fulfilment batch's labels in file order", async () => {
    const rows = Array.from({ length: 5 }, (_, i) => validRow(i + 1));
    const submitted = await uploadBatch(t.url, team.apiKey, batchCsv(rows));
    expect(submitted.status).toBe(202);
    const done = await waitForBatch((p) => t.api(p, { key: team.apiKey }), submitted.body.id);
    expect(done.status).toBe('COMPLETED');
    const trackingNumbers: string[] = (
      await t.runtime.database.dataSource.query(
        `SELECT s.tracking_number FROM fulfilment_batch_orders o JOIN shipments s ON s.id = o.shipment_id
          WHERE o.batch_id = $1 ORDER BY o.seq`,
        [done.id],
      )
    ).map((r: any) => r.tracking_number);
    expect(trackingNumbers).toHaveLength(5);

    // Progress to show while labels not stored yet render: printable shipments and those ready.
    const progressOf = async (key = team.apiKey) => t.api(`/fulfilment/batches/${done.id}/labels/progress`, { key });
    const before = await progressOf();
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ batch_id: done.id, printable: 5, ready: expect.any(Number) });
    expect(before.body.ready).toBeLessThanOrEqual(5);
    expect((await progressOf(other.apiKey)).status).toBe(404);

    const page = await get(`/fulfilment/batches/${done.id}/labels?offset=1&limit=3`);
    expect(page.status).toBe(200);
    expect((await progressOf()).body.ready).toBeGreaterThanOrEqual(Math.max(3, before.body.ready));
    const path = await savePdf(dir, page.body);
    const texts = await pageTexts(path);
    expect(texts).toHaveLength(3);
    texts.forEach((text, i) => expect(text).toContain(trackingNumbers[1 + i]));

    const zpl = await get(`/fulfilment/batches/${done.id}/labels?format=zpl&limit=2`);
    expect(zpl.status).toBe(200);
    expect(zpl.body.toString().match(/\^XA/g)).toHaveLength(2);

    expect((await get(`/fulfilment/batches/${done.id}/labels`, other.apiKey)).status).toBe(404);
    for (const query of ['limit=1001', 'limit=0', 'offset=-1', 'format=pdf']) {
      const res = await get(`/fulfilment/batches/${done.id}/labels?${query}`);
      expect(res.status).toBe(422);
    }
    expect((await get(`/fulfilment/batches/${done.id}/labels?offset=5`)).status).toBe(422);
  }, 120_000);

  it("draws a batch's labels as its pages are booked, before anyone asks for them, each its own A6 page", async () => {
    // More than two prints' worth (LABELS_PER_PRINT), so the page's prints run side by side.
    const count = 2 * LABELS_PER_PRINT + 20;
    const rows = Array.from({ length: count }, (_, i) => validRow(100 + i));
    const submitted = await uploadBatch(t.url, team.apiKey, batchCsv(rows));
    const done = await waitForBatch((p) => t.api(p, { key: team.apiKey }), submitted.body.id);
    expect(done.status).toBe('COMPLETED');
    const ready = async () => {
      const progress = (await t.api(`/fulfilment/batches/${done.id}/labels/progress`, { key: team.apiKey })).body;
      return progress.printable === count && progress.ready === count ? progress : undefined;
    };
    let progress: unknown;
    for (const until = Date.now() + 60_000; !progress && Date.now() < until;) {
      progress = await ready();
      if (!progress) await new Promise((r) => setTimeout(r, 250));
    }
    expect(progress).toEqual({ batch_id: done.id, printable: count, ready: count });
    // Stored by the page's job, one single-page A6 label per shipment with its own number.
    const stored = await t.runtime.database.dataSource.query(
      `SELECT s.tracking_number, l.pdf FROM fulfilment_batch_orders o JOIN shipments s ON s.id = o.shipment_id
         JOIN shipment_labels l ON l.shipment_id = s.id WHERE o.batch_id = $1 ORDER BY o.seq`,
      [done.id],
    );
    expect(stored).toHaveLength(count);
    for (const row of stored) {
      const path = await savePdf(dir, Buffer.from(row.pdf));
      const texts = await pageTexts(path);
      expect(texts).toHaveLength(1);
      expect(texts[0]).toContain(row.tracking_number);
    }
  }, 120_000);
});
