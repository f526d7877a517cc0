import { defaultSandboxUrl, Env, envNumber, envText } from './env';
import { resilienceFromEnv, ResilienceSettings, resolveResilience } from './resilience.settings';

/** What every carrier's settings resolver receives from the registry. */
export interface CarrierSettingsContext {
  /** Where to read <CODE>_*, CARRIER_* and SANDBOX_* from (the composition root passes the configuration's environment); none: sandbox defaults. */
  env?: Env;
  /** Base URL of a running carrier sandbox; the carrier then lives under `${sandboxUrl}/<code>`. */
  sandboxUrl?: string;
  /** Applies to every carrier, over CARRIER_* env values. */
  resilience?: Partial<ResilienceSettings>;
  /**
   * The credentials of the carrier connection the adapter works for (setting name → value),
   * over <CODE>_<SETTING> (docs/adr/0065-carrier-connections.md).
   */
  credentials?: Readonly<Record<string, string>>;
  /**
   * The carrier's production API as its definition declares it (`settings.liveBaseUrl`), set
   * by the registry for each carrier: used when CARRIER_ENDPOINTS=live.
   */
  liveBaseUrl?: string;
}

/** Where carriers without their own <CODE>_BASE_URL are sent: their simulators, or their live APIs. */
export type CarrierEndpoints = 'sandbox' | 'live';

export function carrierEndpoints(env: Env): CarrierEndpoints {
  const value = envText(env, 'CARRIER_ENDPOINTS') ?? 'sandbox';
  if (value !== 'sandbox' && value !== 'live') throw new Error('CARRIER_ENDPOINTS must be sandbox or live');
  return value;
}

export interface CarrierEndpointInput {
  baseUrl?: string;
  resilience?: Partial<ResilienceSettings>;
}

export interface CarrierEndpoint {
  readonly baseUrl: string;
  readonly resilience: ResilienceSettings;
}

/**
 * The environment variable of one carrier setting, derived from the carrier code so that
 * no carrier spells its own: ('sahm', 'apiToken') → SAHM_API_TOKEN.
 */
export function carrierEnvName(code: string, setting: string): string {
  const snake = setting.replace(/([a-z0-9])([A-Z])/g, '$1_$2');
  return `${code}_${snake}`.toUpperCase();
}

/** A text setting: explicit value, then <CODE>_<SETTING>, then the sandbox's default. */
export function carrierText(code: string, setting: string, given: string | undefined, env: Env, fallback: string): string {
  return given ?? envText(env, carrierEnvName(code, setting)) ?? fallback;
}

/** A credential: explicit value, then the connection's, then <CODE>_<SETTING>, then the sandbox's. */
export function carrierCredential(
  code: string,
  setting: string,
  given: string | undefined,
  context: CarrierSettingsContext,
  fallback: string,
): string {
  return carrierText(code, setting, given ?? context.credentials?.[setting], context.env ?? {}, fallback);
}

/** A numeric setting: explicit value, then <CODE>_<SETTING>, then the default. */
export function carrierNumber(code: string, setting: string, given: number | undefined, env: Env, fallback: number): number {
  return given ?? envNumber(env, carrierEnvName(code, setting)) ?? fallback;
}

/**
 * Base URL and resilience, the same for every carrier. Resilience: CARRIER_* env, then the
 * carrier's own <CODE>_* env, then what the caller gives. Base URL: an explicit URL wins, then a given
 * sandbox URL, then <CODE>_BASE_URL, then by CARRIER_ENDPOINTS either the carrier's declared
 * live API (`live`) or its simulator in the sandbox (`sandbox`, the default: SANDBOX_URL or
 * the local one). So deployment files name no carrier: a ConfigMap says `live`, a staging or
 * compose file says where the sandbox is, and each carrier finds its own address.
 */
export function resolveCarrierEndpoint(code: string, input: CarrierEndpointInput, context: CarrierSettingsContext): CarrierEndpoint {
  const env = context.env ?? {};
  const sandbox = context.sandboxUrl ? `${context.sandboxUrl.replace(/\/+$/, '')}/${code}` : undefined;
  return {
    baseUrl: input.baseUrl ?? sandbox ?? envText(env, carrierEnvName(code, 'baseUrl')) ?? defaultBaseUrl(code, env, context.liveBaseUrl),
    resilience: resolveResilience(resilienceFromEnv(env), resilienceFromEnv(env, code), context.resilience, input.resilience),
  };
}

function defaultBaseUrl(code: string, env: Env, liveBaseUrl: string | undefined): string {
  if (carrierEndpoints(env) === 'sandbox') return `${defaultSandboxUrl(env).replace(/\/+$/, '')}/${code}`;
  if (!liveBaseUrl) throw new Error(`CARRIER_ENDPOINTS=live: carrier ${code} declares no live API; set ${carrierEnvName(code, 'baseUrl')}`);
  return liveBaseUrl;
}
