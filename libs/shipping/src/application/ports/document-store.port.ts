/**
 * Where document bytes live (customs documents). Content arrives as a stream and is staged
 * first: the upload's rules (signature, size, form fields that may come after the file) can
 * only be judged once it has been read, and a refused upload must leave nothing behind.
 */
export interface StagedDocument {
  /** Opaque to callers; meaningful only to the store that staged it. */
  readonly stagingKey: string;
  readonly sizeBytes: number;
  /** The first bytes of the content (up to the requested headBytes), for signature checks. */
  readonly head: Buffer;
  readonly sha256: string;
  /** True when the content went past maxBytes: what was kept is incomplete. */
  readonly truncated: boolean;
}

export interface StageOptions {
  /** Bytes beyond this are read and dropped (the source is always consumed to its end). */
  readonly maxBytes: number;
  readonly headBytes: number;
}

export interface DocumentStorePort {
  stage(content: AsyncIterable<Uint8Array>, options: StageOptions): Promise<StagedDocument>;
  /** Makes staged content the document `documentId`; the stored name is that id, nothing else. */
  commit(staged: StagedDocument, documentId: string): Promise<void>;
  /** Forgets staged content; safe to call twice. */
  discard(staged: StagedDocument): Promise<void>;
  /** Removes a committed document; safe when it does not exist. */
  remove(documentId: string): Promise<void>;
  /** The stored bytes, or null when there is no such document. */
  open(documentId: string): Promise<AsyncIterable<Buffer> | null>;
  /** Forgets staged content older than `olderThanMs` (left by a crash); returns how many. */
  sweepStaging(olderThanMs: number): Promise<number>;
}

export const DOCUMENT_STORE = Symbol('DOCUMENT_STORE');
