import { StringDecoder } from 'node:string_decoder';

/**
 * The batch's worksheet: what the single read of the uploaded file leaves for the later steps,
 * so the file is parsed once. It stays in the worker's memory (about the size of the upload,
 * in buffers outside the JS heap): written to the file store it would cost a write and a read
 * of as many bytes again, and it is only an optimisation, because a worker that does not hold
 * it (a restart after a crash, another replica) reads the upload again. One line per data
 * row, in file order:
 *   `<order seq>\t<the row's cells as the result file writes them>` for a valid row,
 *   `!\t<the row's rejection lines>` for a row in error.
 * Payloads are already CSV text (`CsvCodecPort.line`); backslash, LF and CR in them are escaped
 * so a line end always ends a worksheet line. The result file is then each valid row's payload
 * plus its order's tracking number and status, the rejection file the error payloads: neither
 * needs the CSV reader again.
 */
export const WORKSHEET_REJECTED = '!';

const CHUNK_CHARS = 65_536;

export function worksheetLine(tag: string, payload: string): string {
  return `${tag}\t${/[\\\n\r]/.test(payload) ? escape(payload) : payload}\n`;
}

function escape(text: string): string {
  return text.replace(/[\\\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\n' ? '\\n' : '\\r'));
}

function unescape(text: string): string {
  return text.replace(/\\[\\nr]/g, (s) => (s === '\\\\' ? '\\' : s === '\\n' ? '\n' : '\r'));
}

/**
 * Reads a worksheet and writes the lines `render` makes of its lines (with their line ends;
 * null skips one), in UTF-8 chunks of about 64 KB, `first` before them all.
 */
export async function* renderWorksheet(
  worksheet: Iterable<Uint8Array> | AsyncIterable<Uint8Array>,
  first: string,
  render: (tag: string, payload: string) => string | null,
): AsyncGenerator<Buffer> {
  const decoder = new StringDecoder('utf8');
  let out = first;
  let rest = '';
  const take = (text: string) => {
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      const tab = text.indexOf('\t', start);
      const raw = text.slice(tab + 1, end);
      const line = render(text.slice(start, tab), raw.includes('\\') ? unescape(raw) : raw);
      if (line !== null) out += line;
      start = end + 1;
    }
    return text.slice(start);
  };
  for await (const chunk of worksheet) {
    rest = take(rest + decoder.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)));
    if (out.length >= CHUNK_CHARS) {
      yield Buffer.from(out, 'utf8');
      out = '';
    }
  }
  rest = take(rest + decoder.end());
  if (rest.length > 0) throw new Error('worksheet ends inside a line');
  if (out.length > 0) yield Buffer.from(out, 'utf8');
}

/**
 * The worksheets of the batches this worker is running, by batch id. Bounded: past `maxBytes`
 * one worksheet is not kept, and past `maxBatches` the oldest is dropped (a batch that moved
 * to another worker); a batch without one reads its upload again.
 */
export class WorksheetCache {
  private readonly sheets = new Map<string, Buffer[]>();

  constructor(
    private readonly maxBytes = 64 * 1024 * 1024,
    private readonly maxBatches = 4,
  ) {}

  /** Collects `lines` as a worksheet; kept under `batchId` only if it stayed within the bound. */
  async collect(batchId: string, lines: AsyncIterable<string>): Promise<void> {
    this.sheets.delete(batchId);
    const chunks: Buffer[] = [];
    let bytes = 0;
    let pending = '';
    const flush = () => {
      const chunk = Buffer.from(pending, 'utf8');
      pending = '';
      bytes += chunk.length;
      if (bytes <= this.maxBytes) chunks.push(chunk);
    };
    for await (const line of lines) {
      pending += line;
      if (pending.length >= CHUNK_CHARS) flush();
    }
    if (pending.length > 0) flush();
    if (bytes > this.maxBytes) return;
    this.sheets.set(batchId, chunks);
    for (const oldest of this.sheets.keys()) {
      if (this.sheets.size <= this.maxBatches) break;
      this.sheets.delete(oldest);
    }
  }

  get(batchId: string): readonly Buffer[] | undefined {
    return this.sheets.get(batchId);
  }

  drop(batchId: string): void {
    this.sheets.delete(batchId);
  }
}
