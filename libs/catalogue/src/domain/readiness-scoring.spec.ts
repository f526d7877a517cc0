import fc from 'fast-check';
import { CatalogueProduct } from './catalogue-product';
import { ReadinessScorer, scoreCatalogue } from './readiness-scoring';

const complete: CatalogueProduct = {
  sku: 'SKU-1',
  name_en: 'Dates box',
  name_ar: 'علبة تمر',
  hs_code: '080410',
  weight_kg: 1.2,
  length_cm: 30,
  width_cm: 20,
  height_cm: 10,
  origin_country: 'SA',
  value_sar: 85.5,
};

describe('data readiness scoring', () => {
  it('scores a complete catalogue 100 with no issues', () => {
    expect(scoreCatalogue([complete, { ...complete, sku: 'SKU-2' }])).toEqual({
      score: 100,
      total_skus: 2,
      issues: [],
      summary: { missing_hs_code: 0, missing_weight: 0, missing_dimensions: 0, missing_origin_country: 0, suspicious_values: 0 },
    });
  });

  it('scores an empty catalogue 0', () => {
    expect(scoreCatalogue([])).toMatchObject({ score: 0, total_skus: 0, issues: [] });
  });

  it('counts each failed check and names the field with a bilingual message', () => {
    const report = scoreCatalogue([{ sku: 'BARE' }]);
    expect(report.score).toBe(0);
    expect(report.summary).toEqual({
      missing_hs_code: 1,
      missing_weight: 1,
      missing_dimensions: 1,
      missing_origin_country: 1,
      suspicious_values: 0,
    });
    expect(report.issues.map((i) => `${i.field}:${i.severity}`)).toEqual([
      'hs_code:error',
      'weight_kg:error',
      'length_cm:error',
      'width_cm:error',
      'height_cm:error',
      'origin_country:error',
      'value_sar:warn',
    ]);
    for (const issue of report.issues) {
      expect(issue.sku).toBe('BARE');
      expect(issue.message_en).toMatch(/[a-z]/);
      expect(issue.message_ar).toMatch(/[\u0600-\u06ff]/);
    }
  });

  it('flags malformed codes and implausible values', () => {
    const report = scoreCatalogue([
      { ...complete, sku: 'A', hs_code: '0804', origin_country: 'XX' },
      { ...complete, sku: 'B', weight_kg: 600, length_cm: 301, value_sar: 0 },
      { ...complete, sku: 'C', weight_kg: -1 },
    ]);
    expect(report.summary).toEqual({
      missing_hs_code: 1,
      missing_weight: 0,
      missing_dimensions: 0,
      missing_origin_country: 1,
      suspicious_values: 2,
    });
    expect(report.issues.filter((i) => i.sku === 'B').map((i) => i.field)).toEqual(['weight_kg', 'length_cm', 'value_sar']);
    // A: 3 of 5, B: 4 of 5, C: 4 of 5 → 11 / 15 = 73.3 %
    expect(report.score).toBe(73);
  });

  it('rounds the score half up', () => {
    // 1 SKU passing 4 of 5 and 7 complete: 39 / 40 = 97.5 % → 98
    const products = [{ ...complete, sku: 'X', hs_code: null }, ...Array.from({ length: 7 }, (_, i) => ({ ...complete, sku: `S${i}` }))];
    expect(scoreCatalogue(products).score).toBe(98);
  });

  describe('properties', () => {
    const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
    const product = fc.record({
      sku: fc.string({ minLength: 1, maxLength: 8 }),
      hs_code: optional(fc.oneof(fc.stringMatching(/^\d{4,12}$/), fc.constant('ABC'))),
      weight_kg: optional(fc.double({ min: -5, max: 800, noNaN: true })),
      length_cm: optional(fc.double({ min: -5, max: 400, noNaN: true })),
      width_cm: optional(fc.double({ min: -5, max: 400, noNaN: true })),
      height_cm: optional(fc.double({ min: -5, max: 400, noNaN: true })),
      origin_country: optional(fc.constantFrom('SA', 'CN', 'AE', 'XX', 'sa', 'USA')),
      value_sar: optional(fc.double({ min: -10, max: 10_000, noNaN: true })),
    });
    const removable = ['hs_code', 'weight_kg', 'length_cm', 'width_cm', 'height_cm', 'origin_country', 'value_sar'] as const;

    it('keeps the score within 0..100 and counts every SKU', () => {
      fc.assert(
        fc.property(fc.array(product, { maxLength: 30 }), (products) => {
          const report = scoreCatalogue(products);
          expect(report.score).toBeGreaterThanOrEqual(0);
          expect(report.score).toBeLessThanOrEqual(100);
          expect(report.total_skus).toBe(products.length);
        }),
      );
    });

    it('never raises the score when a field is removed from a product', () => {
      fc.assert(
        fc.property(
          fc.array(product, { minLength: 1, maxLength: 20 }),
          fc.nat(),
          fc.constantFrom(...removable),
          (products, which, field) => {
            const index = which % products.length;
            const reduced = products.map((p, i) => (i === index ? { ...p, [field]: undefined } : p));
            expect(scoreCatalogue(reduced).score).toBeLessThanOrEqual(scoreCatalogue(products).score);
          },
        ),
        { numRuns: 500 },
      );
    });

    it('scores any catalogue of complete, plausible products 100', () => {
      const good = fc.record({
        sku: fc.string({ minLength: 1 }),
        hs_code: fc.stringMatching(/^\d{6,10}$/),
        weight_kg: fc.double({ min: 0.001, max: 500, noNaN: true }),
        length_cm: fc.double({ min: 0.1, max: 300, noNaN: true }),
        width_cm: fc.double({ min: 0.1, max: 300, noNaN: true }),
        height_cm: fc.double({ min: 0.1, max: 300, noNaN: true }),
        origin_country: fc.constantFrom('SA', 'CN', 'DE', 'US'),
        value_sar: fc.double({ min: 0.01, max: 1e6, noNaN: true }),
      });
      fc.assert(
        fc.property(fc.array(good, { minLength: 1, maxLength: 20 }), (products) => expect(scoreCatalogue(products).score).toBe(100)),
      );
    });

    it('gives the same report whether products are added one by one or at once', () => {
      fc.assert(
        fc.property(fc.array(product, { maxLength: 20 }), (products) => {
          const scorer = new ReadinessScorer();
          products.forEach((p) => scorer.add(p));
          expect(scorer.report()).toEqual(scoreCatalogue(products));
        }),
      );
    });
  });
});
