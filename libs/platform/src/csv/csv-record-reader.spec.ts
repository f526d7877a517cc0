import { parseString } from 'fast-csv';
import { CsvSyntaxError } from '@lgw/kernel';
import { readCsvRecords } from './csv-record-reader';

/** fast-csv as the codec used it: records, or the error it stopped with (records before it in the same text are lost). */
function viaFastCsv(text: string): Promise<{ records: string[][]; failed: boolean }> {
  return new Promise((resolve) => {
    const records: string[][] = [];
    parseString<string[], string[]>(text, { headers: false, ignoreEmpty: true, trim: false })
      .on('data', (r: string[]) => records.push(r))
      .on('error', () => resolve({ records, failed: true }))
      .on('end', () => resolve({ records, failed: false }));
  });
}

async function viaReader(parts: readonly string[]): Promise<{ records: string[][]; error?: unknown }> {
  const records: string[][] = [];
  try {
    for await (const r of readCsvRecords(
      (async function* () {
        for (const p of parts) yield Buffer.from(p, 'utf8');
      })(),
    ))
      records.push(r);
    return { records };
  } catch (error) {
    return { records, error };
  }
}

/** A deterministic generator, so a failure names a case that can be replayed. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

const ALPHABET = ['a', 'b', 'ب', ' ', ' ', '\t', ',', ',', '"', '"', '\n', '\r', '\r\n', 'x y', '\u00a0', '=', '\\'];

describe('CsvRecordReader', () => {
  it('reads records as fast-csv does, over thousands of generated texts cut into random chunks', async () => {
    const next = random(42);
    for (let n = 0; n < 4000; n += 1) {
      const length = 1 + Math.floor(next() * 30);
      const text = Array.from({ length }, () => ALPHABET[Math.floor(next() * ALPHABET.length)]).join('');
      const cuts = [0, ...Array.from({ length: 3 }, () => Math.floor(next() * (text.length + 1))).sort((a, b) => a - b), text.length];
      const parts = cuts.slice(1).map((end, i) => text.slice(cuts[i], end));
      const expected = await viaFastCsv(text);
      const actual = await viaReader(parts);
      const label = JSON.stringify({ text, parts });
      if (expected.failed) {
        expect({ label, error: actual.error instanceof CsvSyntaxError }).toEqual({ label, error: true });
        // fast-csv drops the records before an error that came in the same text; the reader delivers them.
        expect({ label, prefix: actual.records.slice(0, expected.records.length) }).toEqual({ label, prefix: expected.records });
      } else {
        expect({ label, records: actual.records, error: actual.error }).toEqual({ label, records: expected.records, error: undefined });
      }
    }
  });

  it('keeps a cell whole across any number of chunks, a multi-byte character split between them', async () => {
    const cell = `${'محمد '.repeat(20_000)}"quoted"\nline`;
    const text = `h1,h2\n"${cell.replaceAll('"', '""')}",end\n`;
    const bytes = Buffer.from(text, 'utf8');
    const parts: string[] = [];
    const { records } = await viaReader(parts);
    expect(records).toEqual([]);
    const chunks: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += 7_777) chunks.push(bytes.subarray(i, i + 7_777));
    const read: string[][] = [];
    for await (const r of readCsvRecords(
      (async function* () {
        yield* chunks;
      })(),
    ))
      read.push(r);
    expect(read).toEqual([
      ['h1', 'h2'],
      [cell, 'end'],
    ]);
  });

  it('names the record that breaks the syntax after delivering every record before it', async () => {
    const actual = await viaReader(['a,b\n1,2\n"x"y,3\n4,5\n']);
    expect(actual.records).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(actual.error).toBeInstanceOf(CsvSyntaxError);
  });
});
