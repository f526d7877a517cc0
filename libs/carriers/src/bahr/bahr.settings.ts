import { defaultSandboxUrl, Env, envText } from '../shared/env';
import { resilienceFromEnv, ResilienceSettings, resolveResilience } from '../shared/resilience.settings';

export interface BahrSettings {
  /** e.g. http://127.0.0.1:3100/bahr (BAHR_BASE_URL). */
  readonly baseUrl: string;
  /** BAHR_USERNAME / BAHR_PASSWORD. */
  readonly username: string;
  readonly password: string;
  readonly resilience: ResilienceSettings;
}

export interface BahrSettingsInput {
  baseUrl?: string;
  username?: string;
  password?: string;
  resilience?: Partial<ResilienceSettings>;
}

export const BAHR_SANDBOX_USERNAME = 'lgw-gateway';
export const BAHR_SANDBOX_PASSWORD = 'bahr-sandbox-password';

/** Explicit values win, then the environment, then the local sandbox. */
export function resolveBahrSettings(
  input: BahrSettingsInput = {},
  context: { env?: Env; sandboxUrl?: string; resilience?: Partial<ResilienceSettings> } = {},
): BahrSettings {
  const env = context.env ?? process.env;
  const sandbox = context.sandboxUrl ? `${context.sandboxUrl.replace(/\/+$/, '')}/bahr` : undefined;
  return {
    baseUrl: input.baseUrl ?? sandbox ?? envText(env, 'BAHR_BASE_URL') ?? `${defaultSandboxUrl(env)}/bahr`,
    username: input.username ?? envText(env, 'BAHR_USERNAME') ?? BAHR_SANDBOX_USERNAME,
    password: input.password ?? envText(env, 'BAHR_PASSWORD') ?? BAHR_SANDBOX_PASSWORD,
    resilience: resolveResilience(resilienceFromEnv(env), context.resilience, input.resilience),
  };
}
