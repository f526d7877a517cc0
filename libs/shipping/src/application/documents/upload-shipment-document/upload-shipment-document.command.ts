/** One part of a multipart/form-data body, in arrival order, independent of the HTTP library. */
export type UploadFormPart =
  | {
      readonly kind: 'file';
      readonly field: string;
      readonly filename?: string;
      /** Must be consumed to its end before the next part is asked for. */
      readonly content: AsyncIterable<Uint8Array>;
    }
  | { readonly kind: 'field'; readonly field: string; readonly value: string };

export interface UploadShipmentDocumentCommand {
  readonly teamId: string;
  readonly shipmentId: string;
  /** Read once, lazily: nothing is read before the shipment is known to be the caller's. */
  readonly parts: AsyncIterable<UploadFormPart>;
}
