import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LabelData } from '@lgw/shipping';
import {
  BrowserPoolClosedError,
  type BrowserPoolEvent,
  buildLabelsHtml,
  ChromiumBrowserPool,
  LABEL_HEIGHT_MM,
  LABEL_WIDTH_MM,
  LabelMerger,
  PuppeteerLabelRenderer,
} from '@lgw/labels';
import { splitExactPages } from '@lgw/labels/exact-page-size';
import { readPlainPdf } from '@lgw/labels/plain-pdf';
import { A6_POINTS, pdfInfo, pdfPageText, pdfText, savePdf as savePdfIn, scanBarcodes, scanBarcodesOfPage } from '../support/pdf-tools';

/**
 * Real Chromium, real PDFs, decoded with poppler and zbar as a printer and a hub scanner would
 * see them. Needs chromium, poppler-utils and zbar-tools on the machine.
 */

const RECIPIENT = 'محمد عبدالله';

const label: LabelData = {
  shipmentId: 'shp_int_1',
  trackingNumber: 'LGW4821907365SA',
  carrier: { code: 'swift', name_en: 'Swift Express', name_ar: 'سويفت إكسبريس' },
  service: { code: 'exp-dom', name_en: 'Express Domestic', name_ar: 'سريع محلي' },
  origin: { name: 'Acme Store', line1: 'King Fahd Rd 12', city: 'Riyadh', country: 'SA', phone: '966512345678' },
  destination: {
    name: RECIPIENT,
    line1: 'شارع الأمير سلطان 45',
    city: 'جدة',
    region: 'مكة المكرمة',
    country: 'SA',
    short_address: 'JESA3591',
    postal_code: '23423',
    additional_number: '4321',
    phone: '966501234567',
  },
  parcels: [
    { weight_kg: 1.2, length_cm: 30, width_cm: 20, height_cm: 10 },
    { weight_kg: 0.8, length_cm: 20, width_cm: 20, height_cm: 10 },
  ],
  chargeableWeightKg: 2.5,
  codAmountHalalas: 123450,
  reference: 'ORD-2025-0042',
  createdAt: new Date('2025-03-14T07:22:00Z'),
};

let workDir: string;
const savePdf = (pdf: Buffer) => savePdfIn(workDir, pdf);

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'lgw-labels-int-'));
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('PuppeteerLabelRenderer (real Chromium)', () => {
  const pool = new ChromiumBrowserPool({ pageCount: 2 });
  const renderer = new PuppeteerLabelRenderer(pool);
  let pdfPath: string;

  beforeAll(async () => {
    pdfPath = await savePdf(await renderer.render(label));
  });

  afterAll(() => pool.close());

  it('produces a single A6 page', async () => {
    const info = await pdfInfo(pdfPath);
    expect(info.pages).toBe(1);
    // Chromium rounds the sheet to whole points at 300 dpi (298.08 x 420): within a point of A6.
    expect(info.width).toBeCloseTo(A6_POINTS.width, 2);
    expect(info.height).toBeCloseTo(A6_POINTS.height, 2);
  });

  it('carries a Code 128 of the tracking number and a QR code containing it, readable at 300 dpi', async () => {
    const symbols = await scanBarcodes(pdfPath);
    expect(symbols).toContain(`CODE-128:${label.trackingNumber}`);
    const qr = symbols.filter((symbol) => symbol.startsWith('QR-Code:'));
    expect(qr).toHaveLength(1);
    expect(qr[0]).toContain(label.trackingNumber);
  });

  it('prints the Arabic recipient as real, correctly ordered text and the carrier in English', async () => {
    const text = await pdfText(pdfPath);
    // Logical order, each shaped glyph mapped back to its letter: the name is searchable and
    // copyable, not just drawn. (Names are chosen without the lam-alef ligature, which poppler
    // 22 extracts as alef-lam.)
    expect(text).toContain(RECIPIENT);
    expect(text).toContain('Swift Express');
    expect(text).toContain('سويفت إكسبريس');
    expect(text).toContain(label.trackingNumber);
    expect(text).toContain('SAR 1,234.50');
    expect(text).toContain('JESA3591');
    expect(text).toContain('ORD-2025-0042');
  });

  it('keeps a label with extreme field lengths on one page with both codes readable', async () => {
    const long = 'عبدالرحمن بن عبدالعزيز بن محمد آل سعود الفيصل القحطاني الدوسري الشمري العتيبي المطيري';
    const trackingNumber = 'ABCDEFGHIJ0123456789KLMNOPQRST';
    const path = await savePdf(
      await renderer.render({
        ...label,
        trackingNumber,
        carrier: { ...label.carrier, name_en: 'Gulf Logistics & Freight Forwarding International' },
        origin: { ...label.origin, name: 'A very long merchant company name LLC '.repeat(3), line1: 'Road '.repeat(40) },
        destination: { ...label.destination, name: long, line1: `${long} ${long}`, city: 'الرياض '.repeat(10) },
        parcels: Array.from({ length: 40 }, () => label.parcels[0]),
        codAmountHalalas: 99_999_999,
        reference: 'R'.repeat(100),
      }),
    );
    expect((await pdfInfo(path)).pages).toBe(1);
    const symbols = await scanBarcodes(path);
    expect(symbols).toContain(`CODE-128:${trackingNumber}`);
    expect(symbols).toContain(`QR-Code:${trackingNumber}`);
    // Sorting fields survive: long names and streets are clamped, the national address is not.
    const text = await pdfText(path);
    for (const field of ['JESA3591', '23423', '4321', '999,999.99']) expect(text).toContain(field);
  });

  it('renders concurrent requests beyond the page count, each with its own content', async () => {
    const numbers = Array.from({ length: 5 }, (_, i) => `LGW90000000${i}SA`);
    const pdfs = await Promise.all(numbers.map((trackingNumber) => renderer.render({ ...label, trackingNumber })));
    const texts = await Promise.all(pdfs.map(async (pdf) => pdfText(await savePdf(pdf))));
    texts.forEach((text, i) => {
      expect(text).toContain(numbers[i]);
      numbers.filter((_, j) => j !== i).forEach((other) => expect(text).not.toContain(other));
    });
    expect(pool.stats().launches).toBe(1);
  });

  it('renders many labels in one print, one exact A6 PDF each, in order, each with only its own content and codes', async () => {
    const extreme = {
      ...label,
      trackingNumber: 'LGW800000099SA',
      destination: { ...label.destination, name: 'عبدالرحمن '.repeat(30), line1: 'شارع '.repeat(80) },
      parcels: Array.from({ length: 40 }, () => label.parcels[0]),
    };
    const many = [...Array.from({ length: 4 }, (_, i) => ({ ...label, trackingNumber: `LGW80000000${i}SA` })), extreme];
    const pdfs = await renderer.renderMany(many);
    expect(pdfs).toHaveLength(many.length);
    for (const [i, pdf] of pdfs.entries()) {
      const path = await savePdf(pdf);
      const info = await pdfInfo(path);
      expect({ pages: info.pages, width: info.width.toFixed(2), height: info.height.toFixed(2) }).toEqual({
        pages: 1,
        width: A6_POINTS.width.toFixed(2),
        height: A6_POINTS.height.toFixed(2),
      });
      const text = await pdfText(path);
      expect(text).toContain(many[i].trackingNumber);
      many.filter((_, j) => j !== i).forEach((other) => expect(text).not.toContain(other.trackingNumber));
      const symbols = await scanBarcodes(path);
      expect(symbols).toContain(`CODE-128:${many[i].trackingNumber}`);
      expect(symbols).toContain(`QR-Code:${many[i].trackingNumber}`);
    }
    // The same label as render() draws alone: same text.
    const alone = await pdfText(await savePdf(await renderer.render(many[1])));
    expect(await pdfText(await savePdf(pdfs[1]))).toBe(alone);
  });

  it("reads Chromium's print as a plain document: its labels are cut and merged as bytes, the fonts they share written once", async () => {
    const many = Array.from({ length: 6 }, (_, i) => ({ ...label, trackingNumber: `LGW80000010${i}SA` }));
    const print = await pool.withPage(async (page) => {
      await page.setContent(buildLabelsHtml(many), { waitUntil: 'load' });
      return Buffer.from(await page.pdf({ width: `${LABEL_WIDTH_MM}mm`, height: `${LABEL_HEIGHT_MM}mm`, printBackground: true }));
    });
    // Plain (one classic table, no object streams): the path of plain-pdf.ts, not pdf-lib's.
    expect(readPlainPdf(print)?.pages).toHaveLength(many.length);
    const labels = await splitExactPages(print, LABEL_WIDTH_MM, LABEL_HEIGHT_MM);
    const chunks: Buffer[] = [];
    for await (const chunk of new LabelMerger().merge(
      'pdf_a6',
      (async function* () {
        yield* labels;
      })(),
    ))
      chunks.push(chunk);
    const merged = Buffer.concat(chunks);
    // Each label carries the print's font subsets; the download carries them once.
    const apart = labels.reduce((sum, pdf) => sum + pdf.length, 0);
    expect(merged.length).toBeLessThan(apart / 3);
    const path = await savePdf(merged);
    const info = await pdfInfo(path);
    expect({ pages: info.pages, width: info.width.toFixed(2), height: info.height.toFixed(2) }).toEqual({
      pages: many.length,
      width: A6_POINTS.width.toFixed(2),
      height: A6_POINTS.height.toFixed(2),
    });
    // Each page is its own label, with its own codes and text, in order.
    for (const [i, { trackingNumber }] of many.entries()) {
      expect(await scanBarcodesOfPage(path, i + 1)).toEqual(
        expect.arrayContaining([`CODE-128:${trackingNumber}`, `QR-Code:${trackingNumber}`]),
      );
      expect(await pdfPageText(path, i + 1)).toContain(trackingNumber);
    }
  });
});

describe('ChromiumBrowserPool lifecycle', () => {
  it('replaces the browser after the configured number of renders and removes each profile', async () => {
    const events: BrowserPoolEvent[] = [];
    let onRetired: () => void = () => undefined;
    const retired = new Promise<void>((resolve) => (onRetired = resolve));
    const pool = new ChromiumBrowserPool({
      pageCount: 1,
      maxRendersPerBrowser: 2,
      onEvent: (event) => {
        events.push(event);
        if (event.type === 'retired') onRetired();
      },
    });
    const renderer = new PuppeteerLabelRenderer(pool);
    try {
      await renderer.render(label);
      const firstPid = pool.stats().browserPid!;
      // The second render reaches the limit: the successor launches while the first browser serves.
      await renderer.render(label);
      await retired;
      await renderer.render(label);
      expect(pool.stats().browserPid).not.toBe(firstPid);
      expect(pool.stats().launches).toBe(2);
      await waitUntil(() => !isRunning(firstPid));
    } finally {
      await pool.close();
    }
    const dirs = events.flatMap((e) => (e.type === 'launched' ? [e.userDataDir] : []));
    expect(dirs).toHaveLength(2);
    for (const dir of dirs) expect(existsSync(dir)).toBe(false);
  });

  it('recovers when the browser is killed, including in the middle of a render', async () => {
    const pool = new ChromiumBrowserPool({ pageCount: 1 });
    const renderer = new PuppeteerLabelRenderer(pool);
    try {
      await renderer.render(label);
      process.kill(pool.stats().browserPid!, 'SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await pdfInfo(await savePdf(await renderer.render(label)))).pages).toBe(1);

      const inFlight = renderer.render(label);
      await new Promise((resolve) => setImmediate(resolve));
      process.kill(pool.stats().browserPid!, 'SIGKILL');
      expect((await pdfInfo(await savePdf(await inFlight))).pages).toBe(1);
      expect(pool.stats().launches).toBe(3);
    } finally {
      await pool.close();
    }
  });

  it('stops the browser on close() and refuses further work', async () => {
    const events: BrowserPoolEvent[] = [];
    const pool = new ChromiumBrowserPool({ onEvent: (e) => events.push(e) });
    const renderer = new PuppeteerLabelRenderer(pool);
    await renderer.render(label);
    const pid = pool.stats().browserPid!;
    await pool.close();
    expect(isRunning(pid)).toBe(false);
    const launched = events.find((e) => e.type === 'launched');
    expect(launched?.type === 'launched' && existsSync(launched.userDataDir)).toBe(false);
    await expect(renderer.render(label)).rejects.toBeInstanceOf(BrowserPoolClosedError);
  });

  it('does not launch a browser until the first render', async () => {
    const pool = new ChromiumBrowserPool();
    expect(pool.stats()).toMatchObject({ launches: 0, browserPid: undefined });
    await pool.close();
  });
});

describe('network isolation', () => {
  let server: http.Server;
  let base: string;
  let port: number;
  const requests: string[] = [];
  let connections = 0;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      requests.push(req.url ?? '');
      res.end('x');
    });
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('lets no document reach the network, whatever it asks for', async () => {
    const pool = new ChromiumBrowserPool();
    const renderer = new PuppeteerLabelRenderer(pool);
    const documents = [
      `<img src="${base}/img">`,
      `<link rel="stylesheet" href="${base}/css"><p style="background:url(${base}/bg)">x</p>`,
      `<style>@font-face{font-family:f;src:url(${base}/font)} p{font-family:f}</style><p>x</p>`,
      `<iframe src="${base}/iframe"></iframe><object data="${base}/object"></object>`,
      // Browser-side hints bypass page request interception; the host resolver rules stop them.
      `<link rel="preconnect" href="${base}"><link rel="prefetch" href="${base}/prefetch">`,
      `<link rel="prefetch" href="http://localhost:${port}/prefetch-by-name">`,
      `<script>fetch('${base}/fetch')</script><img src="data:," onerror="new Image().src='${base}/js'">`,
      `<meta http-equiv="refresh" content="0;url=${base}/refresh"><p>x</p>`,
    ];
    try {
      for (const html of documents) {
        // A blocked meta refresh turns into a navigation that can make Chromium refuse to print;
        // that is fine here, where only what reaches the network matters.
        await renderer.renderHtml(html).catch((error: Error) => expect(error.message).toMatch(/Printing failed/));
      }
      // Prefetches are fire-and-forget in the browser: give a stray one time to arrive.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(requests).toEqual([]);
      expect(connections).toBe(0);
      expect(pool.stats().blockedRequests).toBeGreaterThan(0);
      // None of that leaves the pool unable to print a real label.
      expect((await pdfInfo(await savePdf(await renderer.render(label)))).pages).toBe(1);
    } finally {
      await pool.close();
    }
  });

  it('prints markup in user fields as text instead of loading it', async () => {
    const pool = new ChromiumBrowserPool();
    const renderer = new PuppeteerLabelRenderer(pool);
    const injected = `<img src="${base}/injected">`;
    try {
      const pdf = await renderer.render({ ...label, destination: { ...label.destination, name: injected } });
      // The name wraps across lines on the label, so compare without whitespace.
      const text = (await pdfText(await savePdf(pdf))).replace(/\s+/g, '');
      expect(text).toContain(`<imgsrc="${base}/injected">`);
      expect(requests).toEqual([]);
      expect(pool.stats().blockedRequests).toBe(0);
    } finally {
      await pool.close();
    }
  });
});
