import { connect } from 'node:net';

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
