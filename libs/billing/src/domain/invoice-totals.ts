import { Money } from '@lgw/kernel';
import { BillingCause, isSubtotalCause } from './billing-line';

export interface LedgerAmounts {
  readonly cause: BillingCause;
  readonly amountHalalas: number;
  readonly vatHalalas: number;
}

export interface InvoiceTotals {
  /** Shipment lines and cancellation credits. */
  readonly subtotal: Money;
  /** Every other cause. */
  readonly surcharges: Money;
  /** Sum of the lines' VAT (15 % of each line, rounded per line). */
  readonly vat: Money;
  /** subtotal + surcharges + vat, exactly. */
  readonly total: Money;
}

/** Totals of an invoice from its lines; integer halalas, so they reconcile to the halala. */
export function invoiceTotals(lines: Iterable<LedgerAmounts>): InvoiceTotals {
  let subtotal = 0;
  let surcharges = 0;
  let vat = 0;
  for (const line of lines) {
    if (isSubtotalCause(line.cause)) subtotal += line.amountHalalas;
    else surcharges += line.amountHalalas;
    vat += line.vatHalalas;
  }
  return totalsOf(subtotal, surcharges, vat);
}

/** The same totals from sums computed elsewhere (an aggregate query). */
export function totalsOf(subtotalHalalas: number, surchargesHalalas: number, vatHalalas: number): InvoiceTotals {
  const subtotal = Money.ofHalalas(subtotalHalalas);
  const surcharges = Money.ofHalalas(surchargesHalalas);
  const vat = Money.ofHalalas(vatHalalas);
  return { subtotal, surcharges, vat, total: subtotal.add(surcharges).add(vat) };
}
