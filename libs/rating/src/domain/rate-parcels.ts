import { ParcelProps, Money } from '@lgw/kernel';
import { ChargeableWeight, computeChargeableWeight } from './chargeable-weight';
import { priceQuote, QuoteLine, QuoteLineCode } from './rate-calculator';
import { RateCard } from '@lgw/carrier-access';

/** One breakdown item as docs/api.md §2 Quote.breakdown carries it. */
export interface QuoteBreakdownItem {
  readonly code: QuoteLineCode;
  readonly label_en: string;
  readonly label_ar: string;
  readonly amount_sar: number;
}

export interface QuoteWeights extends ChargeableWeight {
  readonly weight_break_applied: string;
}

/** Everything a Quote needs from rating, in both forms: Money inside, SAR numbers outside. */
export interface RatedParcels {
  readonly weights: QuoteWeights;
  readonly lines: readonly QuoteLine[];
  readonly total: Money;
  readonly breakdown: readonly QuoteBreakdownItem[];
  readonly total_sar: number;
}

/** Weights and price of a set of parcels on one service level's rate card. */
export function rateParcels(card: RateCard, parcels: readonly ParcelProps[], codFee: Money = Money.ZERO): RatedParcels {
  const weights = computeChargeableWeight(parcels, card.volumetric_divisor);
  const priced = priceQuote(card, weights.chargeable_kg, codFee);
  return {
    weights: { ...weights, weight_break_applied: priced.weight_break_applied },
    lines: priced.lines,
    total: priced.total,
    breakdown: priced.lines.map((l) => ({
      code: l.code,
      label_en: l.label_en,
      label_ar: l.label_ar,
      amount_sar: l.amount.toSar(),
    })),
    total_sar: priced.total.toSar(),
  };
}
