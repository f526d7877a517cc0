import { Money } from '@lgw/kernel';
import { RateCard, WeightBand } from '@lgw/carrier-access';

/** Saudi VAT, 15% (docs/api.md §8). A tax, not a carrier price, so it is not on the rate cards. */
export const VAT_BASIS_POINTS = 1500;

export type QuoteLineCode = 'base' | 'weight_charge' | 'fuel_surcharge' | 'cod_fee' | 'vat';

export interface QuoteLine {
  readonly code: QuoteLineCode;
  readonly label_en: string;
  readonly label_ar: string;
  readonly amount: Money;
}

export interface PricedQuote {
  /** The label of the weight band used, e.g. "0.5-5kg". */
  readonly weight_break_applied: string;
  /**
   * The lines in the order base, weight_charge, fuel_surcharge, cod_fee (only with cash on
   * delivery), vat.
   */
  readonly lines: readonly QuoteLine[];
  /** Exactly the sum of the lines. */
  readonly total: Money;
}

const LABELS: Readonly<Record<QuoteLineCode, { label_en: string; label_ar: string }>> = {
  base: { label_en: 'Base rate', label_ar: 'السعر الأساسي' },
  weight_charge: { label_en: 'Weight charge', label_ar: 'رسوم الوزن' },
  fuel_surcharge: { label_en: 'Fuel surcharge', label_ar: 'رسوم الوقود' },
  cod_fee: { label_en: 'Cash on delivery fee', label_ar: 'رسوم الدفع عند الاستلام' },
  vat: { label_en: 'VAT 15%', label_ar: 'ضريبة القيمة المضافة 15%' },
};

/**
 * Prices a chargeable weight (a multiple of 0.5 kg) on a rate card:
 *   base    = band.base
 *   weight  = band.per_kg × (chargeable − band.from_kg)
 *   fuel    = fuel% × (base + weight)
 *   cod_fee = the cash-on-delivery fee, when cash is to be collected (given, not on the card)
 *   vat     = 15% × (base + weight + fuel + cod_fee)
 *   total   = base + weight + fuel + cod_fee + vat
 * Each computed line is rounded half-up to the halala on its own, so the total is exactly
 * the sum of what the customer sees.
 */
export function priceQuote(card: RateCard, chargeableKg: number, codFee: Money = Money.ZERO): PricedQuote {
  if (card.lanes !== undefined) {
    // Its default prices would silently misprice the lanes it prices apart.
    throw new RangeError(`rate card ${card.service_code} prices its lanes apart: price rateCardForLane(card, lane)`);
  }
  const halfKgSteps = chargeableKg * 2;
  if (!Number.isSafeInteger(halfKgSteps) || halfKgSteps <= 0) {
    throw new RangeError(`chargeable weight must be a positive multiple of 0.5 kg, got ${chargeableKg}`);
  }
  const band = findWeightBand(card, chargeableKg);

  const base = Money.ofHalalas(band.base_halalas);
  const weightCharge = Money.ofHalalas(band.per_kg_halalas).multiplyFraction(halfKgSteps - band.from_kg * 2, 2);
  const fuel = base.add(weightCharge).percent(card.fuel_surcharge_basis_points);
  const vat = base.add(weightCharge).add(fuel).add(codFee).percent(VAT_BASIS_POINTS);

  const lines = [
    line('base', base),
    line('weight_charge', weightCharge),
    line('fuel_surcharge', fuel),
    ...(codFee.halalas > 0 ? [line('cod_fee', codFee)] : []),
    line('vat', vat),
  ];
  return {
    weight_break_applied: band.label,
    lines,
    total: Money.sum(lines.map((l) => l.amount)),
  };
}

/** The band with from_kg < chargeableKg <= up_to_kg; the open last band catches the rest. */
export function findWeightBand(card: RateCard, chargeableKg: number): WeightBand {
  const band = card.weight_bands.find((b) => b.up_to_kg === null || chargeableKg <= b.up_to_kg);
  if (band === undefined) {
    // parseRateCard guarantees an open last band, so only a hand-built card gets here
    throw new RangeError(`rate card ${card.service_code} has no band for ${chargeableKg} kg`);
  }
  return band;
}

function line(code: QuoteLineCode, amount: Money): QuoteLine {
  return { code, ...LABELS[code], amount };
}
