import { randomUUID } from 'node:crypto';
import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode, ErrorDetails } from '@lgw/kernel';
import { sendError } from './send-error';
import { ApiAccessGate, MAX_URL_LENGTH, REQUEST_ID_HEADER } from './api-access.hook';
import { errorEnvelope, statusOf } from './error-envelope';

/**
 * Errors Fastify's router raises before any hook runs: a path parameter over its length or a
 * malformed percent-encoding. No resource can have such a name (404), but the request still
 * passes the access gate first, so it carries the same headers, and the same 401 or 429, as any
 * other /api/v1 request. `gate` is read when a request arrives: it exists once the app is built.
 */
export function routerErrorResponder(gate: () => ApiAccessGate | undefined) {
  return (_error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    void answerNotFound(gate(), request, reply);
  };
}

async function answerNotFound(gate: ApiAccessGate | undefined, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  try {
    if (!gate) reply.header(REQUEST_ID_HEADER, request.id);
    else if (!(await gate(request, reply))) return;
    void reply.code(statusOf('E_NOT_FOUND')).type('application/json; charset=utf-8').send(errorEnvelope('E_NOT_FOUND'));
  } catch (error) {
    sendError(request, reply, error);
  }
}

/** Node's clientError: `rawPacket` is the bytes the parser was given (typed loosely by Fastify). */
type ClientError = Error & { code?: string; rawPacket?: unknown };

/**
 * Requests Node's HTTP parser refuses never reach Fastify. Their answer is still the envelope
 * with the request id and the (uncounted) rate-limit headers; the connection is then closed,
 * since the rest of what the client sends cannot be framed.
 */
export function clientErrorResponder(
  defaultLimit: number,
  onRequestTimeout: (request: IncomingMessage | undefined, requestId: string) => void = () => undefined,
) {
  return (error: ClientError, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    if (!socket.writable) return void socket.destroy();
    // Node's head and whole-request timers: answered unless an answer is already being written.
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      const response = (socket as Socket & { _httpMessage?: { headersSent?: boolean; req?: IncomingMessage } | null })._httpMessage;
      if (response?.headersSent) return void socket.destroy();
      const requestId = writeEarlyAnswer(socket, 'E_REQUEST_TIMEOUT', null, defaultLimit);
      if (requestId) onRequestTimeout(response?.req, requestId);
      return;
    }
    const code: ErrorCode =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? requestLineTooLong(error.rawPacket)
          ? 'E_URI_TOO_LONG'
          : 'E_HEADERS_TOO_LARGE'
        : 'E_VALIDATION';
    writeEarlyAnswer(
      socket,
      code,
      code === 'E_VALIDATION'
        ? { field: 'request', reason: 'must be a well-formed HTTP/1.1 request', reason_ar: 'يجب أن يكون طلب HTTP/1.1 سليم البنية' }
        : null,
      defaultLimit,
    );
  };
}

/**
 * The envelope written straight to the socket, for requests that never reached (or never
 * finished reaching) Fastify: the request id, the default rate-limit headers (nothing was
 * counted), `Connection: close`; the connection is closed once it is sent.
 */
/** Writes the answer straight to the socket and closes it; returns the request id it carries (undefined when nothing was written). */
export function writeEarlyAnswer(socket: Socket, code: ErrorCode, details: ErrorDetails | null, defaultLimit: number): string | undefined {
  if (socket.writableEnded) return void socket.destroy();
  const body = Buffer.from(JSON.stringify(errorEnvelope(code, details)));
  const status = statusOf(code);
  const requestId = randomUUID();
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
    `${REQUEST_ID_HEADER}: ${requestId}`,
    `X-RateLimit-Limit: ${defaultLimit}`,
    `X-RateLimit-Remaining: ${defaultLimit}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${body.length}`,
    'Connection: close',
  ];
  socket.end(Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`), body]));
  // A client that does not read must not hold the socket: it is closed after the body timeout.
  socket.setTimeout(5_000, () => socket.destroy());
  return requestId;
}

/** The parser stopped in (or right after) a request line longer than the URL limit. */
function requestLineTooLong(packet: unknown): boolean {
  if (!Buffer.isBuffer(packet)) return false;
  const end = packet.indexOf('\r\n');
  return (end === -1 ? packet.length : end) > MAX_URL_LENGTH;
}
