import { Money, VAT_BASIS_POINTS } from '@lgw/kernel';

/** Why a ledger line exists (docs/api.md §2 Invoice line `cause`). */
export const BILLING_CAUSES = ['shipment', 'cod_fee', 'weight_adjustment', 'return_fee', 'cancellation_credit'] as const;
export type BillingCause = (typeof BILLING_CAUSES)[number];

/** Causes that make up an invoice's subtotal; every other cause is a surcharge. */
export const SUBTOTAL_CAUSES: readonly BillingCause[] = ['shipment', 'cancellation_credit'];

export function isSubtotalCause(cause: BillingCause): boolean {
  return SUBTOTAL_CAUSES.includes(cause);
}

export function isBillingCause(value: unknown): value is BillingCause {
  return typeof value === 'string' && (BILLING_CAUSES as readonly string[]).includes(value);
}

/** A line about to be written to the ledger: an amount without VAT and the VAT on it. */
export interface BillingLineDraft {
  readonly cause: BillingCause;
  readonly amount: Money;
  readonly vat: Money;
  readonly description_en: string;
  readonly description_ar: string;
}

/**
 * VAT of one line: 15 % of its amount, rounded half away from zero to the halala. Rounding
 * per line (not per invoice) is what makes an invoice's total the exact sum of the quotes
 * it bills: a quote's VAT line is this same computation on the same amount, and a credit's
 * VAT is exactly the negative of the VAT of the charge it reverses (docs/rating.md).
 */
export function vatOf(amount: Money): Money {
  return amount.percent(VAT_BASIS_POINTS);
}

export function billingLine(cause: BillingCause, amount: Money, description_en: string, description_ar: string): BillingLineDraft {
  return { cause, amount, vat: vatOf(amount), description_en, description_ar };
}
