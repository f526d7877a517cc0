import { createHash } from 'node:crypto';

/**
 * PDF documents as their objects' bytes, for the label paths that only move pages between
 * documents (a print split into one document per label, labels merged into one download, page
 * boxes set to the exact media). Chromium's prints and what this module writes are plain: one
 * classic cross-reference table, no object streams, no encryption, no incremental update. Such a
 * document is read from its table without parsing what it does not touch — content streams and
 * font files are copied as bytes — which costs a fraction of a general PDF library's full object
 * model (docs/adr/0094). Anything else reads as null, and callers take the general path.
 */

/** One indirect object: the direct object written between `obj` and `stream`/`endobj`, and a stream's bytes. */
export interface PlainObject {
  readonly head: Buffer;
  readonly stream?: Buffer;
}

export interface PlainPdf {
  readonly objects: ReadonlyMap<number, PlainObject>;
  /** The page objects' numbers, in page order. */
  readonly pages: readonly number[];
  /** The catalogue and the page tree's nodes, pages included: what a copied page must not use. */
  readonly structure: ReadonlySet<number>;
  /** The document information dictionary's number, if any. */
  readonly info: number | null;
  /** The catalogue's number. */
  readonly root: number;
}

/** What a plain document does not hold (or a page that cannot be copied on its own): callers take the general path. */
export class NotPlainPdf extends Error {}

const WS = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isRegular = (c: number | undefined) => c !== undefined && !WS.has(c) && !DELIMITERS.has(c);

function skipWs(b: Buffer, i: number, end = b.length): number {
  while (i < end) {
    if (WS.has(b[i])) i++;
    else if (b[i] === 0x25) while (i < end && b[i] !== 0x0a && b[i] !== 0x0d) i++;
    else break;
  }
  return i;
}

function skipLiteralString(b: Buffer, i: number, end: number): number {
  let depth = 0;
  for (; i < end; i++) {
    const c = b[i];
    if (c === 0x5c) i++;
    else if (c === 0x28) depth++;
    else if (c === 0x29 && --depth === 0) return i + 1;
  }
  throw new NotPlainPdf('unterminated string');
}

/** A regular token (number, keyword, or a name's body) from `i`. */
function tokenEnd(b: Buffer, i: number, end: number): number {
  while (i < end && isRegular(b[i])) i++;
  return i;
}

/** `int ws int ws R` at `i`: the end of the reference, or -1. */
function referenceEnd(b: Buffer, i: number, end: number): number {
  let j = i;
  while (j < end && isDigit(b[j])) j++;
  if (j === i || !WS.has(b[j])) return -1;
  let k = skipWs(b, j, end);
  const generation = k;
  while (k < end && isDigit(b[k])) k++;
  if (k === generation || !WS.has(b[k])) return -1;
  k = skipWs(b, k, end);
  return b[k] === 0x52 && !isRegular(b[k + 1]) ? k + 1 : -1;
}

/** The end of the direct object starting at `i` (a reference counts as one object). */
function valueEnd(b: Buffer, i: number, end: number): number {
  const c = b[i];
  if (c === 0x3c && b[i + 1] === 0x3c) {
    let j = skipWs(b, i + 2, end);
    while (!(b[j] === 0x3e && b[j + 1] === 0x3e)) {
      if (j >= end) throw new NotPlainPdf('unterminated dictionary');
      j = skipWs(b, valueEnd(b, j, end), end); // the key, a name
      j = skipWs(b, valueEnd(b, j, end), end);
    }
    return j + 2;
  }
  if (c === 0x5b) {
    let j = skipWs(b, i + 1, end);
    while (b[j] !== 0x5d) {
      if (j >= end) throw new NotPlainPdf('unterminated array');
      j = skipWs(b, valueEnd(b, j, end), end);
    }
    return j + 1;
  }
  if (c === 0x28) return skipLiteralString(b, i, end);
  if (c === 0x3c) {
    const close = b.indexOf(0x3e, i);
    if (close < 0 || close >= end) throw new NotPlainPdf('unterminated hex string');
    return close + 1;
  }
  if (c === 0x2f) return tokenEnd(b, i + 1, end);
  if (isDigit(c)) {
    const reference = referenceEnd(b, i, end);
    if (reference > 0) return reference;
  }
  const j = tokenEnd(b, i, end);
  if (j === i) throw new NotPlainPdf(`unexpected byte ${c} at ${i}`);
  return j;
}

/** Walks `head`'s indirect references (not strings, hex strings, names, comments or decimals): each one's object number and byte span. */
function eachReference(head: Buffer, found: (objectNumber: number, start: number, end: number) => void): void {
  const end = head.length;
  for (let i = 0; i < end;) {
    const c = head[i];
    if (c === 0x28) i = skipLiteralString(head, i, end);
    else if (c === 0x3c) i = head[i + 1] === 0x3c ? i + 2 : valueEnd(head, i, end);
    else if (c === 0x25) i = skipWs(head, i, end);
    else if (isDigit(c) && !isRegular(head[i - 1]) && head[i - 1] !== 0x2e) {
      const reference = referenceEnd(head, i, end);
      if (reference < 0) i = tokenEnd(head, i, end);
      else {
        found(Number(head.toString('latin1', i, tokenEnd(head, i, end))), i, reference);
        i = reference;
      }
    } else i++;
  }
}

/**
 * `head` with every indirect reference replaced by what `to` answers for its object number
 * (strings, names and numbers that are not references are left as they are).
 */
export function renumbered(head: Buffer, to: (objectNumber: number) => number): Buffer {
  const parts: Buffer[] = [];
  let copied = 0;
  eachReference(head, (number, start, end) => {
    parts.push(head.subarray(copied, start), Buffer.from(`${to(number)} 0 R`, 'latin1'));
    copied = end;
  });
  if (copied === 0) return head;
  parts.push(head.subarray(copied));
  return Buffer.concat(parts);
}

/** The object numbers `head` refers to, in order of appearance. */
export function referencesIn(head: Buffer): number[] {
  const found: number[] = [];
  eachReference(head, (number) => found.push(number));
  return found;
}

/** A dictionary's top-level entries: key (without the slash) → the value's bytes. */
export function dictionaryEntries(head: Buffer): Map<string, Buffer> {
  const end = head.length;
  let i = skipWs(head, 0, end);
  if (!(head[i] === 0x3c && head[i + 1] === 0x3c)) throw new NotPlainPdf('not a dictionary');
  const entries = new Map<string, Buffer>();
  i = skipWs(head, i + 2, end);
  while (!(head[i] === 0x3e && head[i + 1] === 0x3e)) {
    if (head[i] !== 0x2f) throw new NotPlainPdf('dictionary key is not a name');
    const keyEnd = tokenEnd(head, i + 1, end);
    const valueAt = skipWs(head, keyEnd, end);
    const after = valueEnd(head, valueAt, end);
    entries.set(head.toString('latin1', i + 1, keyEnd), head.subarray(valueAt, after));
    i = skipWs(head, after, end);
  }
  return entries;
}

/** A dictionary written from entries (values as bytes, in their order). */
export function dictionary(entries: ReadonlyMap<string, Buffer | string>): Buffer {
  const parts: Buffer[] = [Buffer.from('<<', 'latin1')];
  for (const [key, value] of entries)
    parts.push(Buffer.from(`\n/${key} `, 'latin1'), typeof value === 'string' ? Buffer.from(value, 'latin1') : value);
  parts.push(Buffer.from('\n>>', 'latin1'));
  return Buffer.concat(parts);
}

const referenceTo = (value: Buffer | undefined): number | null => {
  const match = value && /^(\d+)\s+\d+\s+R$/.exec(value.toString('latin1'));
  return match ? Number(match[1]) : null;
};

/** Reads a plain document (see above); null for any other. */
export function readPlainPdf(pdf: Buffer): PlainPdf | null {
  try {
    return read(pdf);
  } catch (error) {
    if (error instanceof NotPlainPdf) return null;
    throw error;
  }
}

function read(pdf: Buffer): PlainPdf {
  if (pdf.toString('latin1', 0, 5) !== '%PDF-') throw new NotPlainPdf('no header');
  const tail = pdf.toString('latin1', Math.max(0, pdf.length - 64));
  const startxref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!startxref) throw new NotPlainPdf('no startxref');
  let i = Number(startxref[1]);
  if (pdf.toString('latin1', i, i + 4) !== 'xref') throw new NotPlainPdf('not a classic cross-reference table');
  i = skipWs(pdf, i + 4);
  const offsets = new Map<number, number>();
  while (isDigit(pdf[i])) {
    const header = /^(\d+) (\d+)/.exec(pdf.toString('latin1', i, i + 32));
    if (!header) throw new NotPlainPdf('bad subsection');
    const first = Number(header[1]);
    const count = Number(header[2]);
    i = skipWs(pdf, i + header[0].length);
    for (let n = 0; n < count; n++) {
      const entry = pdf.toString('latin1', i, i + 18);
      if (!/^\d{10} \d{5} [nf]$/.test(entry)) throw new NotPlainPdf('bad cross-reference entry');
      if (entry[17] === 'n') offsets.set(first + n, Number(entry.slice(0, 10)));
      i = skipWs(pdf, i + 18);
    }
  }
  if (pdf.toString('latin1', i, i + 7) !== 'trailer') throw new NotPlainPdf('no trailer');
  const trailerAt = skipWs(pdf, i + 7);
  const trailer = dictionaryEntries(pdf.subarray(trailerAt, valueEnd(pdf, trailerAt, pdf.length)));
  if (trailer.has('Prev') || trailer.has('Encrypt')) throw new NotPlainPdf('incremental update or encryption');

  const objects = new Map<number, PlainObject>();
  for (const [number, at] of offsets) objects.set(number, readObject(pdf, number, at));
  const root = referenceTo(trailer.get('Root'));
  const catalog = root === null ? undefined : objects.get(root);
  if (!catalog) throw new NotPlainPdf('no catalogue');
  const pages: number[] = [];
  const structure = new Set<number>([root as number]);
  const visit = (number: number | null, depth: number) => {
    const node = number === null ? undefined : objects.get(number);
    if (!node || depth > 32 || structure.has(number as number)) throw new NotPlainPdf('broken page tree');
    structure.add(number as number);
    const entries = dictionaryEntries(node.head);
    const type = entries.get('Type')?.toString('latin1');
    if (type === '/Page') pages.push(number as number);
    else if (type === '/Pages') for (const kid of referencesIn(entries.get('Kids') ?? Buffer.alloc(0))) visit(kid, depth + 1);
    else throw new NotPlainPdf('page tree node of another type');
  };
  visit(referenceTo(dictionaryEntries(catalog.head).get('Pages')), 0);
  return { objects, pages, structure, info: referenceTo(trailer.get('Info')), root: root as number };
}

function readObject(pdf: Buffer, number: number, at: number): PlainObject {
  const header = /^(\d+)\s+(\d+)\s+obj/.exec(pdf.toString('latin1', at, at + 32));
  if (!header || Number(header[1]) !== number) throw new NotPlainPdf(`object ${number} not at its offset`);
  const start = skipWs(pdf, at + header[0].length);
  const end = valueEnd(pdf, start, pdf.length);
  const head = pdf.subarray(start, end);
  const after = skipWs(pdf, end);
  if (pdf.toString('latin1', after, after + 6) === 'endobj') return { head };
  if (pdf.toString('latin1', after, after + 6) !== 'stream') throw new NotPlainPdf(`object ${number}: neither endobj nor stream`);
  const length = dictionaryEntries(head).get('Length')?.toString('latin1');
  if (!length || !/^\d+$/.test(length)) throw new NotPlainPdf(`object ${number}: stream length is not a direct number`);
  let data = after + 6;
  if (pdf[data] === 0x0d) data++;
  if (pdf[data] !== 0x0a) throw new NotPlainPdf(`object ${number}: no end of line after stream`);
  data++;
  const stream = pdf.subarray(data, data + Number(length));
  const close = skipWs(pdf, data + Number(length));
  if (pdf.toString('latin1', close, close + 9) !== 'endstream') throw new NotPlainPdf(`object ${number}: stream length does not match`);
  return { head, stream };
}

/**
 * Writes a document object by object: the header goes with the first chunk, each object is
 * written as it is added, and the cross-reference table and trailer at the end.
 */
export class PlainPdfWriter {
  private position = 0;
  private readonly offsets = new Map<number, number>();
  private pending: Buffer[] = [];
  private nextNumber = 1;

  constructor() {
    this.emit(Buffer.from('%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n', 'latin1'));
  }

  /** An object number for an object written later (the page tree, the catalogue). */
  reserve(): number {
    return this.nextNumber++;
  }

  /** Writes an object (under a reserved number, or a new one) and answers its number. */
  add(object: PlainObject, number = this.reserve()): number {
    this.offsets.set(number, this.position);
    this.emit(Buffer.from(`${number} 0 obj\n`, 'latin1'));
    this.emit(object.head);
    if (object.stream) {
      this.emit(Buffer.from('\nstream\n', 'latin1'));
      this.emit(object.stream);
      this.emit(Buffer.from('\nendstream', 'latin1'));
    }
    this.emit(Buffer.from('\nendobj\n', 'latin1'));
    return number;
  }

  /** What was written since the last call. */
  take(): Buffer {
    const out = Buffer.concat(this.pending);
    this.pending = [];
    return out;
  }

  /** The cross-reference table and trailer; the last chunk. */
  finish(root: number, info?: number): Buffer {
    const size = this.nextNumber;
    let table = `xref\n0 ${size}\n0000000000 65535 f \n`;
    for (let n = 1; n < size; n++) {
      const offset = this.offsets.get(n);
      if (offset === undefined) throw new Error(`object ${n} was reserved and never written`);
      table += `${String(offset).padStart(10, '0')} 00000 n \n`;
    }
    const at = this.position;
    this.emit(
      Buffer.from(
        `${table}trailer\n<<\n/Size ${size}\n/Root ${root} 0 R${info ? `\n/Info ${info} 0 R` : ''}\n>>\nstartxref\n${at}\n%%EOF\n`,
        'latin1',
      ),
    );
    return this.take();
  }

  private emit(chunk: Buffer): void {
    this.position += chunk.length;
    this.pending.push(chunk);
  }
}

/**
 * Copies pages of plain documents into one writer. The objects a page uses are copied after
 * what they use, renumbered; an object whose bytes (with its references renumbered) were
 * written already is not written again, so the fonts a print's labels share are in a merged
 * download once per print, not once per label. An object naming the page (an annotation's /P)
 * names its copy. Objects that refer to each other in a circle are copied as they are, without
 * that sharing. The page's parent is set to `parent`, and `edit` may change the page's own
 * entries (its boxes).
 */
export class PageCopier {
  private readonly written = new Map<string, number>();

  constructor(
    private readonly writer: PlainPdfWriter,
    private readonly parent: number,
  ) {}

  /** Copies `page` of `source` and answers the copy's object number; NotPlainPdf when the page uses the page tree. */
  copy(source: PlainPdf, page: number, edit: (entries: Map<string, Buffer | string>) => void = () => undefined): number {
    const entries: Map<string, Buffer | string> = dictionaryEntries(objectOf(source, page).head);
    entries.delete('Parent');
    let references = referencesOf.get(source);
    if (!references) referencesOf.set(source, (references = new Map()));
    const used = (number: number) => {
      let found = references.get(number);
      if (!found) references.set(number, (found = referencesIn(objectOf(source, number).head)));
      return found;
    };
    // What the page uses, and whether any of it leads back to what uses it.
    const state = new Map<number, 'open' | 'done'>();
    let circular = false;
    const explore = (number: number) => {
      if (number === page) return; // its number is reserved first: what names it is written after it is known
      if (source.structure.has(number)) throw new NotPlainPdf(`page ${page} uses the page tree (object ${number})`);
      const seen = state.get(number);
      if (seen === 'open') circular = true;
      if (seen) return;
      state.set(number, 'open');
      for (const next of used(number)) explore(next);
      state.set(number, 'done');
    };
    for (const value of entries.values()) for (const number of referencesIn(value as Buffer)) explore(number);

    const pageNumber = this.writer.reserve();
    const numbers = new Map<number, number>([[page, pageNumber]]);
    if (circular) {
      for (const number of state.keys()) numbers.set(number, this.writer.reserve());
      const to = (n: number) => numbers.get(n) as number;
      for (const number of state.keys()) {
        const object = objectOf(source, number);
        this.writer.add({ head: renumbered(object.head, to), stream: object.stream }, to(number));
      }
    } else {
      const place = (number: number): number => {
        const done = numbers.get(number);
        if (done !== undefined) return done;
        const object = objectOf(source, number);
        const head = renumbered(object.head, place);
        const key = createHash('sha1')
          .update(head)
          .update(object.stream ? '\u0000stream\u0000' : '')
          .update(object.stream ?? Buffer.alloc(0))
          .digest('base64');
        let placed = this.written.get(key);
        if (placed === undefined) this.written.set(key, (placed = this.writer.add({ head, stream: object.stream })));
        numbers.set(number, placed);
        return placed;
      };
      for (const number of state.keys()) place(number);
    }
    const to = (n: number) => numbers.get(n) as number;
    for (const [key, value] of entries) entries.set(key, renumbered(value as Buffer, to));
    entries.set('Parent', `${this.parent} 0 R`);
    edit(entries);
    return this.writer.add({ head: dictionary(entries) }, pageNumber);
  }
}

/** What each object of a document refers to, read once however many of its pages are copied (a print's labels share their fonts). */
const referencesOf = new WeakMap<PlainPdf, Map<number, number[]>>();

function objectOf(source: PlainPdf, number: number): PlainObject {
  const object = source.objects.get(number);
  if (!object) throw new NotPlainPdf(`object ${number} is referred to and missing`);
  return object;
}

/**
 * The page tree and catalogue over `kids`, written under the reserved `pages` number; answers the
 * catalogue's. `catalog` adds entries of the source's catalogue that refer to nothing (a viewer
 * preference such as showing the document's title).
 */
export function writePageTree(writer: PlainPdfWriter, pages: number, kids: readonly number[], catalog?: PlainObject): number {
  writer.add(
    { head: Buffer.from(`<<\n/Type /Pages\n/Kids [${kids.map((k) => `${k} 0 R`).join(' ')}]\n/Count ${kids.length}\n>>`, 'latin1') },
    pages,
  );
  const entries = new Map<string, Buffer | string>([['Type', '/Catalog']]);
  for (const [key, value] of catalog ? dictionaryEntries(catalog.head) : [])
    if (key !== 'Type' && key !== 'Pages' && referencesIn(value).length === 0) entries.set(key, value);
  entries.set('Pages', `${pages} 0 R`);
  return writer.add({ head: dictionary(entries) });
}
