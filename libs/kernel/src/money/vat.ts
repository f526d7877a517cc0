/**
 * Saudi VAT, 15% (docs/api.md §8): one rate for quotes, the ledger and e-invoices. A tax, not a
 * carrier price, so it is not on the rate cards.
 */
export const VAT_BASIS_POINTS = 1500;
