import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { book } from '../support/booking';
import { JEDDAH } from '../support/fixtures';
import { A6_POINTS, pdfInfo, pdfText, savePdf, scanBarcodes } from '../support/pdf-tools';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';
import { waitFor } from '../support/wait';

describe('labels', () => {
  let t: TestApp;
  let team: TestTeam;
  let other: TestTeam;
  const dir = mkdtempSync(join(tmpdir(), 'lgw-labels-e2e-'));

  beforeAll(async () => {
    t = await bootTestApp({ worker: true });
    team = await t.createTeam('Label Team');
    other = await t.createTeam('Other Label Team');
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('renders the label once after booking, moves the shipment to LABEL_GENERATED, and serves an A6 PDF', async () => {
    const shipment = await book(t, team, 'sahm', { cod_amount: 250, reference: 'ORD-LABEL-1' });
    // Watched in the database: polling the API every 100 ms would spend the key's 60 requests a
    // minute while a busy host renders, and the next tests' requests would be answered 429.
    await waitFor(async () => {
      const [row] = await t.runtime.database.dataSource.query('SELECT status FROM shipments WHERE id = $1', [shipment.id]);
      return row?.status === 'LABEL_GENERATED' ? true : undefined;
    });
    expect((await t.api(`/shipments/${shipment.id}`, { key: team.apiKey })).body.status).toBe('LABEL_GENERATED');
    const events = await t.runtime.database.dataSource.query(
      'SELECT code FROM tracking_events WHERE shipment_id = $1 ORDER BY occurred_at',
      [shipment.id],
    );
    expect(events.map((e: any) => e.code)).toEqual(['CREATED', 'LABEL_GENERATED']);

    const res = await fetch(`${t.url}${shipment.label_url}`, { headers: { authorization: `Bearer ${team.apiKey}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-ratelimit-limit')).toBeTruthy();
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const path = await savePdf(dir, pdf);
    const info = await pdfInfo(path);
    expect(info.pages).toBe(1);
    // Exactly A6, 105 × 148 mm = 297.64 × 419.53 pt (pdfinfo prints two decimals).
    expect(info.width).toBeCloseTo(A6_POINTS.width, 2);
    expect(info.height).toBeCloseTo(A6_POINTS.height, 2);
    const symbols = await scanBarcodes(path);
    expect(symbols).toContain(`CODE-128:${shipment.tracking_number}`);
    expect(symbols.some((s) => s.startsWith('QR-Code:') && s.includes(shipment.tracking_number))).toBe(true);
    const text = await pdfText(path);
    expect(text).toContain(JEDDAH.name);
    expect(text).toContain(shipment.tracking_number);

    const again = Buffer.from(
      await (await fetch(`${t.url}${shipment.label_url}`, { headers: { authorization: `Bearer ${team.apiKey}` } })).arrayBuffer(),
    );
    expect(again.equals(pdf)).toBe(true);
  });

  it('answers 404 with the JSON envelope for unknown and other-team ids', async () => {
    const shipment = await book(t, team, 'bahr');
    for (const [id, key] of [
      [shipment.id, other.apiKey],
      ['00000000-0000-4000-8000-000000000000', team.apiKey],
      ['nope', team.apiKey],
    ]) {
      const res = await t.api(`/labels/${id}`, { key });
      // One comparison of the whole answer, so a failure shows what came instead.
      expect({ id, status: res.status, type: res.headers.get('content-type'), body: res.body }).toMatchObject({
        status: 404,
        type: expect.stringContaining('application/json'),
        body: { error: { code: 'E_NOT_FOUND' } },
      });
    }
  });
});

describe('labels without a worker', () => {
  let t: TestApp;
  let team: TestTeam;

  beforeAll(async () => {
    t = await bootTestApp();
    team = await t.createTeam('On-demand Team');
  });
  afterAll(() => t.close());

  it('renders on demand when the job has not run, and stores the result', async () => {
    const shipment = await book(t, team, 'darb');
    const res = await t.api(`/labels/${shipment.id}`, { key: team.apiKey });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const rows = await t.runtime.database.dataSource.query('SELECT shipment_id FROM shipment_labels WHERE shipment_id = $1', [shipment.id]);
    expect(rows).toHaveLength(1);
    expect((await t.api(`/shipments/${shipment.id}`, { key: team.apiKey })).body.status).toBe('LABEL_GENERATED');
  });
});
