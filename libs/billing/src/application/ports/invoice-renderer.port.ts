/** Everything printed on a simplified tax invoice. Money in integer halalas. */
export interface InvoiceDocument {
  readonly invoiceNumber: string;
  readonly issuedAt: Date;
  readonly periodStart: string;
  readonly periodEnd: string;
  readonly seller: { readonly name: string; readonly vatNumber: string };
  /** The team billed (simplified invoices name no buyer; the account reference helps the merchant file it). */
  readonly customerReference: string;
  /** The buyer as an issued e-invoice names it (a standard tax invoice always does): printed under the seller. */
  readonly buyer?: {
    readonly nameEn: string;
    readonly nameAr: string;
    readonly vatNumber?: string;
    /** One line: street, building, district, city, postal code, country. */
    readonly address?: string;
  };
  readonly lines: ReadonlyArray<{
    readonly trackingNumber: string;
    readonly descriptionEn: string;
    readonly descriptionAr: string;
    readonly amountHalalas: number;
    readonly vatHalalas: number;
  }>;
  readonly subtotalHalalas: number;
  readonly surchargesHalalas: number;
  readonly vatHalalas: number;
  readonly totalHalalas: number;
  /** Text of the e-invoicing QR code (base64 TLV). */
  readonly qrText: string;
  /** An issued e-invoice (phase 2): its kind and its place with ZATCA, printed beside the number. */
  readonly einvoice?: {
    readonly titleEn: string;
    readonly titleAr: string;
    readonly status: string;
    readonly statusAr: string;
    readonly uuid: string;
  };
}

export interface InvoiceRendererPort {
  /** Returns the bytes of an A4 PDF. */
  render(invoice: InvoiceDocument): Promise<Buffer>;
}

export const INVOICE_RENDERER = Symbol('INVOICE_RENDERER');
