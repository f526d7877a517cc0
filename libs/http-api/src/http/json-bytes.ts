/**
 * A JSON answer written straight to its UTF-8 bytes, for an answer that writes its own JSON
 * (own-json.ts). Text is gathered as a string and encoded once per run; a frozen object's JSON
 * (a carrier's names, a price's breakdown) is encoded once for the life of the object and copied.
 *
 * Why bytes and not a string: one Arabic name turns the whole answer into a two-byte string, which
 * Fastify then measured (`Buffer.byteLength`, a pass over every character) and the socket encoded
 * (a second pass). Here the ASCII around the Arabic stays one-byte text, and nothing is measured or
 * encoded again on the way out (docs/adr/0103).
 *
 * One writer per answer kind, used synchronously from `start` to `end`: no other answer can write
 * into its buffer in between.
 */
export class JsonBytes {
  private buffer = Buffer.allocUnsafe(INITIAL_BYTES);
  private at = 0;
  private pending = '';

  /** Begins an answer with `text`; whatever an earlier answer left unfinished is dropped. */
  start(text: string): void {
    this.at = 0;
    this.pending = text;
  }

  /** JSON text, written as it is. */
  text(text: string): void {
    this.pending += text;
  }

  /** `value`'s JSON: kept as bytes for a frozen object, written afresh for anything else. */
  json(value: unknown): void {
    if (typeof value !== 'object' || value === null || !Object.isFrozen(value)) {
      this.pending += JSON.stringify(value);
      return;
    }
    let bytes = keptJson.get(value);
    if (bytes === undefined) keptJson.set(value, (bytes = Buffer.from(JSON.stringify(value), 'utf8')));
    this.bytes(bytes);
  }

  /** UTF-8 bytes of JSON text, copied as they are. */
  bytes(bytes: Buffer): void {
    this.flush();
    this.room(bytes.length);
    this.at += bytes.copy(this.buffer, this.at);
  }

  /** Ends the answer with `text`: its bytes, in a buffer of their own. */
  end(text: string): Buffer {
    this.pending += text;
    this.flush();
    const out = Buffer.allocUnsafe(this.at);
    this.buffer.copy(out, 0, 0, this.at);
    // A rare large answer does not keep its buffer for the life of the process.
    if (this.buffer.length > MAX_KEPT_BYTES) this.buffer = Buffer.allocUnsafe(INITIAL_BYTES);
    return out;
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    // A UTF-16 code unit is at most 3 bytes of UTF-8.
    this.room(this.pending.length * 3);
    // Buffer's own UTF-8 writer: `write(text, at, 'utf8')` only sorts its arguments out and calls it.
    this.at += (this.buffer as Utf8Writable).utf8Write(this.pending, this.at);
    this.pending = '';
  }

  private room(bytes: number): void {
    if (this.at + bytes <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.at + bytes));
    this.buffer.copy(grown, 0, 0, this.at);
    this.buffer = grown;
  }
}

/** Node's Buffer.prototype.utf8Write (text, offset): the bytes written. */
type Utf8Writable = Buffer & { utf8Write(text: string, offset: number): number };

const INITIAL_BYTES = 16 * 1024;
const MAX_KEPT_BYTES = 256 * 1024;

/** A frozen object's JSON as UTF-8, kept as long as the object lives. */
const keptJson = new WeakMap<object, Buffer>();
