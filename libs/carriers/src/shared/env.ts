export type Env = Readonly<Record<string, string | undefined>>;

export function envText(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

export function envNumber(env: Env, name: string): number | undefined {
  const text = envText(env, name);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number >= 0`);
  return value;
}

/** The local sandbox base URL the adapters fall back to when nothing else is configured. */
export function defaultSandboxUrl(env: Env): string {
  return envText(env, 'SANDBOX_URL') ?? `http://127.0.0.1:${envText(env, 'SANDBOX_PORT') ?? '3100'}`;
}
