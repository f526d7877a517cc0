import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { LabelMerger } from './label-merger';

const run = promisify(execFile);

async function label(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([298, 420]).drawText(text, { x: 20, y: 200, size: 18, font });
  return Buffer.from(await doc.save());
}

async function* slowly(labels: Buffer[], seen: string[]): AsyncIterable<Buffer> {
  for (const [i, body] of labels.entries()) {
    seen.push(`label ${i + 1} read`);
    yield body;
  }
}

describe('LabelMerger (PDF, streamed)', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'lgw-merge-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes one page per label, in order, as a PDF poppler reads without complaint', async () => {
    const texts = Array.from({ length: 12 }, (_, i) => `TRACKING-${String(i + 1).padStart(3, '0')}`);
    const bodies = await Promise.all(texts.map(label));
    const seen: string[] = [];
    const chunks: Buffer[] = [];
    for await (const chunk of new LabelMerger().merge('pdf_a6', slowly(bodies, seen))) {
      seen.push(`chunk ${chunks.length + 1} written`);
      chunks.push(chunk);
    }
    // Each label's page leaves before the next label is read: nothing waits for the whole set
    // (and nothing leaves before the first label was read).
    expect(seen.slice(0, 4)).toEqual(['label 1 read', 'chunk 1 written', 'label 2 read', 'chunk 2 written']);
    const path = join(dir, 'merged.pdf');
    writeFileSync(path, Buffer.concat(chunks));

    const info = await run('pdfinfo', [path]);
    expect(info.stderr).toBe('');
    expect(info.stdout).toMatch(/Pages:\s+12\n/);
    expect(info.stdout).toMatch(/Producer:\s+Logistics Gateway/);
    const text = await run('pdftotext', ['-layout', path, '-']);
    expect(text.stderr).toBe('');
    expect(text.stdout.match(/TRACKING-\d{3}/g)).toEqual(texts);
    // The cross-reference table is exact: pdf-lib reads it back without a repair pass.
    const reread = await PDFDocument.load(Buffer.concat(chunks), { throwOnInvalidObject: true });
    expect(reread.getPageCount()).toBe(12);
  });

  it('passes ZPL through as one stream', async () => {
    const zpl = [Buffer.from('^XA^FDone^FS^XZ'), Buffer.from('^XA^FDtwo^FS^XZ')];
    const chunks: Buffer[] = [];
    for await (const chunk of new LabelMerger().merge('zpl', slowly(zpl, []))) chunks.push(chunk);
    expect(Buffer.concat(chunks).toString()).toBe('^XA^FDone^FS^XZ^XA^FDtwo^FS^XZ');
  });
});
