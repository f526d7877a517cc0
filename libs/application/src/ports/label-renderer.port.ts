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
