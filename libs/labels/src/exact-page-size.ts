import { PDFDocument } from 'pdf-lib';

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
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  let changed = false;
  for (const page of document.getPages()) {
    const box = page.getMediaBox();
    if (Math.abs(box.width - width) < 0.005 && Math.abs(box.height - height) < 0.005) continue;
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
 * read of the printed document for both steps.
 */
export async function splitExactPages(pdf: Buffer, widthMm: number, heightMm: number): Promise<Buffer[]> {
  const width = widthMm * POINTS_PER_MM;
  const height = heightMm * POINTS_PER_MM;
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
