import { FastifyInstance } from 'fastify';
import { SandboxState } from './sandbox-state';
import { Vocabulary } from './sandbox-types';

export interface SimulatorOptions {
  readonly state: SandboxState;
  /** The carrier's code, which is also the prefix its native API is mounted under. */
  readonly code: string;
  /**
   * The platform account's credentials, by setting name (apiToken, username...). Simulators
   * authenticate against `state.carrier(code).accounts`, which holds this account and the
   * merchant accounts opened through the control API (docs/adr/0065).
   */
  readonly credentials: Readonly<Record<string, string>>;
}

/**
 * One carrier's simulator, kept in the carrier's folder (`<code>/sandbox/`) and written from
 * its documentation. It never imports the adapter: code shared with the adapter would hide
 * the adapter's mistakes from the contract suite.
 */
export interface CarrierSimulator {
  /** A code for every status the carrier can express, and none for those it cannot. */
  readonly vocabulary: Vocabulary;
  /** Registers the carrier's native API; call prepareNativeScope first. */
  routes(scope: FastifyInstance, options: SimulatorOptions): Promise<void>;
  /**
   * The JSON body of the carrier's own server failure (HTTP 500), as its documentation shows
   * its errors: what the `error` fault answers, so the passthrough suite can hold a forwarded
   * failure to the carrier's error shape (read by the definition's `wire.refusal`). Without it
   * the fault answers FAULT_ERROR_BODY.
   */
  readonly faultBody?: unknown;
}
