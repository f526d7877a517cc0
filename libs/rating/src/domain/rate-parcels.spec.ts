import { EXPRESS_CARD_JSON } from './fixtures/rate-card.fixtures';
import { parseRateCard } from '@lgw/carrier-access';
import { rateParcels } from './rate-parcels';

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
