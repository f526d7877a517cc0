import {
  BrokenCircuitError,
  BulkheadPolicy,
  BulkheadRejectedError,
  bulkhead,
  circuitBreaker,
  CircuitBreakerPolicy,
  CircuitState,
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
import { CarrierUnavailableError } from '@lgw/kernel';
import { CarrierTransportError } from './carrier-transport.error';
import { ResilienceSettings } from './resilience.settings';

export type CarrierCall<T> = (signal: AbortSignal) => Promise<T>;

export type CircuitStatus = 'closed' | 'open' | 'half-open';

const RETRY_AFTER_SECONDS = 5;
const MAX_RETRY_DELAY_MS = 1000;

function describe(state: CircuitState): CircuitStatus {
  if (state === CircuitState.HalfOpen) return 'half-open';
  return state === CircuitState.Closed ? 'closed' : 'open';
}

/**
 * Protects every call to one carrier:
 *   deadline (whole operation, retries included)
 *     → bulkhead (bounded concurrency + small queue, so a slow carrier cannot absorb the process)
 *       → circuit breaker (consecutive failed operations open it; one trial call after the half-open delay)
 *         → retry (idempotent calls only)
 *           → the HTTP call, aborted when the deadline passes.
 * The breaker counts operations, not attempts: a booking that needed one retry succeeded, and
 * a handful of failed requests should not lock the carrier out for every caller.
 * Only "no usable answer" (CarrierTransportError) is retried or counted by the breaker; a carrier
 * that answers "no" (CarrierRejectedError) is healthy.
 */
export class CarrierCallGuard {
  private readonly deadline: TimeoutPolicy;
  private readonly bulkhead: BulkheadPolicy;
  private readonly retry: RetryPolicy;
  private readonly breaker: CircuitBreakerPolicy;
  /**
   * Passthrough has its own breaker: there an HTTP 500 is a valid answer to hand back, and
   * failed bookings must not turn a carrier's answer into a 503.
   */
  private readonly passthroughBreaker: CircuitBreakerPolicy;

  constructor(
    readonly carrierCode: string,
    readonly settings: ResilienceSettings,
  ) {
    const transient = handleType(CarrierTransportError);
    // Nothing of a call outlives it (carrier-http reads the whole body inside the call), so its
    // signal is not aborted once it has answered: an abort builds a DOMException with a stack,
    // on every carrier call (docs/performance.md, "seventeenth session").
    this.deadline = timeout(settings.timeoutMs, { strategy: TimeoutStrategy.Aggressive, abortOnReturn: false });
    this.bulkhead = bulkhead(settings.bulkheadLimit, settings.bulkheadQueue);
    this.retry = retry(transient, {
      maxAttempts: settings.retryAttempts,
      backoff: new ExponentialBackoff({ initialDelay: settings.retryBaseDelayMs, maxDelay: MAX_RETRY_DELAY_MS }),
    });
    const breakerOptions = () => ({
      halfOpenAfter: settings.breakerHalfOpenMs,
      breaker: new ConsecutiveBreaker(settings.breakerThreshold),
    });
    this.breaker = circuitBreaker(transient, breakerOptions());
    this.passthroughBreaker = circuitBreaker(transient, breakerOptions());
    const observer = settings.observer;
    if (observer) {
      observer.circuit(carrierCode, 'operations', 'closed');
      observer.circuit(carrierCode, 'passthrough', 'closed');
      this.breaker.onStateChange((state) => observer.circuit(carrierCode, 'operations', describe(state)));
      this.passthroughBreaker.onStateChange((state) => observer.circuit(carrierCode, 'passthrough', describe(state)));
    }
  }

  get circuit(): { operations: CircuitStatus; passthrough: CircuitStatus } {
    return { operations: describe(this.breaker.state), passthrough: describe(this.passthroughBreaker.state) };
  }

  /**
   * Booking, cancel, tracking, destination update. `idempotent` says whether the carrier makes
   * a repeat harmless (idempotency key, natural dedupe); only then is the call retried.
   */
  async run<T>(operation: string, call: CarrierCall<T>, options: { idempotent: boolean }): Promise<T> {
    const attempts: CarrierCall<T> = options.idempotent ? (signal) => this.retry.execute(({ signal: inner }) => call(inner), signal) : call;
    const started = performance.now();
    try {
      const result = await this.deadline.execute(({ signal }) =>
        this.bulkhead.execute(({ signal: inner }) => this.breaker.execute(({ signal: innermost }) => attempts(innermost), inner), signal),
      );
      this.observe(operation, 'ok', started);
      return result;
    } catch (error) {
      throw this.translate(operation, error, started);
    }
  }

  /** Never retried: the caller's bytes reach the carrier at most once per request. */
  async runPassthrough<T>(call: CarrierCall<T>): Promise<T> {
    const started = performance.now();
    try {
      const result = await this.deadline.execute(({ signal }) =>
        this.bulkhead.execute(
          ({ signal: inner }) => this.passthroughBreaker.execute(({ signal: innermost }) => call(innermost), inner),
          signal,
        ),
      );
      this.observe('passthrough', 'ok', started);
      return result;
    } catch (error) {
      throw this.translate('passthrough', error, started);
    }
  }

  private observe(operation: string, outcome: 'ok' | 'rejected' | 'unavailable', started: number): void {
    this.settings.observer?.call(this.carrierCode, operation, outcome, (performance.now() - started) / 1000);
  }

  private translate(operation: string, error: unknown, started: number): unknown {
    const translated = this.unavailableOr(operation, error);
    this.observe(operation, translated instanceof CarrierUnavailableError ? 'unavailable' : 'rejected', started);
    return translated;
  }

  private unavailableOr(operation: string, error: unknown): unknown {
    const unavailable = (reason: string, retryAfterSeconds = RETRY_AFTER_SECONDS) =>
      new CarrierUnavailableError(this.carrierCode, `${operation}: ${reason}`, retryAfterSeconds);
    if (error instanceof TaskCancelledError) return unavailable(`no answer within ${this.settings.timeoutMs} ms`);
    if (error instanceof BrokenCircuitError || error instanceof IsolatedCircuitError) {
      return unavailable('circuit open after repeated failures', Math.max(1, Math.ceil(this.settings.breakerHalfOpenMs / 1000)));
    }
    if (error instanceof BulkheadRejectedError) return unavailable('too many calls in flight', 1);
    if (error instanceof CarrierTransportError) return unavailable(error.reason);
    return error;
  }
}
