import { einvoiceTotals, isSaudiVatNumber, sarText, vatHalalas } from './einvoice-amounts';

describe('e-invoice amounts', () => {
  it.each([
    [0, 0],
    [3, 0], // 0.45 halala
    [4, 1], // 0.60
    [10, 2], // 1.5 -> half away from zero
    [30, 5], // 4.5 -> 5
    [-10, -2],
    [-30, -5],
    [2_345, 352], // 351.75
    [99_999_999, 15_000_000], // 14,999,999.85
  ])('VAT of %p halalas is %p (15 %, half away from zero)', (net, vat) => {
    expect(vatHalalas(net)).toBe(vat);
  });

  it('computes the document VAT on the category total, not as the sum of the lines', () => {
    // Three lines of 0.03 SAR: 0.0045 VAT each rounds to 0; 0.09 × 15 % = 0.0135 rounds to 0.01.
    const lines = [{ netHalalas: 3 }, { netHalalas: 3 }, { netHalalas: 3 }];
    expect(lines.reduce((n, l) => n + vatHalalas(l.netHalalas), 0)).toBe(0);
    expect(einvoiceTotals(lines)).toEqual({ netHalalas: 9, vatHalalas: 1, grossHalalas: 10 });
    // And the other way: 0.10 SAR lines (1.5 halalas each rounds up to 2) total 0.30 -> 4.5 -> 5, not 6.
    expect(einvoiceTotals([{ netHalalas: 10 }, { netHalalas: 10 }, { netHalalas: 10 }]).vatHalalas).toBe(5);
  });

  it('writes amounts with two decimals', () => {
    expect(sarText(0)).toBe('0.00');
    expect(sarText(5)).toBe('0.05');
    expect(sarText(-5)).toBe('-0.05');
    expect(sarText(123_456)).toBe('1234.56');
    expect(() => sarText(1.5)).toThrow(RangeError);
  });

  it.each([
    ['300000000000003', true],
    ['310122393500003', true],
    ['300000000000004', false],
    ['200000000000003', false],
    ['30000000000003', false],
    ['3000000000000033', false],
    ['30000000000000a', false],
  ])('VAT number %p valid: %p', (value, valid) => {
    expect(isSaudiVatNumber(value)).toBe(valid);
  });
});
