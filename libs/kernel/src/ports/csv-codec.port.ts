/** Streaming CSV (RFC 4180) in both directions, so use cases never see a CSV library. */
export interface CsvCodecPort {
  /**
   * Records of a UTF-8 source in order, the header row included, as arrays of cells. A
   * leading byte-order mark is dropped; CRLF and LF both end a record; blank lines are skipped.
   */
  parse(source: AsyncIterable<Uint8Array>): AsyncIterable<string[]>;
  /**
   * UTF-8 CSV text of `header` then `rows`, quoted where needed, LF line ends, for files people
   * open in a spreadsheet: a cell a spreadsheet would evaluate (starting with `=`, `+`, `-`, `@`,
   * tab or CR, other than a plain number such as `-5`) is written with a leading single quote and
   * quoted (`spreadsheetSafeCell` in @lgw/kernel; `originalCellValue` recovers it; ADR 0037).
   */
  format(header: readonly string[], rows: AsyncIterable<readonly string[]>): AsyncIterable<Uint8Array>;
  /** One record exactly as `format` writes it, without its line end. */
  line(cells: readonly string[]): string;
}

export const CSV_CODEC = Symbol('CSV_CODEC');

/** The bytes are not well-formed CSV (e.g. a quote never closed): the file's fault, not a fault of storage. */
export class CsvSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}
