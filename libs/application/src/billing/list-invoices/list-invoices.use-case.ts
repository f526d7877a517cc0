import { Inject, Injectable } from '@nestjs/common';
import { billingPeriodOf, parseBillingPeriodKey } from '@lgw/domain';
import { BILLING_LEDGER, BillingLedgerPort } from '../../ports/billing-ledger.port';
import { CLOCK, ClockPort } from '../../ports/clock.port';
import { InvoiceSummaryView, toInvoiceSummary } from '../invoice.view';

export interface InvoiceListView {
  readonly invoices: InvoiceSummaryView[];
}

/** The team's billing periods, newest first: the current one always, then every one with lines. */
@Injectable()
export class ListInvoicesUseCase {
  constructor(
    @Inject(BILLING_LEDGER) private readonly ledger: BillingLedgerPort,
    @Inject(CLOCK) private readonly clock: ClockPort,
  ) {}

  async execute(command: { readonly teamId: string }): Promise<InvoiceListView> {
    const current = billingPeriodOf(this.clock.now());
    const summaries = await this.ledger.periodSummaries(command.teamId);
    const invoices: InvoiceSummaryView[] = [];
    if (!summaries.some((s) => s.periodStart === current.start)) invoices.push(toInvoiceSummary(command.teamId, current, undefined));
    for (const summary of summaries) {
      const period = parseBillingPeriodKey(summary.periodStart.slice(0, 7));
      // Lines dated after the current period cannot exist unless the clock went back; they wait.
      if (!period || period.startsAt > current.startsAt) continue;
      invoices.push(toInvoiceSummary(command.teamId, period, summary));
    }
    return { invoices };
  }
}
