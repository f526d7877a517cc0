import { Inject, Injectable } from '@nestjs/common';
import { EinvoiceAddress } from '../../domain/einvoicing/ubl-invoice';
import { readUblParty } from '../../domain/einvoicing/ubl-party-reader';
import { simplifiedInvoiceQrText } from '../../domain/zatca-qr';
import { InvoiceDocument, INVOICE_RENDERER, InvoiceRendererPort } from '../ports/invoice-renderer.port';
import { BILLING_LEDGER, BillingLedgerPort } from '../ports/billing-ledger.port';
import { CLOCK, ClockPort } from '@lgw/kernel';
import { EINVOICE_SELLER, EINVOICE_STORE, EinvoiceSeller, EinvoiceStorePort } from '../einvoicing/einvoicing.ports';
import { sharedTeamDocument } from '../einvoicing/team-documents';
import { issuedInvoiceOf } from '../issued-invoice';
import { ledgerInvoice } from '../ledger-invoice';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const TITLES = {
  standard_invoice: ['Tax Invoice', 'فاتورة ضريبية'],
  simplified_invoice: ['Simplified Tax Invoice', 'فاتورة ضريبية مبسطة'],
  standard_credit_note: ['Credit Note', 'إشعار دائن'],
  simplified_credit_note: ['Simplified Credit Note', 'إشعار دائن مبسط'],
} as const;

const STATUS_AR: Record<string, string> = {
  PENDING_CLEARANCE: 'بانتظار الاعتماد',
  CLEARED: 'معتمدة من الهيئة',
  REPORTED: 'مبلغ عنها للهيئة',
  REJECTED: 'مرفوضة',
};

export interface RenderInvoicePdfCommand {
  readonly teamId: string;
  /** An invoice id; absent = the current period. */
  readonly invoiceId?: string;
}

/**
 * The invoice as a bilingual A4 simplified tax invoice. Issued at the time of its latest
 * line, so the same ledger always prints the same document and QR code.
 */
@Injectable()
export class RenderInvoicePdfUseCase {
  constructor(
    @Inject(BILLING_LEDGER) private readonly ledger: BillingLedgerPort,
    @Inject(CLOCK) private readonly clock: ClockPort,
    @Inject(INVOICE_RENDERER) private readonly renderer: InvoiceRendererPort,
    @Inject(EINVOICE_STORE) private readonly einvoices: EinvoiceStorePort,
    /** One seller on every invoice, the open period's and the issued ones (INVOICE_SELLER_*). */
    @Inject(EINVOICE_SELLER) private readonly seller: EinvoiceSeller,
  ) {}

  /**
   * An issued e-invoice or credit note, as its signed XML has it: the lines it lists (not
   * those it nets out), its buyer, its phase 2 QR code (tags 1–9) and its ZATCA status.
   */
  private async issued(teamId: string, id: string): Promise<Buffer> {
    const document = await sharedTeamDocument(this.einvoices, teamId, id);
    const { lines } = await issuedInvoiceOf(this.einvoices, document);
    const [titleEn, titleAr] = TITLES[`${document.profile}_${document.kind}`];
    const sign = document.kind === 'credit_note' ? -1 : 1;
    const buyer = readUblParty(document.xml, 'AccountingCustomerParty');
    return this.renderer.render({
      invoiceNumber: document.number,
      issuedAt: document.issuedAt,
      periodStart: document.periodStart,
      periodEnd: document.issuedAt.toISOString().slice(0, 10),
      seller: this.printedSeller(),
      customerReference: teamId,
      buyer: buyer && {
        nameEn: buyer.legalNameEn,
        nameAr: buyer.legalNameAr,
        vatNumber: buyer.vatNumber,
        address: buyer.address && addressLine(buyer.address),
      },
      lines: printedLines(lines),
      subtotalHalalas: sign * (document.netHalalas - document.surchargesHalalas),
      surchargesHalalas: sign * document.surchargesHalalas,
      vatHalalas: sign * document.vatHalalas,
      totalHalalas: sign * document.grossHalalas,
      qrText: document.qr,
      einvoice: { titleEn, titleAr, status: document.status, statusAr: STATUS_AR[document.status] ?? document.status, uuid: document.uuid },
    });
  }

  private printedSeller(): InvoiceDocument['seller'] {
    return { name: `${this.seller.legalNameEn} · ${this.seller.legalNameAr}`, vatNumber: this.seller.vatNumber };
  }

  async execute(command: RenderInvoicePdfCommand): Promise<Buffer> {
    if (command.invoiceId && UUID.test(command.invoiceId)) return this.issued(command.teamId, command.invoiceId);
    const { view, lines, totals, updatedAt } = await ledgerInvoice(this.ledger, this.clock.now(), command);
    return this.renderer.render({
      invoiceNumber: view.id,
      issuedAt: updatedAt,
      periodStart: view.period_start,
      periodEnd: view.period_end,
      seller: this.printedSeller(),
      customerReference: command.teamId,
      lines: printedLines(lines),
      subtotalHalalas: totals.subtotal.halalas,
      surchargesHalalas: totals.surcharges.halalas,
      vatHalalas: totals.vat.halalas,
      totalHalalas: totals.total.halalas,
      qrText: simplifiedInvoiceQrText({
        sellerName: this.seller.legalNameEn,
        vatNumber: this.seller.vatNumber,
        timestamp: updatedAt,
        totalWithVat: totals.total.toSarString(),
        vatTotal: totals.vat.toSarString(),
      }),
    });
  }
}

type PrintedLine = InvoiceDocument['lines'][number];

function printedLines(lines: readonly PrintedLine[]): PrintedLine[] {
  return lines.map((l) => ({
    trackingNumber: l.trackingNumber,
    descriptionEn: l.descriptionEn,
    descriptionAr: l.descriptionAr,
    amountHalalas: l.amountHalalas,
    vatHalalas: l.vatHalalas,
  }));
}

function addressLine(a: EinvoiceAddress): string {
  const building = a.additional_number ? `${a.building_number}, additional number ${a.additional_number}` : a.building_number;
  return [a.street, building, a.district, `${a.city} ${a.postal_code}`, a.country].filter((part) => part.trim() !== '').join(', ');
}
