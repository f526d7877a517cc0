import { Env, envNumber } from './env';

/** How every call to one carrier is protected. */
export interface ResilienceSettings {
  /** Deadline for a whole carrier operation, retries included (CARRIER_TIMEOUT_MS). */
  readonly timeoutMs: number;
  /** Extra attempts for idempotent calls (CARRIER_RETRY_ATTEMPTS). */
  readonly retryAttempts: number;
  /** First retry delay; later ones back off exponentially with jitter. */
  readonly retryBaseDelayMs: number;
  /** Consecutive failed operations that open the circuit (CARRIER_BREAKER_THRESHOLD). */
  readonly breakerThreshold: number;
  /** How long the circuit stays open before one trial call (CARRIER_BREAKER_HALF_OPEN_MS). */
  readonly breakerHalfOpenMs: number;
  /** Concurrent calls per carrier (CARRIER_BULKHEAD_LIMIT). */
  readonly bulkheadLimit: number;
  /** Calls allowed to wait for a slot; beyond that they fail at once (CARRIER_BULKHEAD_QUEUE). */
  readonly bulkheadQueue: number;
  /** Told about every operation and circuit change (metrics); not a tuning value. */
  readonly observer?: CarrierCallObserver;
}

/** What the call guard reports, for the process's metrics (ADR 0035). */
export interface CarrierCallObserver {
  call(carrier: string, operation: string, outcome: 'ok' | 'rejected' | 'unavailable', seconds: number): void;
  circuit(carrier: string, breaker: 'operations' | 'passthrough', state: 'closed' | 'open' | 'half-open'): void;
}

export const DEFAULT_RESILIENCE: ResilienceSettings = {
  timeoutMs: 5000,
  retryAttempts: 2,
  retryBaseDelayMs: 50,
  breakerThreshold: 5,
  breakerHalfOpenMs: 2000,
  bulkheadLimit: 128,
  bulkheadQueue: 256,
};

/**
 * CARRIER_<SETTING> for every carrier; with a carrier code, that carrier's own <CODE>_<SETTING>
 * instead (a carrier whose API is slower than the rest gets a longer deadline without lending it
 * to the others).
 */
export function resilienceFromEnv(env: Env, code?: string): Partial<ResilienceSettings> {
  const pick = (name: string) => envNumber(env, code === undefined ? name : carrierResilienceEnvName(code, name));
  const entries: [keyof ResilienceSettings, number | undefined][] = [
    ['timeoutMs', pick('CARRIER_TIMEOUT_MS')],
    ['retryAttempts', pick('CARRIER_RETRY_ATTEMPTS')],
    ['breakerThreshold', pick('CARRIER_BREAKER_THRESHOLD')],
    ['breakerHalfOpenMs', pick('CARRIER_BREAKER_HALF_OPEN_MS')],
    ['bulkheadLimit', pick('CARRIER_BULKHEAD_LIMIT')],
    ['bulkheadQueue', pick('CARRIER_BULKHEAD_QUEUE')],
  ];
  return Object.fromEntries(entries.filter(([, v]) => v !== undefined));
}

/**
 * The names one carrier's protection is read from (CARRIER_TIMEOUT_MS → SAHM_TIMEOUT_MS), taken
 * by reading an environment that records what is asked, so the list cannot drift from the reader.
 */
export function carrierResilienceEnvNames(code: string): string[] {
  const names: string[] = [];
  const recorder = new Proxy({}, { get: (_, name) => void names.push(String(name)) });
  resilienceFromEnv(recorder, code);
  return names;
}

function carrierResilienceEnvName(code: string, name: string): string {
  return name.replace(/^CARRIER_/, `${code.toUpperCase()}_`);
}

export function resolveResilience(...layers: (Partial<ResilienceSettings> | undefined)[]): ResilienceSettings {
  const merged: { -readonly [K in keyof ResilienceSettings]: ResilienceSettings[K] } = { ...DEFAULT_RESILIENCE };
  for (const layer of layers) {
    for (const [key, value] of Object.entries(layer ?? {})) {
      if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
    }
  }
  if (merged.timeoutMs <= 0) throw new Error('carrier timeoutMs must be positive');
  if (merged.breakerThreshold < 1 || merged.bulkheadLimit < 1) throw new Error('breakerThreshold and bulkheadLimit must be >= 1');
  return merged;
}
