import { PDFDocument } from 'pdf-lib';
import type { LabelFormat, LabelMergerPort } from '@lgw/application';

/**
 * One file for many labels. ZPL labels are self-contained ^XA…^XZ formats, so the stream is
 * their concatenation, written as each label arrives. PDF labels are one-page documents from
 * Chromium: each page is copied into one document (pdf-lib, no native code) and the input is
 * dropped at once; only the output document grows, by about one label's size per page.
 */
export class LabelMerger implements LabelMergerPort {
  merge(format: LabelFormat, labels: AsyncIterable<Buffer>): AsyncIterable<Buffer> {
    return format === 'zpl' ? labels : mergePdfs(labels);
  }
}

async function* mergePdfs(labels: AsyncIterable<Buffer>): AsyncIterable<Buffer> {
  const merged = await PDFDocument.create();
  merged.setProducer('Logistics Gateway');
  for await (const label of labels) {
    const source = await PDFDocument.load(label, { updateMetadata: false });
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  const bytes = await merged.save({ useObjectStreams: true });
  yield Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
