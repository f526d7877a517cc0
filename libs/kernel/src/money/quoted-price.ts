/**
 * What a quote priced, in halalas (docs/api.md §2 Quote.breakdown codes): issued by rating,
 * carried in the quote, booked as it is and billed from the booked shipment. One shape from the
 * quote to the ledger, so nothing flattens the lines on the way and nothing rebuilds them.
 */
export interface QuotedPriceLines {
  readonly base: number;
  readonly weight_charge: number;
  readonly fuel_surcharge: number;
  /** Only when the quote was rated with cash on delivery. */
  readonly cod_fee?: number;
  readonly vat: number;
}

export interface QuotedPrice {
  /** Exactly the sum of the lines. */
  readonly totalHalalas: number;
  readonly lines: QuotedPriceLines;
}

/** A breakdown's lines as halalas by code: absent lines count 0, a zero COD fee is no line. */
export function quotedPrice(amountOf: (code: keyof QuotedPriceLines) => number): QuotedPrice {
  const codFee = amountOf('cod_fee');
  const lines: QuotedPriceLines = {
    base: amountOf('base'),
    weight_charge: amountOf('weight_charge'),
    fuel_surcharge: amountOf('fuel_surcharge'),
    ...(codFee > 0 ? { cod_fee: codFee } : {}),
    vat: amountOf('vat'),
  };
  return { totalHalalas: lines.base + lines.weight_charge + lines.fuel_surcharge + (lines.cod_fee ?? 0) + lines.vat, lines };
}
