import { ParcelProps, Money, QuotedPrice, quotedPrice, RateCard } from '@lgw/kernel';
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
  /** The lines in halalas by code, as a quote carries them and a booking bills them. */
  readonly price: QuotedPrice;
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
    return ratedFrom(weights, pricedAt(card, weights.chargeable_kg, codFee));
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
  let shown = breakdowns.get(priced);
  if (!shown) {
    shown = {
      breakdown: Object.freeze(
        priced.lines.map((l) => Object.freeze({ code: l.code, label_en: l.label_en, label_ar: l.label_ar, amount_sar: l.amount.toSar() })),
      ),
      total_sar: priced.total.toSar(),
      price: frozenPrice(quotedPrice((code) => priced.lines.find((l) => l.code === code)?.amount.halalas ?? 0)),
    };
    breakdowns.set(priced, shown);
  }
  return {
    weights: { ...weights, weight_break_applied: priced.weight_break_applied },
    lines: priced.lines,
    total: priced.total,
    breakdown: shown.breakdown,
    total_sar: shown.total_sar,
    price: shown.price,
  };
}

/**
 * A card's price of one chargeable weight (and cash-on-delivery fee), kept per lane card: a
 * chargeable weight is a multiple of 0.5 kg, so a card sees few of them, and every rating of
 * the same weight asks again. Bounded: a burst of new weights is forgotten at once.
 */
function pricedAt(card: RateCard, chargeableKg: number, codFee: Money): PricedQuote {
  let known = prices.get(card);
  if (!known) prices.set(card, (known = new Map()));
  const key = `${chargeableKg}/${codFee.halalas}`;
  let priced = known.get(key);
  if (!priced) {
    const fresh = priceQuote(card, chargeableKg, codFee);
    priced = Object.freeze({ ...fresh, lines: Object.freeze(fresh.lines.map((l) => Object.freeze({ ...l }))) });
    if (known.size >= PRICES_KEPT) known.clear();
    known.set(key, priced);
  }
  return priced;
}
const prices = new WeakMap<RateCard, Map<string, PricedQuote>>();
const PRICES_KEPT = 1_000;

/** The answer's breakdown, total and quoted lines of a price, made once per price kept. */
const breakdowns = new WeakMap<
  PricedQuote,
  { readonly breakdown: readonly QuoteBreakdownItem[]; readonly total_sar: number; readonly price: QuotedPrice }
>();

function frozenPrice(price: QuotedPrice): QuotedPrice {
  return Object.freeze({ ...price, lines: Object.freeze({ ...price.lines }) });
}
