import type { GatewayProcesses } from './gateway-processes';

type Json = any;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` until it returns a value; `what` (or its latest description) names the failure. */
export async function until<T>(what: string | (() => string), timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${typeof what === 'string' ? what : what()}`);
    await sleep(200);
  }
}

/**
 * One API call to a gateway process (`base` is its origin), as a merchant makes it; `key` sends an
 * Idempotency-Key. Gives up after 30 s: a process killed mid-request must fail the call, not hang it.
 */
export async function apiCall(base: string, apiKey: string, path: string, init: { method?: string; body?: Json; key?: string } = {}) {
  const headers: Record<string, string> = { authorization: `Bearer ${apiKey}` };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.key) headers['idempotency-key'] = init.key;
  const res = await fetch(`${base}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

/** A team through the admin API, with its own per-minute limit when given. */
export async function createTeam(gw: GatewayProcesses, name: string, perMinute?: number): Promise<{ id: string; key: string }> {
  const admin = (method: string, path: string, body: Json) =>
    fetch(`${gw.url}/admin/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${gw.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<Json>);
  const team = await admin('POST', '/teams', { name });
  if (perMinute) await admin('PUT', `/teams/${team.team.id}/rate-limit`, { per_minute: perMinute });
  return { id: team.team.id, key: team.api_key };
}

/** order_ref → tracking number from a finished batch's result CSV. */
export function batchTrackingNumbers(batch: { result_csv: string }): Map<string, string> {
  const rows = batch.result_csv
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(','));
  return new Map(rows.map((row) => [row[0], row[row.length - 2]]));
}

/** The environment of the process suites: their private Redis, quick tracking polls, webhooks to the local HTTPS receiver. */
export function processSuiteEnv(redisUrl: string, receiverCaFile: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    REDIS_URL: redisUrl,
    TRACKING_POLL_INTERVAL_MS: '200',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_CA_FILE: receiverCaFile,
    ...extra,
  };
}
