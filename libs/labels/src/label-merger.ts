import { PDFDocument, PDFName, PDFNumber, PDFObject, PDFRef } from 'pdf-lib';
import type { LabelFormat } from '@lgw/kernel';
import type { LabelMergerPort } from '@lgw/shipping';

/**
 * One file for many labels, streamed. ZPL labels are self-contained ^XA…^XZ formats, so the
 * stream is their concatenation, written as each label arrives. PDF labels are one-page
 * documents from Chromium: each label's page and what it uses (fonts, images, content) are
 * copied into one object space (pdf-lib, no native code), written out at once and dropped, so
 * memory stays at about one label whatever the count; the page tree, the catalogue and the
 * cross-reference table (a few bytes per page) are written at the end.
 */
export class LabelMerger implements LabelMergerPort {
  merge(format: LabelFormat, labels: AsyncIterable<Buffer>): AsyncIterable<Buffer> {
    return format === 'zpl' ? labels : mergePdfs(labels);
  }
}

async function* mergePdfs(labels: AsyncIterable<Buffer>): AsyncIterable<Buffer> {
  const target = await PDFDocument.create({ updateMetadata: false });
  target.setProducer('Logistics Gateway');
  const context = target.context;
  const pageTree = target.catalog.get(PDFName.of('Pages')) as PDFRef;
  // The catalogue, the page tree and the document information are written last.
  const lastOnes = new Set(context.enumerateIndirectObjects().map(([ref]) => ref.objectNumber));
  const offsets = new Map<number, number>();
  const kids: PDFRef[] = [];
  let position = 0;
  const emit = (chunk: Buffer): Buffer => {
    position += chunk.length;
    return chunk;
  };
  const written = (ref: PDFRef, object: PDFObject): Buffer => {
    offsets.set(ref.objectNumber, position);
    return emit(serialise(ref, object));
  };

  // The header leaves with the first label, so a failure reading it comes before any byte.
  let pending: Buffer[] = [emit(Buffer.from('%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n', 'latin1'))];
  for await (const label of labels) {
    const source = await PDFDocument.load(label, { updateMetadata: false });
    for (const page of await target.copyPages(source, source.getPageIndices())) {
      page.node.set(PDFName.of('Parent'), pageTree);
      kids.push(page.ref);
    }
    for (const [ref, object] of context.enumerateIndirectObjects()) {
      if (lastOnes.has(ref.objectNumber)) continue;
      pending.push(written(ref, object));
      context.delete(ref);
    }
    yield Buffer.concat(pending);
    pending = [];
  }

  const tree = context.lookup(pageTree) as unknown as { set(key: PDFName, value: PDFObject): void };
  tree.set(PDFName.of('Kids'), context.obj(kids));
  tree.set(PDFName.of('Count'), PDFNumber.of(kids.length));
  const tail = pending;
  for (const [ref, object] of context.enumerateIndirectObjects()) tail.push(written(ref, object));
  const size = context.largestObjectNumber + 1;
  const trailer = context.obj({ Size: size, Root: context.trailerInfo.Root, Info: context.trailerInfo.Info });
  const xrefAt = position;
  tail.push(
    Buffer.from(
      `xref\n0 ${size}\n${crossReferences(offsets, size)}trailer\n${trailer.toString()}\nstartxref\n${xrefAt}\n%%EOF\n`,
      'latin1',
    ),
  );
  yield Buffer.concat(tail);
}

function serialise(ref: PDFRef, object: PDFObject): Buffer {
  const body = new Uint8Array(object.sizeInBytes());
  object.copyBytesInto(body, 0);
  return Buffer.concat([
    Buffer.from(`${ref.objectNumber} ${ref.generationNumber} obj\n`, 'latin1'),
    body,
    Buffer.from('\nendobj\n', 'latin1'),
  ]);
}

/** One 20-byte entry per object number; numbers never written (none expected) are chained as free. */
function crossReferences(offsets: ReadonlyMap<number, number>, size: number): string {
  const free = [...Array(size).keys()].filter((n) => n > 0 && !offsets.has(n));
  const nextFree = (n: number) => free.find((f) => f > n) ?? 0;
  let entries = `${pad(nextFree(0), 10)} 65535 f \n`;
  for (let n = 1; n < size; n += 1) {
    const offset = offsets.get(n);
    entries += offset === undefined ? `${pad(nextFree(n), 10)} 00001 f \n` : `${pad(offset, 10)} 00000 n \n`;
  }
  return entries;
}

const pad = (value: number, width: number): string => String(value).padStart(width, '0');
