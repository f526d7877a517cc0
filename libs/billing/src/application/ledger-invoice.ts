import { billingPeriodOf, BillingPeriod, DomainError } from '@lgw/kernel';
import { periodOfInvoiceId } from '../domain/invoice-id';
import { BillingLedgerPort, LedgerLine } from './ports/billing-ledger.port';
import { InvoiceWithTotals, toInvoice } from './invoice.view';

export interface GetInvoiceCommand {
  readonly teamId: string;
  /** An invoice id; absent = the current period (Asia/Riyadh). */
  readonly invoiceId?: string;
}

export type LedgerInvoice = InvoiceWithTotals & { period: BillingPeriod; lines: LedgerLine[] };

/**
 * A period's invoice from the ledger, with what a printed copy also needs (its period and ledger
 * lines in halalas): one query whatever the number of shipments.
 */
export async function ledgerInvoice(ledger: BillingLedgerPort, now: Date, command: GetInvoiceCommand): Promise<LedgerInvoice> {
  const period = invoicePeriod(now, command);
  const lines = await ledger.linesForPeriod(command.teamId, period);
  return { ...toInvoice(command.teamId, period, lines), period, lines };
}

function invoicePeriod(now: Date, command: GetInvoiceCommand): BillingPeriod {
  const current = billingPeriodOf(now);
  if (command.invoiceId === undefined) return current;
  const period = periodOfInvoiceId(command.teamId, command.invoiceId);
  // Another team's id, a malformed one and a future period all look the same: not found.
  if (!period || period.startsAt > current.startsAt) throw new DomainError('E_NOT_FOUND');
  return period;
}
