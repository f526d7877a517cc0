import { CsvCodecPort, spreadsheetSafeCell } from '@lgw/kernel';
import { readCsvRecords } from './csv-record-reader';

/**
 * CsvCodecPort. Parsing keeps cells exactly as written (no trimming), so text such as Arabic
 * names comes out of a result file byte for byte as it went in. (Named for the library it first
 * wrapped; records are now read by CsvRecordReader, which reads them as fast-csv did.)
 */
export class FastCsvCodec implements CsvCodecPort {
  parse(source: AsyncIterable<Uint8Array>): AsyncIterable<string[]> {
    // The batch worker's one read of an upload: the hand-written reader, not fast-csv's stream
    // (CsvRecordReader says how they agree; bench/csv-reader.bench.ts compares them).
    return readCsvRecords(withoutBom(source));
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
