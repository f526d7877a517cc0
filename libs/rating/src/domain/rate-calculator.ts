import { Money, RateCard, VAT_BASIS_POINTS, WeightBand } from '@lgw/kernel';

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
  return pricedFrom(card, base, weightCharge, codFee, band.label);
}

/** The price lines of a base and weight charge on a card: fuel on both, the COD fee, VAT on all of it. */
function pricedFrom(card: RateCard, base: Money, weightCharge: Money, codFee: Money, weightBreak: string): PricedQuote {
  const fuel = base.add(weightCharge).percent(card.fuel_surcharge_basis_points);
  const vat = base.add(weightCharge).add(fuel).add(codFee).percent(VAT_BASIS_POINTS);
  const lines = [
    line('base', base),
    line('weight_charge', weightCharge),
    line('fuel_surcharge', fuel),
    ...(codFee.halalas > 0 ? [line('cod_fee', codFee)] : []),
    line('vat', vat),
  ];
  return { weight_break_applied: weightBreak, lines, total: Money.sum(lines.map((l) => l.amount)) };
}

/**
 * Prices several pieces one by one on a card (its `multi_piece_pricing` is `per_piece`,
 * docs/adr/0087): base and weight charge are each piece's, added up; fuel, the cash-on-delivery
 * fee (once per shipment) and VAT are computed on those sums as priceQuote computes them for one
 * weight. `weight_break_applied` is the band of the heaviest piece. One piece prices exactly as
 * priceQuote.
 */
export function priceQuotePerPiece(card: RateCard, chargeableKgs: readonly number[], codFee: Money = Money.ZERO): PricedQuote {
  if (chargeableKgs.length === 0) throw new RangeError('a per-piece price needs at least one piece');
  const priced = chargeableKgs.map((kg) => priceQuote(card, kg));
  const amount = (quote: PricedQuote, code: QuoteLineCode) => quote.lines.find((l) => l.code === code)?.amount ?? Money.ZERO;
  const base = Money.sum(priced.map((q) => amount(q, 'base')));
  const weightCharge = Money.sum(priced.map((q) => amount(q, 'weight_charge')));
  const heaviest = chargeableKgs.reduce((max, kg) => (kg > max ? kg : max), 0);
  return pricedFrom(card, base, weightCharge, codFee, findWeightBand(card, heaviest).label);
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

/**
 * Prices what a carrier quoted itself (its API's rate, before VAT) in the lines of a card price:
 * base = the carrier's amount, no weight or fuel line of ours, the cash-on-delivery fee, VAT on
 * the sum. The weight band is the carrier's own: `weight_break_applied` says so.
 */
export function priceCarrierAmount(carrierAmount: Money, codFee: Money = Money.ZERO): PricedQuote {
  const vat = carrierAmount.add(codFee).percent(VAT_BASIS_POINTS);
  const lines = [
    line('base', carrierAmount),
    line('weight_charge', Money.ZERO),
    line('fuel_surcharge', Money.ZERO),
    ...(codFee.halalas > 0 ? [line('cod_fee', codFee)] : []),
    line('vat', vat),
  ];
  return { weight_break_applied: 'carrier_rate', lines, total: Money.sum(lines.map((l) => l.amount)) };
}
