import {
  BrokenCircuitError,
  circuitBreaker,
  CircuitBreakerPolicy,
  ConsecutiveBreaker,
  ExponentialBackoff,
  handleType,
  IsolatedCircuitError,
  retry,
  RetryPolicy,
  TaskCancelledError,
  timeout,
  TimeoutPolicy,
  TimeoutStrategy,
} from 'cockatiel';
import { AddressDirectoryPort } from '../application/ports/address-directory.port';
import { AddressServiceUnavailableError, NationalAddress, NationalAddressQuery } from '@lgw/kernel';

/** How the gateway reaches the National Address service (docs/adr/0052). */
export interface SplAddressClientOptions {
  /** e.g. the SPL API's base, or the carrier sandbox's simulator (`…/sandbox/spl`). */
  readonly baseUrl: string;
  /** Sent as the `api_key` header; never logged. */
  readonly apiKey: string;
  /** Deadline of one look-up, its retry included (ADDRESS_SERVICE_TIMEOUT_MS). */
  readonly timeoutMs: number;
  /** Consecutive failed look-ups that open the circuit (ADDRESS_BREAKER_THRESHOLD). */
  readonly breakerThreshold: number;
  /** How long an open circuit refuses before one trial call (ADDRESS_BREAKER_HALF_OPEN_MS). */
  readonly breakerHalfOpenMs: number;
  /** Told about every look-up (metrics). */
  readonly observer?: (outcome: 'found' | 'not_found' | 'unavailable', seconds: number) => void;
}

/** No usable answer: retried once, counted by the breaker. */
class TransientAddressError extends Error {}

const API_PREFIX = '/NationalAddress/v3.1/Address';
const RETRY_AFTER_SECONDS = 5;
/** Our own key refused: nothing to retry soon. */
const CREDENTIALS_RETRY_AFTER_SECONDS = 60;

interface SplRecord {
  BuildingNumber?: string;
  Street?: string;
  District?: string;
  City?: string;
  PostCode?: string;
  AdditionalNumber?: string;
  RegionName?: string;
  ShortAddress?: string;
  Latitude?: string;
  Longitude?: string;
  Street_L2?: string;
  District_L2?: string;
  City_L2?: string;
  RegionName_L2?: string;
}

/**
 * The National Address service over HTTP, resilient like a carrier adapter (ADR 0008):
 *   deadline (the whole look-up) → circuit breaker (consecutive failures) → one retry → GET.
 * A look-up is a read, so it is always safe to retry. Only "no usable answer" (connection
 * failure, timeout, 408/429/5xx, an unreadable body) is retried and counted; "no such address"
 * is an answer. Asked in English, the `_L2` fields give the Arabic.
 */
export class SplAddressClient implements AddressDirectoryPort {
  private readonly deadline: TimeoutPolicy;
  private readonly breaker: CircuitBreakerPolicy;
  private readonly retry: RetryPolicy;
  private readonly baseUrl: string;

  constructor(private readonly options: SplAddressClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    const transient = handleType(TransientAddressError);
    this.deadline = timeout(options.timeoutMs, TimeoutStrategy.Aggressive);
    this.breaker = circuitBreaker(transient, {
      halfOpenAfter: options.breakerHalfOpenMs,
      breaker: new ConsecutiveBreaker(options.breakerThreshold),
    });
    this.retry = retry(transient, { maxAttempts: 1, backoff: new ExponentialBackoff({ initialDelay: 50, maxDelay: 200 }) });
  }

  async lookup(query: NationalAddressQuery): Promise<NationalAddress | null> {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      const found = await this.deadline.execute(({ signal }) =>
        this.breaker.execute(
          ({ signal: inner }) => this.retry.execute(({ signal: innermost }) => this.call(query, innermost), inner),
          signal,
        ),
      );
      this.options.observer?.(found ? 'found' : 'not_found', seconds());
      return found;
    } catch (error) {
      this.options.observer?.('unavailable', seconds());
      throw this.unavailable(error);
    }
  }

  private unavailable(error: unknown): unknown {
    if (error instanceof AddressServiceUnavailableError) return error;
    if (error instanceof TaskCancelledError) {
      return new AddressServiceUnavailableError(`no answer within ${this.options.timeoutMs} ms`, RETRY_AFTER_SECONDS);
    }
    if (error instanceof BrokenCircuitError || error instanceof IsolatedCircuitError) {
      return new AddressServiceUnavailableError(
        'circuit open after repeated failures',
        Math.max(1, Math.ceil(this.options.breakerHalfOpenMs / 1000)),
      );
    }
    if (error instanceof TransientAddressError) return new AddressServiceUnavailableError(error.message, RETRY_AFTER_SECONDS);
    return error;
  }

  private url(query: NationalAddressQuery): string {
    const params =
      query.kind === 'short_address'
        ? new URLSearchParams({ shortaddress: query.shortAddress, language: 'E', format: 'JSON' })
        : new URLSearchParams({ postcode: query.postalCode, additionalnumber: query.additionalNumber, language: 'E', format: 'JSON' });
    const path = query.kind === 'short_address' ? 'address-by-short-address' : 'address-by-postcode';
    return `${this.baseUrl}${API_PREFIX}/${path}?${params.toString()}`;
  }

  private async call(query: NationalAddressQuery, signal: AbortSignal): Promise<NationalAddress | null> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(this.url(query), { headers: { api_key: this.options.apiKey, accept: 'application/json' }, signal });
      text = await response.text();
    } catch (error) {
      if (signal.aborted) throw error;
      throw new TransientAddressError(`connection failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (response.status === 401 || response.status === 403) {
      // Not the service's fault and not transient: the operator must fix ADDRESS_SERVICE_KEY.
      throw new AddressServiceUnavailableError(
        `the address service refused our key (HTTP ${response.status})`,
        CREDENTIALS_RETRY_AFTER_SECONDS,
      );
    }
    if (response.status === 408 || response.status === 429 || response.status >= 500) {
      throw new TransientAddressError(`the address service answered ${response.status}`);
    }
    // 400: the register does not take the query (a format it does not know): no such address.
    if (response.status === 400 || response.status === 404) return null;
    let body: { success?: unknown; Addresses?: unknown };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      throw new TransientAddressError('unreadable answer from the address service');
    }
    if (!Array.isArray(body.Addresses)) throw new TransientAddressError('answer without Addresses');
    const record = body.Addresses[0] as SplRecord | undefined;
    return record ? toNationalAddress(record, query) : null;
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function coordinate(value: unknown): number {
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : 0;
}

/** SPL's record (asked in English: `_L2` is Arabic) as the gateway's NationalAddress. */
export function toNationalAddress(record: SplRecord, query: NationalAddressQuery): NationalAddress {
  const shortAddress = text(record.ShortAddress).toUpperCase() || (query.kind === 'short_address' ? query.shortAddress : '');
  return {
    short_address: shortAddress,
    building_number: text(record.BuildingNumber),
    street: { en: text(record.Street), ar: text(record.Street_L2) },
    district: { en: text(record.District), ar: text(record.District_L2) },
    city: { en: text(record.City), ar: text(record.City_L2) },
    region: { en: text(record.RegionName), ar: text(record.RegionName_L2) },
    postal_code: text(record.PostCode),
    additional_number: text(record.AdditionalNumber),
    country: 'SA',
    coordinates: { latitude: coordinate(record.Latitude), longitude: coordinate(record.Longitude) },
  };
}
