import { Readable } from 'node:stream';
import { format, parse } from 'fast-csv';
import { CsvCodecPort, CsvSyntaxError } from '@lgw/application';

/**
 * CsvCodecPort on fast-csv streams. Parsing keeps cells exactly as written (no trimming), so
 * text such as Arabic names comes out of a result file byte for byte as it went in.
 */
export class FastCsvCodec implements CsvCodecPort {
  parse(source: AsyncIterable<Uint8Array>): AsyncIterable<string[]> {
    const parser = parse<string[], string[]>({ headers: false, ignoreEmpty: true, trim: false });
    // pipe() applies back-pressure: the file is read only as fast as rows are consumed.
    const input = Readable.from(withoutBom(source));
    let inputFailed = false;
    input.on('error', (error) => {
      inputFailed = true;
      parser.destroy(error);
    });
    const records = input.pipe(parser) as AsyncIterable<string[]>;
    return (async function* () {
      try {
        yield* records;
      } catch (error) {
        if (inputFailed) throw error;
        throw new CsvSyntaxError(error instanceof Error ? error.message : String(error));
      }
    })();
  }

  format(header: readonly string[], rows: AsyncIterable<readonly string[]>): AsyncIterable<Uint8Array> {
    const formatter = format<string[], string[]>({ headers: [...header], alwaysWriteHeaders: true, includeEndRowDelimiter: true });
    const input = Readable.from(rows, { objectMode: true });
    input.on('error', (error) => formatter.destroy(error));
    return input.pipe(formatter) as AsyncIterable<Uint8Array>;
  }
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
