import { formatKg, gramsToKg, halalasToSar, kgToGrams, sumKg } from './units';

describe('units', () => {
  it.each([
    [1.005, 1005],
    [0.1 + 0.2, 300],
    [2.675, 2675],
    [1.1, 1100],
    [0.0005, 1],
    [0.0004, 0],
    [12, 12000],
    [1e-7, 0],
    [123456.789, 123456789],
  ])('kgToGrams(%p) = %p', (kg, grams) => {
    expect(kgToGrams(kg)).toBe(grams);
  });

  it('refuses what is not a weight', () => {
    expect(() => kgToGrams(Number.NaN)).toThrow(RangeError);
  });

  it('goes back from grams and sums without float drift', () => {
    expect(gramsToKg(2350)).toBe(2.35);
    expect(sumKg([0.1, 0.2])).toBe(0.3);
    expect(sumKg([1.005, 0.2, 0.7])).toBe(1.905);
  });

  it('formats kg with at most three places', () => {
    expect(formatKg(0.3)).toBe('0.3');
    expect(formatKg(2)).toBe('2');
    expect(formatKg(1.25)).toBe('1.25');
    expect(formatKg(0.1 + 0.2)).toBe('0.3');
  });

  it('writes halalas as SAR text', () => {
    expect(halalasToSar(15050)).toBe('150.50');
    expect(halalasToSar(5)).toBe('0.05');
    expect(halalasToSar(0)).toBe('0.00');
    expect(halalasToSar(-250)).toBe('-2.50');
    expect(() => halalasToSar(1.5)).toThrow(RangeError);
  });
});
