import { ParcelProps, Money, QuotedPrice, quotedPrice, RateCard, remembered } from '@lgw/kernel';
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
    return ratedFrom(weights, keptPrice(card, weights.chargeable_kg, codFee));
  }
  const pieces = parcels.map((parcel) => computeChargeableWeight([parcel], card.volumetric_divisor).chargeable_kg);
  const chargeable = pieces.reduce((sum, kg) => sum + kg * 2, 0) / 2;
  return ratedFrom({ ...weights, chargeable_kg: chargeable }, shownPrice(priceQuotePerPiece(card, pieces, codFee)));
}

/** The same for a price the carrier quoted itself (before VAT), weights measured with the card's divisor. */
export function rateParcelsAtCarrierPrice(
  carrierAmount: Money,
  parcels: readonly ParcelProps[],
  volumetricDivisor: number,
  codFee: Money = Money.ZERO,
): RatedParcels {
  return ratedFrom(computeChargeableWeight(parcels, volumetricDivisor), shownPrice(priceCarrierAmount(carrierAmount, codFee)));
}

/** A price with what the answer and the quote show of it: frozen, so that a kept one can be shared. */
interface ShownPrice {
  readonly priced: PricedQuote;
  readonly breakdown: readonly QuoteBreakdownItem[];
  readonly total_sar: number;
  readonly price: QuotedPrice;
}

function shownPrice(priced: PricedQuote): ShownPrice {
  const { lines, total } = priced;
  for (const line of lines) Object.freeze(line);
  const price = quotedPrice((code) => lines.find((l) => l.code === code)?.amount.halalas ?? 0);
  return Object.freeze({
    priced: Object.freeze({ ...priced, lines: Object.freeze(lines) }),
    breakdown: Object.freeze(
      lines.map((l) => Object.freeze({ code: l.code, label_en: l.label_en, label_ar: l.label_ar, amount_sar: l.amount.toSar() })),
    ),
    total_sar: total.toSar(),
    price: Object.freeze({ ...price, lines: Object.freeze(price.lines) }),
  });
}

function ratedFrom(weights: ChargeableWeight, { priced, breakdown, total_sar, price }: ShownPrice): RatedParcels {
  return {
    weights: { ...weights, weight_break_applied: priced.weight_break_applied },
    lines: priced.lines,
    total: priced.total,
    breakdown,
    total_sar,
    price,
  };
}

/**
 * A card's price of one chargeable weight and cash-on-delivery fee, kept per lane card: a
 * chargeable weight is a multiple of 0.5 kg, so a card sees few of them, and every rating of the
 * same weight asks again.
 */
function keptPrice(card: RateCard, chargeableKg: number, codFee: Money): ShownPrice {
  let priceOf = prices.get(card);
  if (!priceOf) {
    priceOf = remembered(PRICES_KEPT, (key) => {
      const [kg, fee] = key.split('/').map(Number);
      return shownPrice(priceQuote(card, kg, Money.ofHalalas(fee)));
    });
    prices.set(card, priceOf);
  }
  return priceOf(`${chargeableKg}/${codFee.halalas}`);
}
const prices = new WeakMap<RateCard, (key: string) => ShownPrice>();
const PRICES_KEPT = 1_000;
