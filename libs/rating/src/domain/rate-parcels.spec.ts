import { EXPRESS_CARD_JSON } from './fixtures/rate-card.fixtures';
import { Money, parseRateCard, rateCardForLane } from '@lgw/kernel';
import { rateParcels } from './rate-parcels';
import { priceQuote } from './rate-calculator';

describe('rateParcels', () => {
  it('gives the weights and breakdown of a Quote', () => {
    const rated = rateParcels(parseRateCard(EXPRESS_CARD_JSON), [
      { weight_kg: 1.2, length_cm: 30, width_cm: 20, height_cm: 15 },
      { weight_kg: 0.9, length_cm: 25, width_cm: 20, height_cm: 10 },
    ]);
    expect(rated.weights).toEqual({
      actual_kg: 2.1,
      volumetric_kg: 2.8,
      chargeable_kg: 3,
      volumetric_divisor: 5000,
      weight_break_applied: '0.5-5kg',
    });
    expect(rated.breakdown).toEqual([
      { code: 'base', label_en: 'Base rate', label_ar: 'السعر الأساسي', amount_sar: 18 },
      { code: 'weight_charge', label_en: 'Weight charge', label_ar: 'رسوم الوزن', amount_sar: 10 },
      { code: 'fuel_surcharge', label_en: 'Fuel surcharge', label_ar: 'رسوم الوقود', amount_sar: 2.8 },
      { code: 'vat', label_en: 'VAT 15%', label_ar: 'ضريبة القيمة المضافة 15%', amount_sar: 4.62 },
    ]);
    expect(rated.total_sar).toBe(35.42);
    expect(rated.total.halalas).toBe(3542);
  });
});

describe('rateParcels, prices kept per card and chargeable weight', () => {
  const card = rateCardForLane(parseRateCard(EXPRESS_CARD_JSON), 'domestic');
  const parcel = (weight_kg: number) => [{ weight_kg, length_cm: 10, width_cm: 10, height_cm: 10 }];

  it('answers what a fresh price gives, for every weight and fee, however often it is asked', () => {
    for (let round = 0; round < 2; round++) {
      for (const kg of [0.3, 0.5, 2, 4.9, 5, 5.1, 12, 70]) {
        for (const fee of [Money.ZERO, Money.ofHalalas(500), Money.ofHalalas(1250)]) {
          const rated = rateParcels(card, parcel(kg), fee);
          const fresh = priceQuote(card, rated.weights.chargeable_kg, fee);
          expect(rated.lines).toEqual(fresh.lines);
          expect(rated.total.halalas).toBe(fresh.total.halalas);
          expect(rated.breakdown.map((b) => [b.code, b.amount_sar])).toEqual(fresh.lines.map((l) => [l.code, l.amount.toSar()]));
          const amount = (code: string) => fresh.lines.find((l) => l.code === code)?.amount.halalas ?? 0;
          expect(rated.price).toEqual({
            totalHalalas: fresh.total.halalas,
            lines: {
              base: amount('base'),
              weight_charge: amount('weight_charge'),
              fuel_surcharge: amount('fuel_surcharge'),
              ...(fee.halalas > 0 ? { cod_fee: fee.halalas } : {}),
              vat: amount('vat'),
            },
          });
        }
      }
    }
  });

  it('shares one frozen price between ratings of the same weight, and keeps each rating its own weights', () => {
    const light = rateParcels(card, [{ weight_kg: 0.8, length_cm: 10, width_cm: 10, height_cm: 10 }]);
    const same = rateParcels(card, [{ weight_kg: 0.9, length_cm: 12, width_cm: 10, height_cm: 10 }]);
    expect(same.weights.chargeable_kg).toBe(light.weights.chargeable_kg);
    expect(same.breakdown).toBe(light.breakdown);
    expect(same.price).toBe(light.price);
    expect(same.weights.actual_kg).toBe(0.9);
    expect(light.weights.actual_kg).toBe(0.8);
    for (const shared of [light.breakdown, light.breakdown[0], light.lines, light.price, light.price.lines])
      expect(Object.isFrozen(shared)).toBe(true);
    expect(rateParcels(card, parcel(0.8), Money.ofHalalas(500)).price).not.toBe(light.price);
  });
});

describe('rateParcels by the card multi-piece rule (docs/adr/0087)', () => {
  const parcels = [
    { weight_kg: 1.2, length_cm: 30, width_cm: 20, height_cm: 15 }, // chargeable 2 kg on its own
    { weight_kg: 0.9, length_cm: 25, width_cm: 20, height_cm: 10 }, // chargeable 1 kg on its own
  ];
  const perPiece = parseRateCard({ ...EXPRESS_CARD_JSON, multi_piece_pricing: 'per_piece' });

  it('prices the sum of the chargeable weights by default, and when the card says so', () => {
    const summed = rateParcels(parseRateCard({ ...EXPRESS_CARD_JSON, multi_piece_pricing: 'sum_of_weights' }), parcels);
    expect(summed).toEqual(rateParcels(parseRateCard(EXPRESS_CARD_JSON), parcels));
    expect(summed.total.halalas).toBe(3542);
  });

  it('prices each piece on its own and adds the prices on a per_piece card', () => {
    const rated = rateParcels(perPiece, parcels);
    // base 18 + 18; weight 4 × (2 − 0.5) + 4 × (1 − 0.5) = 8; fuel 10 % of 44; VAT 15 % of 48.40
    expect(rated.breakdown.map((b) => [b.code, b.amount_sar])).toEqual([
      ['base', 36],
      ['weight_charge', 8],
      ['fuel_surcharge', 4.4],
      ['vat', 7.26],
    ]);
    expect(rated.total.halalas).toBe(5566);
    expect(rated.weights).toMatchObject({ actual_kg: 2.1, volumetric_kg: 2.8, chargeable_kg: 3, weight_break_applied: '0.5-5kg' });
  });

  it('charges the cash-on-delivery fee once per shipment, not per piece', () => {
    const fee = Money.ofHalalas(500);
    const withFee = rateParcels(perPiece, parcels, fee);
    expect(withFee.lines.filter((l) => l.code === 'cod_fee').map((l) => l.amount.halalas)).toEqual([500]);
    expect(withFee.total.halalas - rateParcels(perPiece, parcels).total.halalas).toBe(500 + 75);
  });

  it('prices one parcel the same on either rule', () => {
    expect(rateParcels(perPiece, [parcels[0]])).toEqual(rateParcels(parseRateCard(EXPRESS_CARD_JSON), [parcels[0]]));
  });

  it('is never cheaper per piece than the sum of the weights on a card whose bands start with a base price', () => {
    for (let n = 2; n <= 20; n++) {
      const many = Array.from({ length: n }, (_, i) => ({ weight_kg: 0.3 + i * 0.7, length_cm: 10, width_cm: 10, height_cm: 10 }));
      expect(rateParcels(perPiece, many).total.halalas).toBeGreaterThanOrEqual(
        rateParcels(parseRateCard(EXPRESS_CARD_JSON), many).total.halalas,
      );
    }
  });
});
