import { Inject, Injectable } from '@nestjs/common';
import { billingPeriodOf, parseBillingPeriodKey, Money, CLOCK, ClockPort, parseQueryInteger } from '@lgw/kernel';
import { BILLING_LEDGER, BillingLedgerPort } from '../ports/billing-ledger.port';
import { EINVOICE_STORE, EinvoiceDocument, EinvoiceStorePort } from '../einvoicing/einvoicing.ports';
import { InvoiceSummaryView, toInvoiceSummary } from '../invoice.view';

export interface InvoiceListView {
  readonly invoices: InvoiceSummaryView[];
  readonly total: number;
  readonly limit: number;
  readonly offset: number;
}

const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;

/**
 * The team's invoices (DESIGN §6), newest first: first the open periods (status OPEN: what
 * is left of a month on no e-invoice yet; the current month always), then the issued
 * e-invoices and credit notes. Rejected documents are the operator's and not listed.
 */
@Injectable()
export class ListInvoicesUseCase {
  constructor(
    @Inject(BILLING_LEDGER) private readonly ledger: BillingLedgerPort,
    @Inject(EINVOICE_STORE) private readonly einvoices: EinvoiceStorePort,
    @Inject(CLOCK) private readonly clock: ClockPort,
  ) {}

  async execute(command: { readonly teamId: string; readonly limit?: string; readonly offset?: string }): Promise<InvoiceListView> {
    const limit = parseQueryInteger('limit', command.limit, DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE);
    const offset = parseQueryInteger('offset', command.offset, 0, 0, Number.MAX_SAFE_INTEGER);
    const current = billingPeriodOf(this.clock.now());
    const summaries = await this.ledger.periodSummaries(command.teamId);
    const open: InvoiceSummaryView[] = [];
    if (!summaries.some((s) => s.periodStart === current.start)) open.push(toInvoiceSummary(command.teamId, current, undefined));
    for (const summary of summaries) {
      const period = parseBillingPeriodKey(summary.periodStart.slice(0, 7));
      // Lines dated after the current period cannot exist unless the clock went back; they wait.
      if (!period || period.startsAt > current.startsAt) continue;
      open.push(toInvoiceSummary(command.teamId, period, summary));
    }
    const openPage = open.slice(offset, offset + limit);
    const documentOffset = Math.max(0, offset - open.length);
    const documentLimit = limit - openPage.length;
    const documents = await this.einvoices.list(command.teamId, Math.max(documentLimit, 1), documentOffset);
    const issued = documentLimit > 0 ? documents.items.map(toIssuedSummary) : [];
    return { invoices: [...openPage, ...issued], total: open.length + documents.total, limit, offset };
  }
}

export function toIssuedSummary(d: EinvoiceDocument): InvoiceSummaryView {
  const period = parseBillingPeriodKey(d.periodStart.slice(0, 7));
  return {
    id: d.id,
    type: d.kind,
    status: d.status,
    number: d.number,
    profile: d.profile,
    icv: d.icv,
    issued_at: d.issuedAt.toISOString(),
    billing_reference_id: d.billingReferenceId ?? null,
    period_start: d.periodStart,
    period_end: period?.end ?? d.periodStart,
    line_count: d.lineCount,
    subtotal_sar: Money.ofHalalas(d.netHalalas - d.surchargesHalalas).toSar(),
    surcharges_sar: Money.ofHalalas(d.surchargesHalalas).toSar(),
    vat_sar: Money.ofHalalas(d.vatHalalas).toSar(),
    total_sar: Money.ofHalalas(d.grossHalalas).toSar(),
    updated_at: d.updatedAt.toISOString(),
  };
}
