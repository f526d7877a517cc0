import { CarrierCredentialsRefusedError, CarrierRejectedError } from '@lgw/kernel';
import { Agent as HttpAgent, IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { CarrierTransportError } from './carrier-transport.error';

export interface HttpCall {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly url: string;
  readonly headers?: Record<string, string>;
  readonly body?: string | Buffer;
  readonly signal: AbortSignal;
}

export interface HttpAnswer {
  readonly status: number;
  readonly headers: AnswerHeaders;
  readonly body: Buffer;
}

/** The answer's headers by name, case-insensitive, repeated ones joined by ", " (as fetch's Headers.get). */
export interface AnswerHeaders {
  get(name: string): string | null;
}

/**
 * Connections kept alive per origin (a carrier answers many bookings over the same few sockets).
 * node:http rather than global fetch: measured on this machine class, fetch's streams, signals
 * and Headers objects cost about three times the CPU of the exchange itself (docs/performance.md).
 */
const AGENTS = {
  'http:': new HttpAgent({ keepAlive: true }),
  'https:': new HttpsAgent({ keepAlive: true }),
} as const;

/** A completed exchange: what was sent and what came back. */
export interface CarrierExchange {
  readonly call: HttpCall;
  readonly answer: HttpAnswer;
}

const observers = new Set<(exchange: CarrierExchange) => void>();

/**
 * Shows every exchange `sendHttp` completes to `observer` until the returned function is called:
 * the carrier kit's recorder writes them as fixtures. The gateway itself observes none.
 */
export function observeCarrierExchanges(observer: (exchange: CarrierExchange) => void): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

/**
 * One HTTP exchange. The body is read inside the call so the caller's timeout (the signal) covers
 * a carrier that stalls mid-answer. Redirects are not followed: a carrier that redirects is
 * answering something else.
 */
export function sendHttp(call: HttpCall): Promise<HttpAnswer> {
  return new Promise<HttpAnswer>((resolve, reject) => {
    const failed = (error: unknown) => {
      if (call.signal.aborted) return reject(new CarrierTransportError('timed out'));
      const code = (error as { code?: string }).code;
      reject(new CarrierTransportError(`connection failed${code ? ` (${code})` : ''}`));
    };
    let url: URL;
    try {
      url = new URL(call.url);
    } catch (error) {
      return failed(error);
    }
    const agent = url.protocol === 'https:' ? AGENTS['https:'] : url.protocol === 'http:' ? AGENTS['http:'] : undefined;
    if (!agent) return failed(Object.assign(new Error(`unsupported protocol ${url.protocol}`), { code: 'ERR_INVALID_PROTOCOL' }));
    if (call.signal.aborted) return failed(new Error('aborted'));
    const body = call.body === undefined ? undefined : typeof call.body === 'string' ? Buffer.from(call.body) : call.body;
    const headers: Record<string, string | number> = { ...call.headers };
    if (body !== undefined) headers['content-length'] = body.length;
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, { method: call.method, agent, headers, signal: call.signal }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', failed);
      response.on('close', () => {
        // Closed before its end (the carrier dropped it, or the signal fired): no answer to use.
        if (!response.complete) return failed(Object.assign(new Error('answer cut short'), { code: 'ECONNRESET' }));
        const answer = { status: response.statusCode ?? 0, headers: answerHeaders(response.headers), body: Buffer.concat(chunks) };
        for (const observer of observers) observer({ call, answer });
        resolve(answer);
      });
    });
    request.on('error', failed);
    request.end(body);
  });
}

function answerHeaders(raw: IncomingHttpHeaders): AnswerHeaders {
  return {
    get(name: string): string | null {
      const value = raw[name.toLowerCase()];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(', ') : value;
    },
  };
}

/** Statuses that say "try again later" rather than "your request is wrong". */
export function isTransientStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

/** Our credentials, not the merchant's request: the carrier is unusable until they are fixed. */
export function credentialsRefused(carrierCode: string): CarrierCredentialsRefusedError {
  return new CarrierCredentialsRefusedError(carrierCode);
}

/**
 * The ladder every client applies to an HTTP answer: 2xx is the answer; 408/429/5xx is "no
 * usable answer" (retried and counted by the call guard); 401/403 is our credentials refused;
 * anything else is the carrier saying no, in the words `refusal` reads from its answer.
 */
export function checkAnswer(carrierCode: string, answer: HttpAnswer, refusal: (answer: HttpAnswer) => string): HttpAnswer {
  if (answer.status >= 200 && answer.status < 300) return answer;
  if (isTransientStatus(answer.status)) throw new CarrierTransportError(`HTTP ${answer.status}`);
  if (answer.status === 401 || answer.status === 403) throw credentialsRefused(carrierCode);
  throw new CarrierRejectedError(carrierCode, refusal(answer));
}

/** The JSON body of a refusal, or undefined when the carrier sent none. */
export function readJsonIfAny<T>(answer: HttpAnswer): T | undefined {
  try {
    return JSON.parse(answer.body.toString('utf8')) as T;
  } catch {
    return undefined;
  }
}

export function readJson<T>(answer: HttpAnswer): T {
  try {
    return JSON.parse(answer.body.toString('utf8')) as T;
  } catch {
    throw new CarrierTransportError(`malformed answer (HTTP ${answer.status})`);
  }
}

/** Joins a base URL and a path without doubling or dropping the slash. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
