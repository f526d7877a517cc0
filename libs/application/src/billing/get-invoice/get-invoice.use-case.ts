import { Inject, Injectable } from '@nestjs/common';
import { billingPeriodOf, BillingPeriod, DomainError, periodOfInvoiceId } from '@lgw/domain';
import { BILLING_LEDGER, BillingLedgerPort, LedgerLine } from '../../ports/billing-ledger.port';
import { CLOCK, ClockPort } from '../../ports/clock.port';
import { InvoiceView, InvoiceWithTotals, toInvoice } from '../invoice.view';

export interface GetInvoiceCommand {
  readonly teamId: string;
  /** An invoice id; absent = the current period (Asia/Riyadh). */
  readonly invoiceId?: string;
}

/** An invoice, served from the ledger with one query whatever the number of shipments. */
@Injectable()
export class GetInvoiceUseCase {
  constructor(
    @Inject(BILLING_LEDGER) private readonly ledger: BillingLedgerPort,
    @Inject(CLOCK) private readonly clock: ClockPort,
  ) {}

  async execute(command: GetInvoiceCommand): Promise<InvoiceView> {
    return (await this.invoice(command)).view;
  }

  /** The invoice with what a printed copy also needs: its period and ledger lines in halalas. */
  async invoice(command: GetInvoiceCommand): Promise<InvoiceWithTotals & { period: BillingPeriod; lines: LedgerLine[] }> {
    const period = this.period(command);
    const lines = await this.ledger.linesForPeriod(command.teamId, period);
    return { ...toInvoice(command.teamId, period, lines), period, lines };
  }

  private period(command: GetInvoiceCommand): BillingPeriod {
    const current = billingPeriodOf(this.clock.now());
    if (command.invoiceId === undefined) return current;
    const period = periodOfInvoiceId(command.teamId, command.invoiceId);
    // Another team's id, a malformed one and a future period all look the same: not found.
    if (!period || period.startsAt > current.startsAt) throw new DomainError('E_NOT_FOUND');
    return period;
  }
}
