/**
 * The batch file reader on its own: the CSV reader the worker uses (CsvRecordReader) against
 * fast-csv, on a generated 100,000-row batch file read in 64 KB chunks, best of five.
 * Usage: node -r ./bench/support/register.js bench/csv-reader.bench.ts
 */
import { parse } from 'fast-csv';
import { Readable } from 'node:stream';
import { readCsvRecords } from '@lgw/platform/csv/csv-record-reader';
import { generatedBatchLines } from '../test/support/batch-csv';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const file = Buffer.from([...generatedBatchLines(ROWS)].join(''), 'utf8');
const chunks = Array.from({ length: Math.ceil(file.length / 65_536) }, (_, i) => file.subarray(i * 65_536, (i + 1) * 65_536));

async function* source(): AsyncGenerator<Buffer> {
  yield* chunks;
}

async function viaFastCsv(): Promise<number> {
  let n = 0;
  const parser = Readable.from(source()).pipe(parse<string[], string[]>({ headers: false, ignoreEmpty: true, trim: false }));
  for await (const record of parser) n += (record as string[]).length > 0 ? 1 : 0;
  return n;
}

async function viaReader(): Promise<number> {
  let n = 0;
  for await (const record of readCsvRecords(source())) n += record.length > 0 ? 1 : 0;
  return n;
}

async function best(run: () => Promise<number>): Promise<{ ms: number; records: number }> {
  let ms = Infinity;
  let records = 0;
  for (let i = 0; i < 5; i += 1) {
    const started = performance.now();
    records = await run();
    ms = Math.min(ms, performance.now() - started);
  }
  return { ms: Math.round(ms), records };
}

async function main(): Promise<void> {
  const fast = await best(viaFastCsv);
  const own = await best(viaReader);
  process.stdout.write(
    `${JSON.stringify({ rows: ROWS, file_mb: +(file.length / 1048576).toFixed(1), fast_csv: fast, csv_record_reader: own })}\n`,
  );
}

void main();
