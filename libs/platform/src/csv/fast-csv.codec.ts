import { PassThrough, Readable } from 'node:stream';
import { format, parse } from 'fast-csv';
import { CsvCodecPort, CsvSyntaxError } from '@lgw/application';

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
