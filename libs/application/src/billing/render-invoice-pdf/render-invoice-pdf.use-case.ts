import { Inject, Injectable } from '@nestjs/common';
import { simplifiedInvoiceQrText } from '@lgw/domain';
import { INVOICE_RENDERER, INVOICE_SELLER, InvoiceRendererPort, InvoiceSellerSettings } from '../../ports/invoice-renderer.port';
import { GetInvoiceUseCase } from '../get-invoice/get-invoice.use-case';

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
    private readonly getInvoice: GetInvoiceUseCase,
    @Inject(INVOICE_RENDERER) private readonly renderer: InvoiceRendererPort,
    @Inject(INVOICE_SELLER) private readonly seller: InvoiceSellerSettings,
  ) {}

  async execute(command: RenderInvoicePdfCommand): Promise<Buffer> {
    const { view, lines, totals, updatedAt } = await this.getInvoice.invoice(command);
    return this.renderer.render({
      invoiceNumber: view.id,
      issuedAt: updatedAt,
      periodStart: view.period_start,
      periodEnd: view.period_end,
      seller: { name: this.seller.name, vatNumber: this.seller.vatNumber },
      customerReference: command.teamId,
      lines: lines.map((l) => ({
        trackingNumber: l.trackingNumber,
        descriptionEn: l.descriptionEn,
        descriptionAr: l.descriptionAr,
        amountHalalas: l.amountHalalas,
        vatHalalas: l.vatHalalas,
      })),
      subtotalHalalas: totals.subtotal.halalas,
      surchargesHalalas: totals.surcharges.halalas,
      vatHalalas: totals.vat.halalas,
      totalHalalas: totals.total.halalas,
      qrText: simplifiedInvoiceQrText({
        sellerName: this.seller.name,
        vatNumber: this.seller.vatNumber,
        timestamp: updatedAt,
        totalWithVat: totals.total.toSarString(),
        vatTotal: totals.vat.toSarString(),
      }),
    });
  }
}
