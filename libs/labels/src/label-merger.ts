import { PDFDocument } from 'pdf-lib';
import type { LabelFormat } from '@lgw/kernel';
import type { LabelMergerPort } from '@lgw/shipping';
import { NotPlainPdf, PageCopier, PlainPdfWriter, readPlainPdf, writePageTree } from './plain-pdf';

/**
 * One file for many labels, streamed. ZPL labels are self-contained ^XA…^XZ formats, so the
 * stream is their concatenation, written as each label arrives. PDF labels are one-page
 * documents: each label's page and what it uses (fonts, images, content) are copied into one
 * object space as bytes, renumbered, written out at once and dropped, so memory stays at about
 * one label whatever the count; an object already written (a font a print's labels share) is
 * written once (plain-pdf.ts). The page tree, the catalogue and the cross-reference table (a few
 * bytes per page) are written at the end. A label that is not a plain document (another
 * writer's object streams) is first rewritten plainly by pdf-lib.
 */
export class LabelMerger implements LabelMergerPort {
  merge(format: LabelFormat, labels: AsyncIterable<Buffer>): AsyncIterable<Buffer> {
    return format === 'zpl' ? labels : mergePdfs(labels);
  }
}

async function* mergePdfs(labels: AsyncIterable<Buffer>): AsyncIterable<Buffer> {
  // The header leaves with the first label, so a failure reading it comes before any byte.
  const writer = new PlainPdfWriter();
  const tree = writer.reserve();
  const copier = new PageCopier(writer, tree);
  const kids: number[] = [];
  for await (const label of labels) {
    const plain = readPlainPdf(label);
    let copied: number[] | undefined;
    if (plain) {
      try {
        copied = plain.pages.map((page) => copier.copy(plain, page));
      } catch (error) {
        if (!(error instanceof NotPlainPdf)) throw error;
      }
    }
    if (!copied) {
      const rewritten = readPlainPdf(await plainly(label));
      if (!rewritten) throw new Error('a label pdf-lib rewrote is still not a plain document');
      copied = rewritten.pages.map((page) => copier.copy(rewritten, page));
    }
    kids.push(...copied);
    yield writer.take();
  }
  const info = writer.add({ head: Buffer.from('<<\n/Producer (Logistics Gateway)\n>>', 'latin1') });
  const root = writePageTree(writer, tree, kids);
  yield writer.finish(root, info);
}

/** The document's pages in a new document written without object streams. */
async function plainly(pdf: Buffer): Promise<Buffer> {
  const source = await PDFDocument.load(pdf, { updateMetadata: false });
  const target = await PDFDocument.create({ updateMetadata: false });
  for (const page of await target.copyPages(source, source.getPageIndices())) target.addPage(page);
  return Buffer.from(await target.save({ useObjectStreams: false, updateFieldAppearances: false }));
}
