import fc from 'fast-check';
import { EXPRESS_CARD_JSON, rateCardJsonArbitrary } from './fixtures/rate-card.fixtures';
import { findWeightBand, priceCarrierAmount, priceQuote, PricedQuote } from './rate-calculator';
import { parseRateCard, RateCard, rateCardForLane, Money, VAT_BASIS_POINTS } from '@lgw/kernel';

const card = parseRateCard(EXPRESS_CARD_JSON);
/** r is numerator/denominator rounded half-up: r − ½ ≤ n/d < r + ½, in integers. */
const isHalfUpOf = (r: number, numerator: number, denominator: number): boolean =>
  (2 * r - 1) * denominator <= 2 * numerator && 2 * numerator < (2 * r + 1) * denominator;
const amounts = (quote: PricedQuote) => Object.fromEntries(quote.lines.map((l) => [l.code, l.amount.halalas]));

describe('priceQuote', () => {
  it.each([
    // kg, band, base, weight, fuel (10%), vat (15%), total — halalas
    [0.5, '0-0.5kg', 1800, 0, 180, 297, 2277],
    [1, '0.5-5kg', 1800, 200, 200, 330, 2530],
    [3, '0.5-5kg', 1800, 1000, 280, 462, 3542],
    [5, '0.5-5kg', 1800, 1800, 360, 594, 4554],
    [5.5, '5-30kg', 3600, 150, 375, 619, 4744],
    [30, '5-30kg', 3600, 7500, 1110, 1832, 14042],
    [30.5, '30kg+', 11100, 125, 1123, 1852, 14200],
  ])('%p kg → band %p, lines %p/%p/%p/%p, total %p', (kg, band, base, weight, fuel, vat, total) => {
    const quote = priceQuote(card, kg);
    expect(quote.weight_break_applied).toBe(band);
    expect(amounts(quote)).toEqual({ base, weight_charge: weight, fuel_surcharge: fuel, vat });
    expect(quote.total.halalas).toBe(total);
  });

  it('rounds fuel and VAT half-up to the halala, line by line', () => {
    // 13.5 kg on a sea card: 95.00 + 2.00 × 3.5 = 102.00; fuel 11.5% = 11.73; VAT 15% of 113.73 = 17.0595 → 17.06
    const sea = parseRateCard({
      ...EXPRESS_CARD_JSON,
      volumetric_divisor: 6000,
      fuel_surcharge_percent: '11.5',
      weight_bands: [
        { label: '0-10kg', up_to_kg: 10, base_halalas: 9500, per_kg_halalas: 0 },
        { label: '10-50kg', up_to_kg: 50, base_halalas: 9500, per_kg_halalas: 200 },
        { label: '50kg+', up_to_kg: null, base_halalas: 17500, per_kg_halalas: 150 },
      ],
    });
    const quote = priceQuote(sea, 13.5);
    expect(amounts(quote)).toEqual({ base: 9500, weight_charge: 700, fuel_surcharge: 1173, vat: 1706 });
    expect(quote.total.toSar()).toBe(130.79);
  });

  it('rounds a half-halala weight charge up', () => {
    const odd = parseRateCard({
      ...EXPRESS_CARD_JSON,
      weight_bands: [{ label: 'all', up_to_kg: null, base_halalas: 0, per_kg_halalas: 101 }],
    });
    expect(amounts(priceQuote(odd, 0.5)).weight_charge).toBe(51); // 50.5 → 51
    expect(amounts(priceQuote(odd, 1)).weight_charge).toBe(101);
  });

  it('gives bilingual labels in a fixed order', () => {
    expect(priceQuote(card, 1).lines.map(({ code, label_en, label_ar }) => ({ code, label_en, label_ar }))).toEqual([
      { code: 'base', label_en: 'Base rate', label_ar: 'السعر الأساسي' },
      { code: 'weight_charge', label_en: 'Weight charge', label_ar: 'رسوم الوزن' },
      { code: 'fuel_surcharge', label_en: 'Fuel surcharge', label_ar: 'رسوم الوقود' },
      { code: 'vat', label_en: 'VAT 15%', label_ar: 'ضريبة القيمة المضافة 15%' },
    ]);
  });

  it.each([0, -0.5, 1.2, Number.NaN, Number.POSITIVE_INFINITY])('rejects chargeable weight %p', (kg) => {
    expect(() => priceQuote(card, kg)).toThrow(RangeError);
  });

  it('picks the band whose upper bound is inclusive', () => {
    expect(findWeightBand(card, 0.5).label).toBe('0-0.5kg');
    expect(findWeightBand(card, 5).label).toBe('0.5-5kg');
    expect(findWeightBand(card, 1000).label).toBe('30kg+');
  });

  describe('properties, on any valid card', () => {
    const halfKgSteps = fc.integer({ min: 1, max: 4000 });
    const halfKgStepsPair = fc.tuple(halfKgSteps, halfKgSteps).map(([a, b]) => (a <= b ? [a, b] : [b, a]));
    const validCard = rateCardJsonArbitrary.map(parseRateCard);

    it('total is exactly the sum of the lines', () => {
      fc.assert(
        fc.property(validCard, halfKgSteps, (rateCard: RateCard, steps) => {
          const quote = priceQuote(rateCard, steps / 2);
          expect(quote.lines.map((l) => l.code)).toEqual(['base', 'weight_charge', 'fuel_surcharge', 'vat']);
          expect(quote.total.halalas).toBe(quote.lines.reduce((sum, l) => sum + l.amount.halalas, 0));
        }),
      );
    });

    it('VAT is 15% of the pre-VAT lines and fuel is fuel% of base + weight, both half-up to the halala', () => {
      fc.assert(
        fc.property(validCard, halfKgSteps, (rateCard: RateCard, steps) => {
          const { base, weight_charge, fuel_surcharge, vat } = amounts(priceQuote(rateCard, steps / 2));
          expect(isHalfUpOf(vat, VAT_BASIS_POINTS * (base + weight_charge + fuel_surcharge), 10000)).toBe(true);
          expect(isHalfUpOf(fuel_surcharge, rateCard.fuel_surcharge_basis_points * (base + weight_charge), 10000)).toBe(true);
        }),
      );
    });

    it('more weight never costs less', () => {
      fc.assert(
        fc.property(validCard, halfKgStepsPair, (rateCard: RateCard, [lighter, heavier]) => {
          const light = priceQuote(rateCard, lighter / 2).total.halalas;
          const heavy = priceQuote(rateCard, heavier / 2).total.halalas;
          expect(heavy).toBeGreaterThanOrEqual(light);
        }),
      );
    });
  });
});

describe('priceQuote on a card priced per lane', () => {
  const card = parseRateCard({
    ...EXPRESS_CARD_JSON,
    lanes: {
      gcc: {
        fuel_surcharge_percent: '20',
        weight_bands: [{ label: 'gcc-any', up_to_kg: null, base_halalas: 5000, per_kg_halalas: 1000 }],
      },
    },
  });

  it('prices the lane on its own bands and fuel', () => {
    const quote = priceQuote(rateCardForLane(card, 'gcc'), 2);
    expect(quote.weight_break_applied).toBe('gcc-any');
    // base 5000, weight 1000 × 2 = 2000, fuel 20% of 7000 = 1400, VAT 15% of 8400 = 1260
    expect(quote.lines.map((l) => [l.code, l.amount.halalas])).toEqual([
      ['base', 5000],
      ['weight_charge', 2000],
      ['fuel_surcharge', 1400],
      ['vat', 1260],
    ]);
    expect(quote.total.halalas).toBe(9660);
  });

  it('prices the other lanes on the card own bands, as a card without lanes', () => {
    const plain = parseRateCard(EXPRESS_CARD_JSON);
    expect(priceQuote(rateCardForLane(card, 'domestic'), 2)).toEqual(priceQuote(plain, 2));
    expect(priceQuote(rateCardForLane(card, 'domestic'), 2).total.halalas).toBeLessThan(
      priceQuote(rateCardForLane(card, 'gcc'), 2).total.halalas,
    );
  });

  it('refuses the card as read: its default prices would misprice the lane it prices apart', () => {
    expect(() => priceQuote(card, 2)).toThrow(/prices its lanes apart/);
  });
});

describe('priceCarrierAmount', () => {
  it("prices a carrier's own amount in the lines of a card price: the amount as base, the COD fee, VAT on both", () => {
    const priced = priceCarrierAmount(Money.ofHalalas(3100), Money.ofHalalas(500));
    expect(priced.weight_break_applied).toBe('carrier_rate');
    expect(priced.lines.map((l) => [l.code, l.amount.halalas])).toEqual([
      ['base', 3100],
      ['weight_charge', 0],
      ['fuel_surcharge', 0],
      ['cod_fee', 500],
      ['vat', 540],
    ]);
    expect(priced.total.halalas).toBe(4140);
    expect(priceCarrierAmount(Money.ofHalalas(3100)).lines.map((l) => l.code)).toEqual(['base', 'weight_charge', 'fuel_surcharge', 'vat']);
  });
});
