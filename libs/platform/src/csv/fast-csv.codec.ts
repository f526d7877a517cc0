import { PassThrough, Readable } from 'node:stream';
import { parse } from 'fast-csv';
import { CsvCodecPort, CsvSyntaxError } from '@lgw/application';
import { spreadsheetSafeCell } from '@lgw/domain';

/**
 * CsvCodecPort on fast-csv streams. Parsing keeps cells exactly as written (no trimming), so
 * text such as Arabic names comes out of a result file byte for byte as it went in.
 */
export class FastCsvCodec implements CsvCodecPort {
  parse(source: AsyncIterable<Uint8Array>): AsyncIterable<string[]> {
    const parser = parse<string[], string[]>({ headers: false, ignoreEmpty: true, trim: false });
    const input = Readable.from(withoutBom(source));
    // Records go through a queue that ends with the error, so every record parsed before a
    // syntax error is delivered first (an errored stream would drop what it still buffers).
    const records = new PassThrough({ objectMode: true, highWaterMark: 64 });
    let inputError: unknown;
    input.on('error', (error) => {
      inputError = error;
      parser.destroy(error);
    });
    parser.on('data', (record: string[]) => {
      if (!records.write(record)) parser.pause();
    });
    records.on('drain', () => parser.resume());
    parser.on('end', () => records.end());
    parser.on('error', (error: Error) => {
      if (inputError !== undefined) records.destroy(inputError as Error);
      else records.end({ syntaxError: error.message });
    });
    // pipe() applies back-pressure: the file is read only as fast as records are consumed.
    input.pipe(parser);
    return (async function* () {
      try {
        for await (const item of records as AsyncIterable<string[] | { syntaxError: string }>) {
          if (Array.isArray(item)) yield item;
          else throw new CsvSyntaxError(item.syntaxError);
        }
      } finally {
        // A reader that stops early (a row limit) must not leave the source open.
        input.destroy();
        parser.destroy();
      }
    })();
  }

  format(header: readonly string[], rows: AsyncIterable<readonly string[]>): AsyncIterable<Uint8Array> {
    return spreadsheetSafeLines(header, rows);
  }

  line(cells: readonly string[]): string {
    return spreadsheetSafeCsvLine(cells);
  }
}

/**
 * The one CSV writer for files people open (results, rejections, exports, manifests, reports):
 * RFC 4180 quoting, LF line ends, and every cell a spreadsheet would evaluate neutralised and
 * quoted (`spreadsheetSafeCell`, ADR 0037). Lines are grouped into chunks of about 64 KB.
 */
export async function* spreadsheetSafeLines(header: readonly string[], rows: AsyncIterable<readonly string[]>): AsyncGenerator<Buffer> {
  let pending = `${spreadsheetSafeCsvLine(header)}\n`;
  for await (const row of rows) {
    pending += `${spreadsheetSafeCsvLine(row)}\n`;
    if (pending.length >= 65_536) {
      yield Buffer.from(pending, 'utf8');
      pending = '';
    }
  }
  if (pending.length > 0) yield Buffer.from(pending, 'utf8');
}

/** One CSV line (without its line end) of `cells`, formulas neutralised (ADR 0037). */
export function spreadsheetSafeCsvLine(cells: readonly string[]): string {
  return cells.map(spreadsheetSafeCsvCell).join(',');
}

function spreadsheetSafeCsvCell(value: string): string {
  const cell = spreadsheetSafeCell(value);
  // OWASP: a neutralised cell is also quoted; other cells only when CSV needs it.
  return cell !== value || /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

async function* withoutBom(source: AsyncIterable<Uint8Array>): AsyncGenerator<Buffer> {
  let first = true;
  for await (const chunk of source) {
    let buffer = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (first) {
      first = false;
      if (buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf) buffer = buffer.subarray(3);
    }
    yield buffer;
  }
}
