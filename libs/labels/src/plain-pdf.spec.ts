import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { splitExactPages, withExactPageSize } from './exact-page-size';
import { LabelMerger } from './label-merger';
import {
  dictionaryEntries,
  NotPlainPdf,
  PageCopier,
  PlainPdfWriter,
  readPlainPdf,
  referencesIn,
  renumbered,
  writePageTree,
} from './plain-pdf';

const run = promisify(execFile);

/** A classic-table document from object bodies (1-based), as Chromium writes them; `trailer` extra entries. */
function handWritten(bodies: string[], root: number, trailer = ''): Buffer {
  let out = '%PDF-1.4\n%\u00d3\u00eb\u00e9\u00e1\n';
  const offsets: number[] = [];
  bodies.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const at = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<</Size ${bodies.length + 1}\n/Root ${root} 0 R${trailer}>>\nstartxref\n${at}\n%%EOF`;
  return Buffer.from(out, 'latin1');
}

const stream = (content: string, extra = '') => `<</Length ${Buffer.byteLength(content, 'latin1')}${extra}>> stream\n${content}\nendstream`;
const text = (words: string) => `BT /F1 18 Tf 20 200 Td (${words}) Tj ET`;

/**
 * Three pages under a nested page tree, sharing a font and a graphics state; page 2 carries a
 * link annotation naming its own page (/P), so its objects refer back to it; strings and a stream
 * hold text that looks like references and keywords.
 */
function threePages(): Buffer {
  return handWritten(
    [
      /* 1 */ '<</Type /Catalog /Pages 2 0 R /ViewerPreferences <</DisplayDocTitle true>>>>',
      /* 2 */ '<</Type /Pages /Kids [3 0 R 10 0 R] /Count 3>>',
      /* 3 */ '<</Type /Pages /Parent 2 0 R /Kids [4 0 R 6 0 R] /Count 2>>',
      /* 4 */ '<</Type /Page /Parent 3 0 R /MediaBox [0 0 298.07999 420] /Resources <</Font <</F1 8 0 R>> /ExtGState <</G1 9 0 R>>>> /Contents 5 0 R>>',
      /* 5 */ stream(text('PAGE-ONE 7 0 R endobj stream')),
      /* 6 */ '<</Type /Page /Parent 3 0 R /MediaBox [0 0 298.07999 420] /Resources <</Font <</F1 8 0 R>>>> /Contents 7 0 R /Annots [11 0 R]>>',
      /* 7 */ stream(text('PAGE-TWO')),
      /* 8 */ '<</Type /Font /Subtype /Type1 /BaseFont /Helvetica /Name (F1 is 1 0 R, not a reference) /Hex <3120302052>>>',
      /* 9 */ '<</Type /ExtGState /ca 1 /LW 1.5>>',
      /* 10 */ '<</Type /Page /Parent 2 0 R /MediaBox [0 0 298.07999 420] /Resources <</Font <</F1 8 0 R>> /ExtGState <</G1 9 0 R>>>> /Contents 12 0 R>>',
      /* 11 */ '<</Type /Annot /Subtype /Link /Rect [0 0 10 10] /P 6 0 R /A <</S /URI /URI (https://example.com/a?b=1 0 R)>>>>',
      /* 12 */ stream(text('PAGE-THREE')),
      /* 13 */ '<</Title (Labels \\(3\\)) /Producer (hand)>>',
    ],
    1,
    '\n/Info 13 0 R',
  );
}

describe('plain PDF documents (objects as bytes)', () => {
  let dir: string;
  let n = 0;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'lgw-plain-pdf-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const saved = (pdf: Buffer) => {
    const path = join(dir, `${++n}.pdf`);
    writeFileSync(path, pdf);
    return path;
  };
  /** pdfinfo and pdftotext without a complaint, and pdf-lib without a repair pass. */
  const readBack = async (pdf: Buffer) => {
    const path = saved(pdf);
    const info = await run('pdfinfo', [path]);
    expect(info.stderr).toBe('');
    const words = await run('pdftotext', [path, '-']);
    expect(words.stderr).toBe('');
    await PDFDocument.load(pdf, { throwOnInvalidObject: true });
    return {
      pages: Number(/Pages:\s+(\d+)/.exec(info.stdout)?.[1]),
      size: /Page size:\s+([\d.]+ x [\d.]+)/.exec(info.stdout)?.[1],
      text: words.stdout.match(/PAGE-[A-Z]+/g) ?? [],
      info: info.stdout,
    };
  };

  it('reads the objects, the pages in order through a nested tree, the page tree and the information', () => {
    const plain = readPlainPdf(threePages())!;
    expect(plain.pages).toEqual([4, 6, 10]);
    expect([...plain.structure].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 6, 10]);
    expect(plain.info).toBe(13);
    expect(plain.objects.get(5)!.stream!.toString('latin1')).toBe(text('PAGE-ONE 7 0 R endobj stream'));
    expect(dictionaryEntries(plain.objects.get(4)!.head).get('Contents')!.toString()).toBe('5 0 R');
  });

  it('finds and renumbers references only: not in strings, hex strings, names or decimals', () => {
    const head = Buffer.from('<</A 12 0 R /B [1 0 R (x 3 0 R) <3420305220>] /C3 5 0 R /D 1.5 /E <</F 7 0 R>> /G 8 1 R>>', 'latin1');
    expect(referencesIn(head)).toEqual([12, 1, 5, 7, 8]);
    expect(renumbered(head, (n) => n * 10).toString('latin1')).toBe(
      '<</A 120 0 R /B [10 0 R (x 3 0 R) <3420305220>] /C3 50 0 R /D 1.5 /E <</F 70 0 R>> /G 80 0 R>>',
    );
  });

  it('reads as not plain what other writers produce: object streams, encryption, an incremental update, a stream length elsewhere', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([100, 100]);
    expect(readPlainPdf(Buffer.from(await doc.save()))).toBeNull(); // pdf-lib's object and cross-reference streams
    expect(readPlainPdf(Buffer.from(await doc.save({ useObjectStreams: false })))).not.toBeNull();
    expect(
      readPlainPdf(handWritten(['<</Type /Catalog /Pages 2 0 R>>', '<</Type /Pages /Kids [] /Count 0>>'], 1, '\n/Encrypt 2 0 R')),
    ).toBeNull();
    expect(readPlainPdf(handWritten(['<</Type /Catalog /Pages 2 0 R>>', '<</Type /Pages /Kids [] /Count 0>>'], 1, '\n/Prev 9'))).toBeNull();
    const indirect = handWritten(
      ['<</Type /Catalog /Pages 2 0 R>>', '<</Type /Pages /Kids [] /Count 0>>', '<</Length 4 0 R>> stream\nabc\nendstream', '3'],
      1,
    );
    expect(readPlainPdf(indirect)).toBeNull();
    expect(readPlainPdf(Buffer.from('not a pdf'))).toBeNull();
    const truncated = threePages();
    expect(readPlainPdf(truncated.subarray(0, truncated.length - 40))).toBeNull();
  });

  it('splits each page into a document of its own with exact A6 boxes, an annotation naming its page included', async () => {
    const pages = await splitExactPages(threePages(), 105, 148);
    expect(pages).toHaveLength(3);
    const read = await Promise.all(pages.map(readBack));
    expect(read.map((r) => r.text)).toEqual([['PAGE-ONE'], ['PAGE-TWO'], ['PAGE-THREE']]);
    for (const r of read) expect({ pages: r.pages, size: r.size }).toEqual({ pages: 1, size: '297.638 x 419.528' });
    // The annotation still names the page it sits on, in its new document.
    const second = readPlainPdf(pages[1])!;
    const annotation = [...second.objects.values()].find((o) => o.head.includes('/Subtype /Link'))!;
    expect(referencesIn(dictionaryEntries(annotation.head).get('P')!)).toEqual([second.pages[0]]);
    // The top-left corner stays where the layout starts.
    expect(dictionaryEntries(second.objects.get(second.pages[0])!.head).get('MediaBox')!.toString()).toBe('[0 0.472441 297.637795 420]');
  });

  it('sets the boxes of every page and keeps the document information; an exact document is returned as it is', async () => {
    const exact = await withExactPageSize(threePages(), 105, 148);
    const read = await readBack(exact);
    expect({ pages: read.pages, size: read.size, text: read.text }).toEqual({
      pages: 3,
      size: '297.638 x 419.528',
      text: ['PAGE-ONE', 'PAGE-TWO', 'PAGE-THREE'],
    });
    expect(read.info).toMatch(/Title:\s+Labels \(3\)/);
    const plain = readPlainPdf(exact)!;
    expect(dictionaryEntries(plain.objects.get(plain.root)!.head).get('ViewerPreferences')!.toString()).toBe('<</DisplayDocTitle true>>');
    expect(await withExactPageSize(exact, 105, 148)).toBe(exact);
  });

  it('takes the general path for a page that uses the page tree, with the same pages out', async () => {
    // Page 1 links to page 2 (/Dest names another page): it cannot leave on its own as bytes.
    const linked = handWritten(
      [
        '<</Type /Catalog /Pages 2 0 R>>',
        '<</Type /Pages /Kids [3 0 R 5 0 R] /Count 2>>',
        '<</Type /Page /Parent 2 0 R /MediaBox [0 0 298.07999 420] /Resources <</Font <</F1 7 0 R>>>> /Contents 4 0 R /Annots [8 0 R]>>',
        stream(text('PAGE-ONE')),
        '<</Type /Page /Parent 2 0 R /MediaBox [0 0 298.07999 420] /Resources <</Font <</F1 7 0 R>>>> /Contents 6 0 R>>',
        stream(text('PAGE-TWO')),
        '<</Type /Font /Subtype /Type1 /BaseFont /Helvetica>>',
        '<</Type /Annot /Subtype /Link /Rect [0 0 10 10] /Dest [5 0 R /Fit]>>',
      ],
      1,
    );
    const source = readPlainPdf(linked)!;
    const writer = new PlainPdfWriter();
    expect(() => new PageCopier(writer, writer.reserve()).copy(source, 3)).toThrow(NotPlainPdf);
    const pages = await splitExactPages(linked, 105, 148);
    expect((await Promise.all(pages.map(readBack))).map((r) => [r.text, r.size])).toEqual([
      [['PAGE-ONE'], '297.638 x 419.528'],
      [['PAGE-TWO'], '297.638 x 419.528'],
    ]);
  });

  it("merges labels with what they share written once, pdf-lib's own documents among them", async () => {
    const split = await splitExactPages(threePages(), 105, 148);
    const generated = await PDFDocument.create();
    const font = await generated.embedFont(StandardFonts.Helvetica);
    generated.addPage([298, 420]).drawText('PAGE-FOUR', { x: 20, y: 200, size: 18, font });
    const other = Buffer.from(await generated.save()); // object streams: rewritten plainly first
    async function* labels() {
      yield* [...split, other, split[0]];
    }
    const chunks: Buffer[] = [];
    for await (const chunk of new LabelMerger().merge('pdf_a6', labels())) chunks.push(chunk);
    const merged = Buffer.concat(chunks);
    const read = await readBack(merged);
    expect(read.pages).toBe(5);
    expect(read.text).toEqual(['PAGE-ONE', 'PAGE-TWO', 'PAGE-THREE', 'PAGE-FOUR', 'PAGE-ONE']);
    expect(read.info).toMatch(/Producer:\s+Logistics Gateway/);
    // The shared Helvetica and graphics state of the split labels once; pdf-lib's Helvetica once more.
    const plain = readPlainPdf(merged)!;
    const count = (what: string) => [...plain.objects.values()].filter((o) => o.head.includes(what)).length;
    expect(count('/BaseFont /Helvetica')).toBe(2);
    expect(count('/ExtGState /ca 1')).toBe(1);
    expect(plain.pages).toHaveLength(5);
    expect(new Set(plain.pages).size).toBe(5);
  });

  it('copies objects that refer to each other in a circle as they are', async () => {
    const circle = handWritten(
      [
        '<</Type /Catalog /Pages 2 0 R>>',
        '<</Type /Pages /Kids [3 0 R] /Count 1>>',
        '<</Type /Page /Parent 2 0 R /MediaBox [0 0 298.07999 420] /Resources <</Font <</F1 5 0 R>> /Properties <</MC0 6 0 R>>>> /Contents 4 0 R>>',
        stream(text('PAGE-CIRCLE')),
        '<</Type /Font /Subtype /Type1 /BaseFont /Helvetica>>',
        '<</Type /OCG /Name (first) /Next 7 0 R>>',
        '<</Type /OCG /Name (second) /Previous 6 0 R>>',
      ],
      1,
    );
    const [page] = await splitExactPages(circle, 105, 148);
    expect((await readBack(page)).text).toEqual(['PAGE-CIRCLE']);
    const plain = readPlainPdf(page)!;
    const named = (name: string) => [...plain.objects.entries()].find(([, o]) => o.head.includes(`(${name})`))!;
    const [first, firstObject] = named('first');
    const [second, secondObject] = named('second');
    expect(referencesIn(secondObject.head)).toEqual([first]);
    expect(referencesIn(firstObject.head)).toEqual([second]);
  });

  it('writes a cross-reference table that names every object it wrote', () => {
    const writer = new PlainPdfWriter();
    const tree = writer.reserve();
    const copier = new PageCopier(writer, tree);
    const source = readPlainPdf(threePages())!;
    const kids = source.pages.map((page) => copier.copy(source, page));
    const pdf = Buffer.concat([writer.take(), writer.finish(writePageTree(writer, tree, kids))]);
    const reread = readPlainPdf(pdf)!;
    expect(reread.pages).toEqual(kids);
    const unfinished = new PlainPdfWriter();
    unfinished.reserve();
    expect(() => unfinished.finish(1)).toThrow(/reserved and never written/);
  });
});
