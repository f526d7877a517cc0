import { parseString, writeToString } from 'fast-csv';

export type CsvRow = Record<string, string>;

export function readCsv(text: string): Promise<{ headers: string[]; rows: CsvRow[] }> {
  return new Promise((resolve, reject) => {
    const rows: CsvRow[] = [];
    let headers: string[] = [];
    parseString<CsvRow, CsvRow>(text, { headers: true, trim: true, ignoreEmpty: true })
      .on('headers', (h: string[]) => (headers = h))
      .on('error', reject)
      .on('data', (row: CsvRow) => rows.push(row))
      .on('end', () => resolve({ headers, rows }));
  });
}

export function writeCsv(headers: readonly string[], rows: readonly CsvRow[]): Promise<string> {
  return writeToString(rows as CsvRow[], { headers: [...headers], alwaysWriteHeaders: true, includeEndRowDelimiter: true });
}
