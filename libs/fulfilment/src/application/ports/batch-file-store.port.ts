/**
 * Where fulfilment batch files live (the uploaded source, the result and the rejection
 * files): up to 50 MB each, always streamed, never held whole in memory.
 */
export interface BatchFileStorePort {
  /**
   * Streams `content` into `key`. The file appears only once complete (atomically replacing
   * an older one); if `content` throws, nothing is left under `key` and the error is rethrown.
   */
  write(key: string, content: AsyncIterable<Uint8Array>): Promise<{ sizeBytes: number }>;
  /** The stored bytes in order, or null when there is no such file. */
  open(key: string): Promise<AsyncIterable<Buffer> | null>;
  /** Safe when it does not exist. */
  remove(key: string): Promise<void>;
  /** Drops what writes cut short by a crash left behind, older than `olderThanMs`; returns how many pieces. */
  sweepAbandoned(olderThanMs: number): Promise<number>;
}

export const BATCH_FILE_STORE = Symbol('BATCH_FILE_STORE');
