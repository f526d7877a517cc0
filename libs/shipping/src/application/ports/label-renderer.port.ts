import { AddressProps, ParcelProps, LabelFormat } from '@lgw/kernel';

/** Everything printed on an A6 label. */
export interface LabelData {
  readonly shipmentId: string;
  readonly trackingNumber: string;
  readonly carrier: { readonly code: string; readonly name_en: string; readonly name_ar: string };
  readonly service: { readonly code: string; readonly name_en: string; readonly name_ar: string };
  readonly origin: AddressProps;
  readonly destination: AddressProps;
  readonly parcels: readonly ParcelProps[];
  readonly chargeableWeightKg: number;
  /** Cash on delivery, integer halalas; absent or 0 when none. */
  readonly codAmountHalalas?: number;
  readonly reference?: string;
  readonly createdAt: Date;
  /** A customer return: the label says RETURN in both languages. */
  readonly isReturn?: boolean;
  /**
   * A multi-piece shipment (ADR 0087): one page per piece, in order, each marked n/N in both
   * languages and carrying the piece's tracking number in its barcode and QR code. Absent: one page.
   */
  readonly pieces?: readonly LabelPiece[];
}

export interface LabelPiece {
  readonly number: number;
  readonly trackingNumber: string;
  readonly weightKg: number;
}

/** How many pages the label of this data prints: one per piece, else one. */
export function labelPageCount(data: Pick<LabelData, 'pieces'>): number {
  return data.pieces && data.pieces.length > 1 ? data.pieces.length : 1;
}

export interface LabelRendererPort {
  /** Returns the bytes of an A6 PDF: one page, or one per piece (labelPageCount). */
  render(data: LabelData): Promise<Buffer>;
  /** The same label for each, in order, rendered together (a page of a batch): one PDF each. */
  renderMany(data: readonly LabelData[]): Promise<Buffer[]>;
  /** Prints that run at once (the browser's pages): callers with many keep this many in flight. */
  readonly printsAtOnce: number;
}

export const LABEL_RENDERER = Symbol('LABEL_RENDERER');

export type RendererAvailability = { readonly available: true } | { readonly available: false; readonly reason: string };

/** Whether documents (labels, invoices) can be printed now; cheap, launches nothing. */
export interface RendererStatusPort {
  availability(): RendererAvailability;
}

export const RENDERER_STATUS = Symbol('RENDERER_STATUS');

/** The label formats are the shipment's (libs/domain); named here too for the renderers' adapters. */
/** The formats rendered from the same data besides the A6 PDF. */
export type PrinterLabelFormat = Exclude<LabelFormat, 'pdf_a6'>;

export interface LabelFormatRendererPort {
  /** pdf_4x6: a one-page 4×6 in PDF; zpl: a ZPL II document for a 203 dpi 4×6 printer. */
  render(format: PrinterLabelFormat, data: LabelData): Promise<Buffer>;
}

export const LABEL_FORMAT_RENDERER = Symbol('LABEL_FORMAT_RENDERER');

/** Joins labels into one printable file: a PDF with one label per page, or one ZPL stream. */
export interface LabelMergerPort {
  /** Consumes the labels in order and yields the merged file's bytes. */
  merge(format: LabelFormat, labels: AsyncIterable<Buffer>): AsyncIterable<Buffer>;
}

export const LABEL_MERGER = Symbol('LABEL_MERGER');
