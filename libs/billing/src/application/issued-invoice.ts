import { BillingCause } from '../domain/billing-line';
import { billingPeriodOf, parseBillingPeriodKey } from '@lgw/kernel';
import { DocumentLine, EinvoiceDocument, EinvoiceStorePort } from './einvoicing/einvoicing.ports';
import { linesOnDocument } from './einvoicing/einvoice-composition';
import { InvoiceLineView, InvoiceSummaryView, toInvoice } from './invoice.view';
import { toIssuedSummary } from './list-invoices/list-invoices.use-case';

/** An issued e-invoice or credit note as JSON: its summary (GET /invoices) and the lines its XML lists. */
export interface IssuedInvoiceView extends InvoiceSummaryView {
  readonly line_items: InvoiceLineView[];
}

export interface IssuedInvoice {
  readonly document: EinvoiceDocument;
  /** The ledger lines the signed document lists, in its order (the netted-out ones left out). */
  readonly lines: DocumentLine[];
  readonly view: IssuedInvoiceView;
}

/** The lines and view of an issued document: what its JSON answers and its PDF prints. */
export async function issuedInvoiceOf(store: EinvoiceStorePort, document: EinvoiceDocument): Promise<IssuedInvoice> {
  const lines = linesOnDocument(document.kind, await store.documentLines(document.id));
  const period = parseBillingPeriodKey(document.periodStart.slice(0, 7)) ?? billingPeriodOf(document.issuedAt);
  // A credit note lists its credits as positive amounts, as its XML and the list do.
  const sign = document.kind === 'credit_note' ? -1 : 1;
  const { view } = toInvoice(
    document.teamId,
    period,
    lines.map((l) => ({
      ...l,
      cause: l.cause as BillingCause,
      amountHalalas: sign * l.amountHalalas,
      vatHalalas: sign * l.vatHalalas,
      recordedAt: document.issuedAt,
    })),
  );
  return { document, lines, view: { ...toIssuedSummary(document), line_items: view.line_items } };
}
