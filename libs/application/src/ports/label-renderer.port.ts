import { AddressProps, ParcelProps } from '@lgw/domain';

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
}

export interface LabelRendererPort {
  /** Returns the bytes of a one-page A6 PDF. */
  render(data: LabelData): Promise<Buffer>;
}

export const LABEL_RENDERER = Symbol('LABEL_RENDERER');

export type RendererAvailability = { readonly available: true } | { readonly available: false; readonly reason: string };

/** Whether documents (labels, invoices) can be printed now; cheap, launches nothing. */
export interface RendererStatusPort {
  availability(): RendererAvailability;
}

export const RENDERER_STATUS = Symbol('RENDERER_STATUS');

/**
 * No renderer can run (no browser installed, or it fails to launch): the caller gets 503
 * E_LABEL_UNAVAILABLE. Nothing is lost: labels stay pending and render once a browser runs.
 */
export class LabelRendererUnavailableError extends Error {
  constructor(
    readonly reason: string,
    readonly retryAfterSeconds = 60,
  ) {
    super(`label renderer unavailable: ${reason}`);
    this.name = 'LabelRendererUnavailableError';
  }
}
