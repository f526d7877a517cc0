import { parseString, writeToString } from 'fast-csv';

export type CsvRecord = Record<string, string>;

export function parseCsv(text: string): Promise<CsvRecord[]> {
  return new Promise((resolve, reject) => {
    const rows: CsvRecord[] = [];
    parseString<CsvRecord, CsvRecord>(text.replace(/^\uFEFF/, ''), { headers: true, trim: true, ignoreEmpty: true })
      .on('error', reject)
      .on('data', (row: CsvRecord) => rows.push(row))
      .on('end', () => resolve(rows));
  });
}

export function formatCsv(columns: readonly string[], rows: readonly CsvRecord[]): Promise<string> {
  return writeToString(rows as CsvRecord[], { headers: [...columns], alwaysWriteHeaders: true, includeEndRowDelimiter: true });
}
