import { Duplex } from 'node:stream';

/** What the wire needs of PGlite (its own types stay out of the production build's imports). */
export interface PgliteEngine {
  execProtocolRawStream(message: Uint8Array, options: { syncToFs?: boolean; onRawData: (data: Uint8Array) => void }): Promise<void>;
  isInTransaction(): boolean;
  readonly closed?: boolean;
}

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
const TERMINATE = 0x58; // 'X'
const ROLLBACK = simpleQuery('ROLLBACK');

/**
 * The pg driver's socket to embedded PGlite, in process (docs/adr/0070-embedded-wire.md).
 * What the driver writes in one go (Bind, Execute, Sync) reaches PGlite as one batch and its
 * answer comes back as one chunk: no loopback TCP, no per-message queue, no write per backend
 * message. PGlite is one session for every wire: the pool keeps one connection (ADR 0002), and a
 * wire that goes away inside a transaction rolls it back so the next one starts clean.
 */
export class PgliteWire extends Duplex {
  private inbox: Buffer[] = [];
  private inboxBytes = 0;
  private started = false;
  private scheduled = false;

  constructor(private readonly engine: PgliteEngine) {
    super();
  }

  // The parts of net.Socket the driver calls.
  connect(): this {
    process.nextTick(() => this.emit('connect'));
    return this;
  }
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }

  override _read(): void {
    // Answers are pushed as PGlite produces them.
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.inbox.push(chunk);
    this.inboxBytes += chunk.length;
    // The driver writes a query's messages in one synchronous run: they go as one batch.
    if (!this.scheduled) {
      this.scheduled = true;
      queueMicrotask(() => {
        this.scheduled = false;
        this.drain();
      });
    }
    callback();
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.drain();
    this.release();
    this.push(null);
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.release();
    callback(error);
  }

  /** Runs every complete message waiting; PGlite answers synchronously, so batches never overlap. */
  private drain(): void {
    try {
      while (this.inboxBytes > 0 && !this.destroyed) {
        const batch = this.takeCompleteMessages();
        if (!batch) return;
        const answer = this.execute(batch);
        if (answer.length > 0 && !this.destroyed) this.push(answer);
      }
    } catch (error) {
      this.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** The complete messages waiting, as one buffer; an incomplete tail stays for the next write. */
  private takeCompleteMessages(): Buffer | undefined {
    const data = this.inbox.length === 1 ? this.inbox[0] : Buffer.concat(this.inbox, this.inboxBytes);
    let end = 0;
    if (!this.started) {
      // Startup-phase messages carry no type byte: length first.
      if (data.length < 8) return this.keep(data, 0);
      end = data.readInt32BE(0);
      if (data.length < end) return this.keep(data, 0);
    } else {
      while (end + 5 <= data.length) {
        const next = end + 1 + data.readInt32BE(end + 1);
        if (next > data.length) break;
        end = next;
      }
      if (end === 0) return this.keep(data, 0);
    }
    this.keep(data, end);
    return data.subarray(0, end);
  }

  private keep(data: Buffer, from: number): undefined {
    const rest = data.subarray(from);
    this.inbox = rest.length > 0 ? [rest] : [];
    this.inboxBytes = rest.length;
    return undefined;
  }

  private execute(batch: Buffer): Buffer {
    if (!this.started) {
      const code = batch.readInt32BE(4);
      if (code === SSL_REQUEST) return Buffer.from('N');
      if (code === CANCEL_REQUEST) {
        // Nothing to signal in a single-session database: the request is consumed, as PostgreSQL would.
        this.end();
        return Buffer.alloc(0);
      }
      this.started = true;
      return this.run(batch);
    }
    // Terminate ends this wire only; PGlite would take it for the end of its one session.
    const terminate = indexOfMessage(batch, TERMINATE);
    if (terminate >= 0) {
      const before = batch.subarray(0, terminate);
      const answer = before.length > 0 ? this.run(before) : Buffer.alloc(0);
      this.end();
      return answer;
    }
    return this.run(batch);
  }

  /**
   * PGlite runs the protocol synchronously; only its file-system sync is asynchronous, and the
   * two file systems used here (a directory through NODEFS, memory) write through and sync
   * nothing, so none is awaited. A fault inside PGlite rejects: the wire is destroyed and the
   * pool replaces it.
   */
  private run(message: Uint8Array): Buffer {
    const parts: Buffer[] = [];
    let bytes = 0;
    this.engine
      .execProtocolRawStream(message, {
        syncToFs: false,
        onRawData: (data) => {
          // PGlite reuses its buffer: copied before it writes into it again.
          parts.push(Buffer.from(data));
          bytes += data.length;
        },
      })
      .catch((error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))));
    return parts.length === 1 ? parts[0] : Buffer.concat(parts, bytes);
  }

  /** A transaction left open by a wire that went away is rolled back, synchronously, before any other wire runs. */
  private release(): void {
    if (!this.started || this.engine.closed) return;
    this.started = false;
    if (this.engine.isInTransaction()) {
      this.engine.execProtocolRawStream(ROLLBACK, { syncToFs: false, onRawData: () => undefined }).catch(() => undefined);
    }
  }
}

/** Offset of the first message of the given type in a batch of complete messages, or -1. */
function indexOfMessage(batch: Buffer, type: number): number {
  for (let at = 0; at + 5 <= batch.length; at += 1 + batch.readInt32BE(at + 1)) {
    if (batch[at] === type) return at;
  }
  return -1;
}

function simpleQuery(sql: string): Uint8Array {
  const text = Buffer.from(`${sql}\0`, 'utf8');
  const message = Buffer.alloc(5 + text.length);
  message[0] = 0x51; // 'Q'
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return message;
}
