import { Money } from '@lgw/kernel';
import { priceQuote } from '@lgw/rating';
import { RateCard } from '../carrier/rate-card';
import { bookingLines } from '@lgw/billing';
import { codFee, COD_FEE_MINIMUM_HALALAS, COD_MAX_HALALAS } from './cash-on-delivery';

describe('cash on delivery', () => {
  it('charges 1.5% of the amount to collect, rounded half-up, with a 5.00 SAR floor', () => {
    expect(codFee(0).halalas).toBe(0);
    expect(codFee(1).halalas).toBe(COD_FEE_MINIMUM_HALALAS);
    expect(codFee(33_333).halalas).toBe(COD_FEE_MINIMUM_HALALAS); // 5.00 exactly
    expect(codFee(33_367).halalas).toBe(501); // 500.505 → 501
    expect(codFee(COD_MAX_HALALAS).halalas).toBe(15_000);
  });

  it('prices the fee inside the VAT base and the total, between the surcharges and VAT', () => {
    const card: RateCard = {
      service_code: 'x',
      carrier_code: 'y',
      currency: 'SAR',
      volumetric_divisor: 5000,
      fuel_surcharge_basis_points: 1000,
      weight_bands: [{ label: '0-10kg', from_kg: 0, up_to_kg: null, base_halalas: 2_000, per_kg_halalas: 200 }],
    };
    const plain = priceQuote(card, 1);
    const cod = priceQuote(card, 1, Money.ofHalalas(750));
    expect(plain.lines.map((l) => l.code)).toEqual(['base', 'weight_charge', 'fuel_surcharge', 'vat']);
    expect(cod.lines.map((l) => l.code)).toEqual(['base', 'weight_charge', 'fuel_surcharge', 'cod_fee', 'vat']);
    const line = (code: string) => cod.lines.find((l) => l.code === code)!.amount.halalas;
    expect(line('vat')).toBe(Math.round(((line('base') + line('weight_charge') + line('fuel_surcharge') + 750) * 15) / 100));
    expect(cod.total.halalas).toBe(cod.lines.reduce((n, l) => n + l.amount.halalas, 0));
  });

  it('bills the fee the quote showed, and the formula only for bookings without a quote', () => {
    const quoted = bookingLines({ trackingNumber: 'T1', chargeHalalas: 2_000, codAmountHalalas: 50_000, quotedCodFeeHalalas: 777 });
    expect(quoted.map((l) => [l.cause, l.amount.halalas])).toEqual([
      ['shipment', 2_000],
      ['cod_fee', 777],
    ]);
    const batch = bookingLines({ trackingNumber: 'T2', chargeHalalas: 2_000, codAmountHalalas: 50_000 });
    expect(batch[1].amount.halalas).toBe(codFee(50_000).halalas);
  });
});
