import { connect, type Socket } from 'node:net';

export interface RawResponse {
  /** 0 when the connection closed (or timed out) without a status line. */
  readonly status: number;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
  /** Everything the server sent, several responses included. */
  readonly raw: Buffer;
}

/**
 * Sends `request` byte for byte over one TCP connection and reads the answer until the server
 * closes it: the way to send what fetch refuses to (control characters in headers, a multipart
 * body that never closes, a head over 16 KB). Add `Connection: close` to the request.
 */
export function rawRequest(baseUrl: string, request: Buffer | string, timeoutMs = 10_000): Promise<RawResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(), timeoutMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseResponse(Buffer.concat(chunks)));
    });
    socket.end(request);
  });
}

/** The request line, headers and body of an HTTP/1.1 request, as bytes. */
export function httpRequest(method: string, path: string, headers: Array<[string, string]>, body?: Buffer | string): Buffer {
  const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body);
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close', ...headers.map(([n, v]) => `${n}: ${v}`)];
  if (payload && !headers.some(([n]) => n.toLowerCase() === 'content-length')) lines.push(`Content-Length: ${payload.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), payload ?? Buffer.alloc(0)]);
}

function parseResponse(data: Buffer): RawResponse {
  const end = data.indexOf('\r\n\r\n');
  if (end === -1) return { status: 0, headers: {}, body: data, raw: data };
  const [statusLine, ...lines] = data.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = data.subarray(end + 4);
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) body = dechunk(body);
  return { status, headers, body, raw: data };
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < data.length) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd === -1) break;
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** The error envelope of a response body, or null when the body is not one. */
export function envelopeOf(body: Buffer | string): { code: string; message_en: string; message_ar: string; details?: any } | null {
  try {
    const parsed = JSON.parse(body.toString());
    const error = parsed?.error;
    return typeof error?.code === 'string' && typeof error.message_en === 'string' && typeof error.message_ar === 'string' ? error : null;
  } catch {
    return null;
  }
}

/**
 * One TCP connection kept open across requests, for what a one-shot request cannot show: the
 * second request on a connection after an early answer, or a client that trickles bytes.
 */
export class RawConnection {
  private readonly socket: Socket;
  private data = Buffer.alloc(0);
  private waiters: Array<() => void> = [];
  /** Milliseconds since the connection opened at which the server closed it, or null. */
  closedAfterMs: number | null = null;
  private readonly openedAt = Date.now();

  private constructor(baseUrl: string) {
    const url = new URL(baseUrl);
    this.socket = connect(Number(url.port), url.hostname);
    this.socket.on('data', (chunk) => {
      this.data = Buffer.concat([this.data, chunk]);
      this.notify();
    });
    this.socket.on('error', () => undefined);
    this.socket.on('close', () => {
      this.closedAfterMs = Date.now() - this.openedAt;
      this.notify();
    });
  }

  static async open(baseUrl: string): Promise<RawConnection> {
    const connection = new RawConnection(baseUrl);
    await new Promise<void>((resolve, reject) => {
      connection.socket.once('connect', resolve);
      connection.socket.once('error', reject);
    });
    return connection;
  }

  get closed(): boolean {
    return this.closedAfterMs !== null;
  }

  /** Writes bytes; false when the server already closed the connection. */
  async write(bytes: Buffer | string): Promise<boolean> {
    if (this.socket.destroyed || this.closed) return false;
    return new Promise((resolve) => this.socket.write(bytes, (error) => resolve(!error)));
  }

  /** Writes `bytes` `pieceBytes` at a time with `pauseMs` between pieces, stopping if the server closes. */
  async trickle(bytes: Buffer | string, pieceBytes: number, pauseMs: number): Promise<void> {
    const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes, 'latin1');
    for (let at = 0; at < buffer.length && !this.closed; at += pieceBytes) {
      if (!(await this.write(buffer.subarray(at, at + pieceBytes)))) return;
      await new Promise((r) => setTimeout(r, pauseMs));
    }
  }

  /**
   * The next complete response (Content-Length framed), or null when the connection closed or
   * `timeoutMs` passed before one arrived.
   */
  async nextResponse(timeoutMs: number): Promise<(RawResponse & { afterMs: number }) | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const response = this.takeResponse();
      if (response) return { ...response, afterMs: Date.now() - this.openedAt };
      if (this.closed || Date.now() >= deadline) return null;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(1, deadline - Date.now()));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Resolves once the server closed the connection, or after `timeoutMs` (then false). */
  async waitClosed(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return this.closed;
  }

  destroy(): void {
    this.socket.destroy();
  }

  private takeResponse(): RawResponse | null {
    const end = this.data.indexOf('\r\n\r\n');
    if (end === -1) return null;
    const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(this.data.subarray(0, end).toString('latin1'))?.[1] ?? 0);
    if (this.data.length < end + 4 + length) return null;
    const raw = this.data.subarray(0, end + 4 + length);
    this.data = this.data.subarray(end + 4 + length);
    return parseResponse(raw);
  }

  private notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}
