import { PDFDocument } from 'pdf-lib';
import { NotPlainPdf, PageCopier, PlainPdf, PlainPdfWriter, readPlainPdf, referencesIn, writePageTree } from './plain-pdf';

const POINTS_PER_MM = 72 / 25.4;

/**
 * Chromium rounds a printed page up to its own grid (A6 came out 298.08 × 420 pt, 4×6 in
 * 288.96 × 432.96 pt), and label printers and the docs expect the exact media: A6 is
 * 297.64 × 419.53 pt, 4×6 in 288 × 432 pt. Every page's boxes are set to the asked size, keeping
 * the top-left corner where the layout starts; what falls outside is under half a point of
 * blank edge.
 */
export async function withExactPageSize(pdf: Buffer, widthMm: number, heightMm: number): Promise<Buffer> {
  const width = widthMm * POINTS_PER_MM;
  const height = heightMm * POINTS_PER_MM;
  const plain = readPlainPdf(pdf);
  if (plain) {
    try {
      if (plain.pages.every((page) => isExact(mediaBox(plain, page), width, height))) return pdf;
      return rewritten(plain, plain.pages, width, height, true);
    } catch (error) {
      if (!(error instanceof NotPlainPdf)) throw error;
    }
  }
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  let changed = false;
  for (const page of document.getPages()) {
    const box = page.getMediaBox();
    if (isExact([box.x, box.y, box.x + box.width, box.y + box.height], width, height)) continue;
    const bottom = box.y + box.height - height;
    page.setMediaBox(box.x, bottom, width, height);
    page.setCropBox(box.x, bottom, width, height);
    changed = true;
  }
  if (!changed) return pdf;
  return Buffer.from(await document.save({ useObjectStreams: false, updateFieldAppearances: false }));
}

/**
 * Each page of a document as a document of its own, in order (the resources each page uses are
 * copied with it), each page's boxes set to the exact size as withExactPageSize sets them: one
 * read of the printed document for both steps, and for Chromium's prints no parse of what the
 * pages draw (plain-pdf.ts).
 */
export async function splitExactPages(pdf: Buffer, widthMm: number, heightMm: number): Promise<Buffer[]> {
  const width = widthMm * POINTS_PER_MM;
  const height = heightMm * POINTS_PER_MM;
  const plain = readPlainPdf(pdf);
  if (plain) {
    try {
      return plain.pages.map((page) => rewritten(plain, [page], width, height, false));
    } catch (error) {
      if (!(error instanceof NotPlainPdf)) throw error;
    }
  }
  return splitWithPdfLib(pdf, width, height);
}

/** splitExactPages for any document pdf-lib reads, through its full object model (the general path). */
export async function splitWithPdfLib(pdf: Buffer, width: number, height: number): Promise<Buffer[]> {
  const source = await PDFDocument.load(pdf, { updateMetadata: false });
  const pages: Buffer[] = [];
  for (let index = 0; index < source.getPageCount(); index++) {
    const single = await PDFDocument.create({ updateMetadata: false });
    const [page] = await single.copyPages(source, [index]);
    const box = page.getMediaBox();
    const bottom = box.y + box.height - height;
    page.setMediaBox(box.x, bottom, width, height);
    page.setCropBox(box.x, bottom, width, height);
    single.addPage(page);
    pages.push(Buffer.from(await single.save({ useObjectStreams: false, updateFieldAppearances: false })));
  }
  return pages;
}

/**
 * A new document of `pages` of a plain one, each with its boxes set to the exact size; a whole
 * document keeps its information and its catalogue's own entries (a label cut from a print is
 * a new document, as pdf-lib's cut was).
 */
function rewritten(source: PlainPdf, pages: readonly number[], width: number, height: number, keepInfo: boolean): Buffer {
  const writer = new PlainPdfWriter();
  const tree = writer.reserve();
  const copier = new PageCopier(writer, tree);
  const kids = pages.map((page) =>
    copier.copy(source, page, (entries) => {
      const [x, , , top] = mediaBox(source, page);
      const box = `[${[x, top - height, x + width, top].map(decimal).join(' ')}]`;
      entries.set('MediaBox', box);
      entries.set('CropBox', box);
    }),
  );
  const info = keepInfo && source.info !== null ? source.objects.get(source.info) : undefined;
  const infoNumber = info && referencesIn(info.head).length === 0 ? writer.add(info) : undefined;
  const root = writePageTree(writer, tree, kids, keepInfo ? source.objects.get(source.root) : undefined);
  return Buffer.concat([writer.take(), writer.finish(root, infoNumber)]);
}

/** The page's own media box as [x0, y0, x1, y1]; NotPlainPdf when it is inherited or not four numbers. */
function mediaBox(source: PlainPdf, page: number): number[] {
  const head = source.objects.get(page)?.head.toString('latin1') ?? '';
  const match = /\/MediaBox\s*\[\s*(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s*\]/.exec(head);
  if (!match) throw new NotPlainPdf(`page ${page} has no media box of its own`);
  return match.slice(1).map(Number);
}

function isExact([x0, y0, x1, y1]: number[], width: number, height: number): boolean {
  return Math.abs(x1 - x0 - width) < 0.005 && Math.abs(y1 - y0 - height) < 0.005;
}

const decimal = (value: number) => String(Math.round(value * 1e6) / 1e6);
