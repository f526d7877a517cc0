import { UploadFormPart } from '../../documents/upload-shipment-document/upload-shipment-document.command';

export interface SubmitBatchCommand {
  readonly teamId: string;
  /** The raw Idempotency-Key header, if any. */
  readonly idempotencyKey?: string;
  /** Read once, in arrival order; the file part is streamed straight to storage. */
  readonly parts: AsyncIterable<UploadFormPart>;
}
