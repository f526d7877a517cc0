import { defaultSandboxUrl, Env, envText } from '../shared/env';
import { resilienceFromEnv, ResilienceSettings, resolveResilience } from '../shared/resilience.settings';

export interface SahmSettings {
  /** e.g. https://api.sahm.example or http://127.0.0.1:3100/sahm (SAHM_BASE_URL). */
  readonly baseUrl: string;
  /** Bearer token (SAHM_API_TOKEN). */
  readonly apiToken: string;
  readonly resilience: ResilienceSettings;
}

export interface SahmSettingsInput {
  baseUrl?: string;
  apiToken?: string;
  resilience?: Partial<ResilienceSettings>;
}

export const SAHM_SANDBOX_TOKEN = 'sahm-sandbox-token';

/** Explicit values win, then the environment, then the local sandbox. */
export function resolveSahmSettings(
  input: SahmSettingsInput = {},
  context: { env?: Env; sandboxUrl?: string; resilience?: Partial<ResilienceSettings> } = {},
): SahmSettings {
  const env = context.env ?? process.env;
  const sandbox = context.sandboxUrl ? `${context.sandboxUrl.replace(/\/+$/, '')}/sahm` : undefined;
  return {
    baseUrl: input.baseUrl ?? sandbox ?? envText(env, 'SAHM_BASE_URL') ?? `${defaultSandboxUrl(env)}/sahm`,
    apiToken: input.apiToken ?? envText(env, 'SAHM_API_TOKEN') ?? SAHM_SANDBOX_TOKEN,
    resilience: resolveResilience(resilienceFromEnv(env), context.resilience, input.resilience),
  };
}
