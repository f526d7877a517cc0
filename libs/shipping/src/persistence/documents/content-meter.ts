import { createHash } from 'node:crypto';
import { StagedDocument, StageOptions } from '../../application/ports/document-store.port';

/**
 * What every document store measures while staging: size, SHA-256, the first bytes for the
 * signature check, and truncation at `maxBytes` (the rest is read and dropped, so the
 * multipart stream goes on to the parts after the file).
 */
export class ContentMeter {
  private readonly hash = createHash('sha256');
  private readonly head: Buffer[] = [];
  private headLength = 0;
  private kept = 0;
  private truncated = false;

  constructor(private readonly options: StageOptions) {}

  /** The content up to `maxBytes`, as it arrives. */
  async *pass(content: AsyncIterable<Uint8Array>): AsyncGenerator<Buffer> {
    for await (const chunk of content) {
      if (this.truncated) continue;
      let piece = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      if (this.kept + piece.length > this.options.maxBytes) {
        piece = piece.subarray(0, this.options.maxBytes - this.kept);
        this.truncated = true;
      }
      this.kept += piece.length;
      if (this.headLength < this.options.headBytes) {
        const part = Buffer.from(piece.subarray(0, this.options.headBytes - this.headLength));
        this.head.push(part);
        this.headLength += part.length;
      }
      this.hash.update(piece);
      if (piece.length > 0) yield piece;
    }
  }

  staged(stagingKey: string): StagedDocument {
    return {
      stagingKey,
      sizeBytes: this.kept,
      head: Buffer.concat(this.head),
      sha256: this.hash.digest('hex'),
      truncated: this.truncated,
    };
  }
}
