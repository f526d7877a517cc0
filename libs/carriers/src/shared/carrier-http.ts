import { CarrierCredentialsRefusedError, CarrierRejectedError } from '@lgw/kernel';
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
  readonly headers: Headers;
  readonly body: Buffer;
}

/**
 * One HTTP exchange over global fetch (undici keeps connections alive per origin). The body
 * is read inside the call so the caller's timeout covers a carrier that stalls mid-answer.
 */
export async function sendHttp(call: HttpCall): Promise<HttpAnswer> {
  try {
    const response = await fetch(call.url, {
      method: call.method,
      headers: call.headers,
      body: call.body,
      signal: call.signal,
      redirect: 'manual',
    });
    const body = Buffer.from(await response.arrayBuffer());
    return { status: response.status, headers: response.headers, body };
  } catch (error) {
    if (call.signal.aborted) throw new CarrierTransportError('timed out');
    const cause = (error as { cause?: { code?: string } }).cause;
    throw new CarrierTransportError(`connection failed${cause?.code ? ` (${cause.code})` : ''}`);
  }
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
