import fc from 'fast-check';
import { Money } from './money.value-object';

describe('Money', () => {
  describe('fromSar', () => {
    it.each([
      [10.1, 1010],
      [4.35, 435],
      [0.29, 29],
      [8.7, 870],
      [1.1, 110],
      [0, 0],
      [-12.5, -1250],
      [123456789.99, 12345678999],
    ])('%p SAR is exactly %p halalas', (sar, halalas) => {
      expect(Money.fromSar(sar).halalas).toBe(halalas);
    });

    it('accepts decimal strings, including trailing zeros', () => {
      expect(Money.fromSar('18.00').halalas).toBe(1800);
      expect(Money.fromSar('0.050').halalas).toBe(5);
    });

    it.each([1.005, 0.001, Number.NaN, Number.POSITIVE_INFINITY, 1e-7])('rejects %p', (sar) => {
      expect(() => Money.fromSar(sar)).toThrow(RangeError);
      expect(Money.isValidSar(sar)).toBe(false);
    });

    it('round-trips every two-decimal amount through toSar', () => {
      fc.assert(
        fc.property(fc.integer({ min: -1e12, max: 1e12 }), (halalas) => {
          const sar = Money.ofHalalas(halalas).toSar();
          expect(Money.fromSar(sar).halalas).toBe(halalas);
        }),
      );
    });

    it('gives the very number the two-decimal text parses to, up to the largest safe amount', () => {
      fc.assert(
        fc.property(fc.maxSafeInteger(), (halalas) => {
          const money = Money.ofHalalas(halalas);
          expect(money.toSar()).toBe(Number(money.toSarString()));
        }),
        { numRuns: 2000 },
      );
    });
  });

  describe('construction', () => {
    it.each([1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('rejects %p halalas', (h) => {
      expect(() => Money.ofHalalas(h)).toThrow(RangeError);
    });

    it('never produces negative zero', () => {
      expect(Object.is(Money.ofHalalas(-0).halalas, 0)).toBe(true);
      expect(Object.is(Money.ZERO.negate().halalas, 0)).toBe(true);
    });
  });

  describe('arithmetic', () => {
    it('adds, subtracts and multiplies exactly', () => {
      const a = Money.fromSar(0.1);
      const b = Money.fromSar(0.2);
      expect(a.add(b).toSar()).toBe(0.3);
      expect(b.subtract(a).toSar()).toBe(0.1);
      expect(a.multiply(3).toSar()).toBe(0.3);
      expect(Money.sum([a, b, a]).halalas).toBe(40);
    });

    it('refuses a fractional multiplier', () => {
      expect(() => Money.ofHalalas(100).multiply(1.5)).toThrow(RangeError);
    });

    it('refuses to overflow the safe integer range', () => {
      expect(() => Money.ofHalalas(Number.MAX_SAFE_INTEGER).add(Money.ofHalalas(1))).toThrow(RangeError);
      expect(() => Money.ofHalalas(2 ** 40).multiply(2 ** 20)).toThrow(RangeError);
    });
  });

  describe('percent', () => {
    it.each([
      [3080, 1500, 462], // 30.80 SAR × 15% = 4.62 exactly
      [11373, 1500, 1706], // 113.73 × 15% = 17.0595 → 17.06
      [10, 1500, 2], // 0.10 × 15% = 0.015 → 0.02 (half rounds up)
      [3, 1500, 0], // 0.03 × 15% = 0.0045 → 0.00
      [10200, 1150, 1173], // 102.00 × 11.5% = 11.73
      [-10, 1500, -2], // a credit mirrors the charge
      [0, 1500, 0],
    ])('%p halalas × %p bp = %p halalas', (halalas, bp, expected) => {
      expect(Money.ofHalalas(halalas).percent(bp).halalas).toBe(expected);
    });

    it('rounds half-up to the nearest halala', () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 1e10 }), fc.integer({ min: 0, max: 10000 }), (h, bp) => {
          const result = Money.ofHalalas(h).percent(bp).halalas;
          // result is the integer r with r - 1/2 <= h*bp/10000 < r + 1/2
          const exact = BigInt(h) * BigInt(bp);
          expect(BigInt(2 * result - 1) * 5000n <= exact).toBe(true);
          expect(exact < BigInt(2 * result + 1) * 5000n).toBe(true);
        }),
      );
    });

    it('is symmetric for negative amounts', () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 1e10 }), fc.integer({ min: 0, max: 10000 }), (h, bp) => {
          expect(Money.ofHalalas(-h).percent(bp).equals(Money.ofHalalas(h).percent(bp).negate())).toBe(true);
        }),
      );
    });
  });

  describe('output', () => {
    it('gives SAR with at most two decimals', () => {
      expect(Money.ofHalalas(1010).toSar()).toBe(10.1);
      expect(Money.ofHalalas(1010).toSarString()).toBe('10.10');
      expect(Money.ofHalalas(-5).toSarString()).toBe('-0.05');
      expect(Money.ofHalalas(5).toString()).toBe('0.05 SAR');
    });

    it('toSar never shows float noise', () => {
      fc.assert(
        fc.property(fc.integer({ min: -1e12, max: 1e12 }), (h) => {
          const text = String(Money.ofHalalas(h).toSar());
          expect(text).toMatch(/^-?\d+(\.\d{1,2})?$/);
        }),
      );
    });
  });
});
