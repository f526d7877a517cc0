import { ParcelProps, Money, RateCard } from '@lgw/kernel';
import { ChargeableWeight, computeChargeableWeight } from './chargeable-weight';
import { priceCarrierAmount, priceQuote, priceQuotePerPiece, PricedQuote, QuoteLine, QuoteLineCode } from './rate-calculator';

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

/**
 * Weights and price of a set of parcels on one service level's rate card. Several parcels are
 * priced by the card's multi-piece rule (docs/adr/0087): by default their weights summed and
 * priced as one; on a `per_piece` card each parcel's chargeable weight priced on its own and the
 * prices added, the quote's chargeable weight then being the sum of the pieces' chargeable weights.
 */
export function rateParcels(card: RateCard, parcels: readonly ParcelProps[], codFee: Money = Money.ZERO): RatedParcels {
  const weights = computeChargeableWeight(parcels, card.volumetric_divisor);
  if (card.multi_piece_pricing !== 'per_piece' || parcels.length < 2) {
    return ratedFrom(weights, priceQuote(card, weights.chargeable_kg, codFee));
  }
  const pieces = parcels.map((parcel) => computeChargeableWeight([parcel], card.volumetric_divisor).chargeable_kg);
  const chargeable = pieces.reduce((sum, kg) => sum + kg * 2, 0) / 2;
  return ratedFrom({ ...weights, chargeable_kg: chargeable }, priceQuotePerPiece(card, pieces, codFee));
}

/** The same for a price the carrier quoted itself (before VAT), weights measured with the card's divisor. */
export function rateParcelsAtCarrierPrice(
  carrierAmount: Money,
  parcels: readonly ParcelProps[],
  volumetricDivisor: number,
  codFee: Money = Money.ZERO,
): RatedParcels {
  return ratedFrom(computeChargeableWeight(parcels, volumetricDivisor), priceCarrierAmount(carrierAmount, codFee));
}

function ratedFrom(weights: ChargeableWeight, priced: PricedQuote): RatedParcels {
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
