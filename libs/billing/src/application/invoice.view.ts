import { BillingPeriod, Money } from '@lgw/kernel';
import { invoiceIdFor } from '../domain/invoice-id';
import { invoiceTotals, InvoiceTotals, totalsOf } from '../domain/invoice-totals';
import { LedgerLine, LedgerPeriodSummary } from './ports/billing-ledger.port';

/** docs/api.md §2 Invoice. Amounts are SAR numbers with two decimals; halalas never leave. */
export interface InvoiceLineView {
  readonly shipment_id: string;
  readonly tracking_number: string;
  /** Kept beside description_en for the clients that read it: the same English text. */
  readonly description: string;
  readonly description_en: string;
  readonly description_ar: string;
  readonly amount_sar: number;
  /** The VAT on this line: the invoice's vat_sar is their sum. */
  readonly vat_sar: number;
  readonly cause: string;
}

export interface InvoiceView {
  readonly id: string;
  readonly period_start: string;
  readonly period_end: string;
  readonly line_items: InvoiceLineView[];
  readonly subtotal_sar: number;
  readonly surcharges_sar: number;
  readonly vat_sar: number;
  readonly total_sar: number;
  readonly updated_at: string;
}

export interface InvoiceSummaryView {
  readonly id: string;
  /** DESIGN §6: an open period is an `invoice` in status OPEN until it is issued. */
  readonly type: 'invoice' | 'credit_note';
  readonly status: 'OPEN' | 'PENDING_CLEARANCE' | 'CLEARED' | 'REPORTED' | 'REJECTED';
  /** Issued documents only. */
  readonly number?: string;
  readonly profile?: 'standard' | 'simplified';
  readonly icv?: number;
  readonly issued_at?: string;
  readonly billing_reference_id?: string | null;
  readonly period_start: string;
  readonly period_end: string;
  readonly line_count: number;
  readonly subtotal_sar: number;
  readonly surcharges_sar: number;
  readonly vat_sar: number;
  readonly total_sar: number;
  readonly updated_at: string;
}

export interface InvoiceWithTotals {
  readonly view: InvoiceView;
  readonly totals: InvoiceTotals;
  readonly updatedAt: Date;
}

export function toInvoice(teamId: string, period: BillingPeriod, lines: readonly LedgerLine[]): InvoiceWithTotals {
  const totals = invoiceTotals(lines);
  let updatedAt = period.startsAt;
  for (const line of lines) if (line.recordedAt > updatedAt) updatedAt = line.recordedAt;
  return {
    totals,
    updatedAt,
    view: {
      id: invoiceIdFor(teamId, period),
      period_start: period.start,
      period_end: period.end,
      line_items: lines.map((l) => ({
        shipment_id: l.shipmentId,
        tracking_number: l.trackingNumber,
        description: l.descriptionEn,
        description_en: l.descriptionEn,
        description_ar: l.descriptionAr,
        amount_sar: Money.ofHalalas(l.amountHalalas).toSar(),
        vat_sar: Money.ofHalalas(l.vatHalalas).toSar(),
        cause: l.cause,
      })),
      ...sar(totals),
      updated_at: updatedAt.toISOString(),
    },
  };
}

export function toInvoiceSummary(teamId: string, period: BillingPeriod, summary: LedgerPeriodSummary | undefined): InvoiceSummaryView {
  const totals = summary ? totalsOf(summary.subtotalHalalas, summary.surchargesHalalas, summary.vatHalalas) : totalsOf(0, 0, 0);
  return {
    id: invoiceIdFor(teamId, period),
    type: 'invoice',
    status: 'OPEN',
    period_start: period.start,
    period_end: period.end,
    line_count: summary?.lineCount ?? 0,
    ...sar(totals),
    updated_at: (summary?.updatedAt ?? period.startsAt).toISOString(),
  };
}

function sar(t: InvoiceTotals) {
  return {
    subtotal_sar: t.subtotal.toSar(),
    surcharges_sar: t.surcharges.toSar(),
    vat_sar: t.vat.toSar(),
    total_sar: t.total.toSar(),
  };
}
