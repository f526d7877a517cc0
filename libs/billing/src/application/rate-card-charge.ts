import { Money, RateCard } from '@lgw/kernel';
import { priceQuote } from '@lgw/rating';

/** A rate-card price without its VAT line: what the ledger bills before tax. */
export function chargeWithoutVat(card: RateCard, chargeableKg: number): Money {
  return Money.sum(
    priceQuote(card, chargeableKg)
      .lines.filter((l) => l.code !== 'vat')
      .map((l) => l.amount),
  );
}
