import { defaultSandboxUrl, Env, envNumber, envText } from '../shared/env';
import { resilienceFromEnv, ResilienceSettings, resolveResilience } from '../shared/resilience.settings';

export interface DarbSettings {
  /** e.g. http://127.0.0.1:3100/darb (DARB_BASE_URL). */
  readonly baseUrl: string;
  /** X-Api-Key (DARB_API_KEY). */
  readonly apiKey: string;
  /** Tracking numbers requested per range (DARB_RANGE_SIZE). */
  readonly rangeSize: number;
  /** Orders per uploaded file when bookings queue up. */
  readonly maxRowsPerFile: number;
  /** Order files allowed in flight at once; bookings arriving meanwhile share the next file. */
  readonly maxFilesInFlight: number;
  /** Longest single long-poll for a result file. */
  readonly resultWaitMs: number;
  readonly resilience: ResilienceSettings;
}

export type DarbSettingsInput = Partial<Omit<DarbSettings, 'resilience'>> & { resilience?: Partial<ResilienceSettings> };

export const DARB_SANDBOX_API_KEY = 'darb-sandbox-key';

/** Explicit values win, then the environment, then the local sandbox. */
export function resolveDarbSettings(
  input: DarbSettingsInput = {},
  context: { env?: Env; sandboxUrl?: string; resilience?: Partial<ResilienceSettings> } = {},
): DarbSettings {
  const env = context.env ?? process.env;
  const sandbox = context.sandboxUrl ? `${context.sandboxUrl.replace(/\/+$/, '')}/darb` : undefined;
  return {
    baseUrl: input.baseUrl ?? sandbox ?? envText(env, 'DARB_BASE_URL') ?? `${defaultSandboxUrl(env)}/darb`,
    apiKey: input.apiKey ?? envText(env, 'DARB_API_KEY') ?? DARB_SANDBOX_API_KEY,
    rangeSize: input.rangeSize ?? envNumber(env, 'DARB_RANGE_SIZE') ?? 1000,
    maxRowsPerFile: input.maxRowsPerFile ?? 500,
    maxFilesInFlight: input.maxFilesInFlight ?? 2,
    resultWaitMs: input.resultWaitMs ?? 2000,
    resilience: resolveResilience(resilienceFromEnv(env), context.resilience, input.resilience),
  };
}
