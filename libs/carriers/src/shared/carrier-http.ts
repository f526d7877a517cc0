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
