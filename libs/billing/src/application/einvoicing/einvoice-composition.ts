import { randomUUID } from 'node:crypto';
import {
  buildUnsignedEinvoice,
  EinvoiceKind,
  EinvoiceParty,
  EinvoiceProfile,
  riyadhDateTime,
  UnsignedEinvoice,
} from '../../domain/einvoicing/ubl-invoice';
import { ChainHead, StampedDocumentDraft, UninvoicedLine } from './einvoicing.ports';

export const CREDIT_NOTE_REASON = 'Shipment cancelled after it was invoiced / إلغاء الشحنة بعد إصدار فاتورتها';

interface PlannedDocument {
  readonly kind: EinvoiceKind;
  readonly lines: UninvoicedLine[];
  /** Lines settled by the document without appearing on it (a booking and its cancellation). */
  readonly netted: UninvoicedLine[];
  readonly reference?: { readonly id: string; readonly number: string };
}

/**
 * Which documents a team's uninvoiced lines become: one tax invoice of every charge, where a
 * booking cancelled before it was invoiced is netted out (both lines settled, neither listed);
 * one credit note (381) per invoice whose shipment is cancelled after it was issued, listing
 * the credits as positive amounts and referencing that invoice. A credit whose shipment
 * line is not invoiced and not in this batch waits for it.
 */
export function planDocuments(lines: readonly UninvoicedLine[]): PlannedDocument[] {
  const bookedHere = new Set(lines.filter((l) => l.cause === 'shipment').map((l) => l.shipmentId));
  const cancelledHere = new Set(
    lines.filter((l) => l.cause === 'cancellation_credit' && !l.creditedDocument && bookedHere.has(l.shipmentId)).map((l) => l.shipmentId),
  );
  const invoice: PlannedDocument = { kind: 'invoice', lines: [], netted: [] };
  const credits = new Map<string, PlannedDocument>();
  for (const line of lines) {
    if (line.cause === 'cancellation_credit') {
      if (line.creditedDocument) {
        const key = line.creditedDocument.id;
        if (!credits.has(key)) credits.set(key, { kind: 'credit_note', lines: [], netted: [], reference: line.creditedDocument });
        credits.get(key)!.lines.push(line);
      } else if (cancelledHere.has(line.shipmentId)) {
        invoice.netted.push(line);
      }
    } else if (line.cause === 'shipment' && cancelledHere.has(line.shipmentId)) {
      invoice.netted.push(line);
    } else if (line.amountHalalas > 0) {
      invoice.lines.push(line);
    } else if (line.amountHalalas === 0) {
      invoice.netted.push(line);
    }
  }
  const planned: PlannedDocument[] = [];
  if (invoice.lines.length > 0) planned.push(invoice);
  planned.push(...credits.values());
  return planned;
}

export interface CompositionContext {
  readonly seller: EinvoiceParty;
  readonly buyer: EinvoiceParty;
  readonly profile: EinvoiceProfile;
  readonly egsCommonName: string;
  readonly now: Date;
  readonly stamp: (unsigned: UnsignedEinvoice) => { xml: string; invoiceHash: string; qr: string };
}

export function documentNumber(egsCommonName: string, icv: number): string {
  return `${egsCommonName}-${String(icv).padStart(8, '0')}`;
}

/** Builds and stamps the planned documents, each chained to the one before it. */
export function composeDocuments(lines: readonly UninvoicedLine[], head: ChainHead, context: CompositionContext): StampedDocumentDraft[] {
  const { date, time } = riyadhDateTime(context.now);
  let icv = head.lastIcv;
  let previousInvoiceHash = head.lastInvoiceHash;
  return planDocuments(lines).map((plan) => {
    icv += 1;
    const number = documentNumber(context.egsCommonName, icv);
    const uuid = randomUUID();
    const unsigned = buildUnsignedEinvoice({
      kind: plan.kind,
      profile: context.profile,
      number,
      uuid,
      issueDate: date,
      issueTime: time,
      supplyDate: date,
      icv,
      previousInvoiceHash,
      seller: context.seller,
      buyer: context.buyer,
      lines: plan.lines.map((l) => ({
        descriptionEn: l.descriptionEn,
        descriptionAr: l.descriptionAr,
        netHalalas: Math.abs(l.amountHalalas),
      })),
      billingReference: plan.reference?.number,
      reason: plan.kind === 'credit_note' ? CREDIT_NOTE_REASON : undefined,
    });
    const stamped = context.stamp(unsigned);
    const draft: StampedDocumentDraft = {
      id: randomUUID(),
      kind: plan.kind,
      profile: context.profile,
      number,
      uuid,
      icv,
      previousInvoiceHash,
      invoiceHash: stamped.invoiceHash,
      xml: stamped.xml,
      qr: stamped.qr,
      netHalalas: unsigned.totals.netHalalas,
      vatHalalas: unsigned.totals.vatHalalas,
      grossHalalas: unsigned.totals.grossHalalas,
      periodStart: plan.lines.map((l) => l.periodStart).sort()[0],
      billingReferenceId: plan.reference?.id,
      lineIds: [...plan.lines, ...plan.netted].map((l) => l.id),
      lineCount: plan.lines.length,
    };
    previousInvoiceHash = stamped.invoiceHash;
    return draft;
  });
}

/**
 * Of the lines a document settles, the ones it lists, in order: what its signed XML has as
 * cac:InvoiceLine. A credit note lists all of its credits; an invoice nets out a booking
 * cancelled before it was issued (both lines) and zero amounts, as planDocuments decided
 * when it was composed (its credits carry no credited document: they were settled by it).
 */
export function linesOnDocument<L extends Pick<UninvoicedLine, 'shipmentId' | 'cause' | 'amountHalalas'>>(
  kind: EinvoiceKind,
  settled: readonly L[],
): L[] {
  if (kind === 'credit_note') return [...settled];
  const indexed = settled.map((line, i) => ({
    ...line,
    id: String(i),
    trackingNumber: '',
    descriptionEn: '',
    descriptionAr: '',
    periodStart: '',
  }));
  const [invoice] = planDocuments(indexed);
  return invoice?.kind === 'invoice' ? invoice.lines.map((l) => settled[Number(l.id)]) : [];
}
