/**
 * CSV formula injection (OWASP "CSV Injection"): a spreadsheet evaluates a cell that starts with
 * `=`, `+`, `-`, `@`, a tab or a carriage return (`=HYPERLINK(...)`, `=cmd|' /C calc'!A0`). Every
 * CSV the gateway writes for people passes each cell through `spreadsheetSafeCell`; the CSV
 * writer then quotes the cells it changed. ADR 0037.
 *
 * - A cell that is exactly a decimal number (`-5`, `-12.50`) is a value, not a formula, and is
 *   written unchanged, so amounts stay numbers in a spreadsheet.
 * - Any other such cell gets one single quote in front (`'=SUM(A1)`); the spreadsheet shows it
 *   as text and evaluates nothing.
 * - A cell that already starts with quotes before such a character (`'=x`) gets one more, so
 *   `originalCellValue` (drop one leading quote from a cell matching /^'+[=+\-@\t\r]/) gives
 *   back exactly what was written, whatever it was.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;
const NEUTRALISED = /^'+[=+\-@\t\r]/;

/** True when a spreadsheet would evaluate `cell` (or `cell` begins with quotes before such a start). */
export function needsSpreadsheetEscape(cell: string): boolean {
  return FORMULA_START.test(cell) && !PLAIN_DECIMAL.test(cell);
}

/** The cell as written to a CSV for people: formulas neutralised with a leading single quote. */
export function spreadsheetSafeCell(cell: string): string {
  return needsSpreadsheetEscape(cell) ? `'${cell}` : cell;
}

/** Inverse of `spreadsheetSafeCell`: the value as it was before it was written. */
export function originalCellValue(cell: string): string {
  return NEUTRALISED.test(cell) ? cell.slice(1) : cell;
}
