import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { HttpConnectionLimits } from '@lgw/platform';
import { writeEarlyAnswer } from './router-errors';

/**
 * Node's own timers for the head and the whole request, in the options Fastify hands to
 * `http.createServer`. Node checks them every `connectionsCheckingInterval` (30 s by default),
 * so the interval is shortened to keep the answer close to the configured bound.
 */
export function connectionServerOptions(limits: HttpConnectionLimits) {
  const checkEveryMs = Math.max(50, Math.min(1_000, Math.floor(Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 4)));
  return {
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // The socket's inactivity timer: the 'timeout' listener below decides what a silence means.
    connectionTimeout: limits.bodyTimeoutMs,
    http: { headersTimeout: limits.headersTimeoutMs, connectionsCheckingInterval: checkEveryMs },
  };
}

/**
 * Every connection either answers or closes (docs/runbook.md "Slow clients"):
 * - an answer given before the request body arrived (an early 413 or 422: too many multipart
 *   fields, a body over its limit) discards the rest of a body of at most `drainMaxBytes` and
 *   keeps the connection; a larger or unsized body is answered with `Connection: close`. Left
 *   alone, the unread body stays paused in the socket and the next request on it is never read;
 * - a body that stalls for `bodyTimeoutMs` gets 408 E_REQUEST_TIMEOUT and the connection closes;
 *   a silent connection with no request in flight is closed; a request whose body has fully
 *   arrived is left to its handler, however long it takes.
 */
/** What the server reports of a request it answered 408 itself (the access line and the metric). */
export type RequestTimeoutReport = (request: IncomingMessage, requestId: string) => void;

export function registerConnectionLimits(
  fastify: FastifyInstance,
  limits: HttpConnectionLimits,
  defaultRateLimit: number,
  onRequestTimeout: RequestTimeoutReport = () => undefined,
): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    const raw = request.raw;
    if (!raw.complete && !raw.destroyed) {
      const declared = Number(raw.headers['content-length']);
      if (Number.isSafeInteger(declared) && declared <= limits.drainMaxBytes && !raw.headers['transfer-encoding']) {
        reply.raw.once('finish', () => drain(raw, limits));
      } else {
        reply.header('connection', 'close');
        closeAfterLingering(raw, limits);
      }
    }
    done(null, payload);
  });
  (fastify.server as Server).on('timeout', (socket: Socket) => {
    const response = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    const request = response?.req;
    if (!response || !request) return void socket.destroy();
    if (request.complete) return;
    if (response.headersSent) return void socket.destroy();
    const requestId = writeEarlyAnswer(socket, 'E_REQUEST_TIMEOUT', null, defaultRateLimit);
    if (requestId) onRequestTimeout(request, requestId);
  });
}

/** The most a closing connection keeps reading a body nobody will use (nginx's lingering_time). */
const LINGER_MAX_MS = 30_000;

/**
 * Closing a socket whose received bytes were never read makes the kernel send RST instead of
 * FIN, and an RST makes the client's kernel drop the answer it has not read yet: a 200 cut
 * after 127 KB. So the connection closes as nginx's lingering close does: the answer is
 * flushed and followed by FIN, the rest of the body is read and discarded, and the socket is
 * destroyed when the client closes its side, stays silent for the body timeout, or after
 * LINGER_MAX_MS. Node calls `destroySoon` when an answer with `Connection: close` finishes.
 */
function closeAfterLingering(request: IncomingMessage, limits: HttpConnectionLimits): void {
  const socket = request.socket as Socket & { destroySoon?: () => void };
  socket.destroySoon = () => {
    socket.end();
    drain(request, limits);
    socket.resume();
    const deadline = setTimeout(() => socket.destroy(), Math.min(LINGER_MAX_MS, limits.requestTimeoutMs));
    deadline.unref();
    socket.once('end', () => socket.destroy());
    socket.once('close', () => clearTimeout(deadline));
  };
}

/** Reads and discards what is left of a body answered early, within the body timeout. */
function drain(request: IncomingMessage, limits: HttpConnectionLimits): void {
  if (request.complete || request.destroyed) return;
  const socket = request.socket;
  // Node set the keep-alive timer when the answer finished: the rest of the body gets the body's.
  socket.setTimeout(limits.bodyTimeoutMs);
  request.unpipe();
  request.removeAllListeners('data');
  request.on('end', () => {
    if (!socket.destroyed) socket.setTimeout(limits.keepAliveTimeoutMs);
  });
  request.resume();
}
