import { UploadFormPart } from '@lgw/shipping';

export interface SubmitBatchCommand {
  readonly teamId: string;
  /** Read once, in arrival order; the file part is streamed straight to storage. */
  readonly parts: AsyncIterable<UploadFormPart>;
}

/** A batch file held in storage, not yet a batch: accepted, or discarded (a replayed or refused request). */
export interface ReceivedBatchFile {
  readonly batchId: string;
  readonly teamId: string;
  readonly filename: string;
  readonly sizeBytes: number;
  readonly sha256: string;
}

/** What makes two uploads the same request: the file, by name, size and content. */
export function batchFileFingerprint(file: ReceivedBatchFile): Record<string, unknown> {
  return { filename: file.filename, sha256: file.sha256, size: file.sizeBytes };
}
