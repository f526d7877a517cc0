import { ceilDiv, decimalFromNumber, formatDecimal, parseDecimal, unitsAtScale } from './exact-decimal';

describe('exact decimal', () => {
  it.each([
    ['12.50', 1250n, 2],
    ['-3', -3n, 0],
    ['0.1', 1n, 1],
    ['1e-7', 1n, 7],
    ['1.5e+3', 1500n, 0],
    ['2.', 2n, 0],
  ])('parses %p', (text, units, scale) => {
    expect(parseDecimal(text)).toEqual({ units, scale });
  });

  it.each(['', 'abc', '1,5', '.5', '1..2', 'NaN'])('rejects %p', (text) => {
    expect(() => parseDecimal(text)).toThrow(RangeError);
  });

  it('reads a double as the decimal its shortest string shows', () => {
    expect(decimalFromNumber(0.1)).toEqual({ units: 1n, scale: 1 });
    expect(decimalFromNumber(1e21)).toEqual({ units: 10n ** 21n, scale: 0 });
    expect(() => decimalFromNumber(Number.NaN)).toThrow(RangeError);
  });

  it('formats and rescales', () => {
    expect(formatDecimal(5n, 3)).toBe('0.005');
    expect(formatDecimal(-1234n, 2)).toBe('-12.34');
    expect(formatDecimal(7n, 0)).toBe('7');
    expect(unitsAtScale({ units: 15n, scale: 1 }, 3)).toBe(1500n);
    expect(() => unitsAtScale({ units: 15n, scale: 2 }, 1)).toThrow(RangeError);
  });

  it('divides rounding towards +infinity', () => {
    expect(ceilDiv(7n, 2n)).toBe(4n);
    expect(ceilDiv(8n, 2n)).toBe(4n);
    expect(ceilDiv(0n, 2n)).toBe(0n);
    expect(ceilDiv(-7n, 2n)).toBe(-3n);
  });
});
