import { Inject, Injectable } from '@nestjs/common';
import { BillingCause, billingPeriodOf, parseBillingPeriodKey } from '@lgw/domain';
import { EINVOICE_STORE, EinvoiceDocument, EinvoiceStorePort, DocumentLine } from '../../einvoicing/einvoicing.ports';
import { linesOnDocument } from '../../einvoicing/einvoice-composition';
import { teamDocument } from '../../einvoicing/get-einvoice-xml/get-einvoice-xml.use-case';
import { InvoiceLineView, InvoiceSummaryView, toInvoice } from '../invoice.view';
import { toIssuedSummary } from '../list-invoices/list-invoices.use-case';

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

/**
 * A team's issued document by its id (the uuid GET /invoices lists). Every status the list
 * shows is readable, a standard invoice awaiting clearance included (its XML is not shared
 * until cleared); a rejected one, or another team's, does not exist for the team.
 */
@Injectable()
export class GetIssuedInvoiceUseCase {
  constructor(@Inject(EINVOICE_STORE) private readonly store: EinvoiceStorePort) {}

  async execute(command: { readonly teamId: string; readonly id: string }): Promise<IssuedInvoice> {
    return this.of(await teamDocument(this.store, command.teamId, command.id));
  }

  /** The lines and view of a document already found (the PDF renders the same). */
  async of(document: EinvoiceDocument): Promise<IssuedInvoice> {
    const lines = linesOnDocument(document.kind, await this.store.documentLines(document.id));
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
}
