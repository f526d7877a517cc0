import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { ratesBody } from '../support/fixtures';
import { SERVICES_MODE, TEST_HTTP_ENV, createScratchDatabase } from '../support/test-mode';
import { startWebhookReceiver, WebhookReceiver } from '../support/webhook-receiver';
import { seedDataDir } from '../support/embedded-seed';

const ROOT = resolve(__dirname, '..', '..');
const API_PORT = 7510;
const SANDBOX_PORT = 7511;
/** A private Redis in services mode: the gateway under test uses the default queue prefix. */
const REDIS_PORT = 7512;
const ADMIN = 'crash-admin-token';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitUntil<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms: ${what}`);
    await sleep(200);
  }
}

/** Its own process group (setsid), so a kill reaches every process it started. */
function startGroup(command: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'ignore', 'inherit'] });
}

function killGroup(child: ChildProcess | undefined, signal: NodeJS.Signals): Promise<void> {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  try {
    process.kill(-child.pid, signal);
  } catch {
    return Promise.resolve();
  }
  return exited;
}

describe('webhook delivery survives a SIGKILL of the worker mid-delivery', () => {
  let receiver: WebhookReceiver;
  let gateway: ChildProcess | undefined;
  let redis: ChildProcess | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'lgw-crash-'));
  const env: Record<string, string> = {};

  beforeAll(async () => {
    if (!SERVICES_MODE) await seedDataDir(dataDir);
    receiver = await startWebhookReceiver();
    Object.assign(env, {
      PORT: String(API_PORT),
      HOST: '127.0.0.1',
      SANDBOX_PORT: String(SANDBOX_PORT),
      DATA_DIR: dataDir,
      ...TEST_HTTP_ENV,
      ADMIN_TOKEN: ADMIN,
      LOG_LEVEL: 'warn',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      // The receiver's self-signed certificate, trusted the way an operator would: Node's own option.
      NODE_EXTRA_CA_CERTS: receiver.caFile,
      WEBHOOK_TIMEOUT_MS: '4000',
    });
    if (SERVICES_MODE) {
      redis = startGroup('redis-server', ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {});
      const db = await createScratchDatabase();
      dropDatabase = db.drop;
      Object.assign(env, {
        DATABASE_URL: db.url,
        REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`,
        WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
      });
    }
  });
  afterAll(async () => {
    await killGroup(gateway, 'SIGKILL');
    await killGroup(redis, 'SIGKILL');
    await receiver.close();
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const api = `http://127.0.0.1:${API_PORT}`;
  async function call(method: string, path: string, token: string, body?: unknown) {
    const res = await fetch(`${api}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json().catch(() => undefined)) as any };
  }

  async function startGateway() {
    gateway = startGroup(process.execPath, ['-r', './bench/support/register.js', 'apps/all-in-one/main.ts'], env);
    await waitUntil('gateway ready', 120_000, async () => ((await fetch(`${api}/health/ready`)).ok ? true : undefined));
  }

  it('delivers the message after restart under the same webhook-id', async () => {
    receiver.reply('/crash', (nth) => (nth === 1 ? { hang: true } : { status: 200 }));
    await startGateway();
    const team = await call('POST', '/admin/v1/teams', ADMIN, { name: 'Crash Team' });
    expect(team.status).toBe(201);
    const key = team.body.api_key;
    const config = await call('POST', '/api/v1/webhooks/config', key, { url: `${receiver.url}/crash`, events: ['shipment.created'] });
    expect(config.status).toBe(200);
    const rates = await call('POST', '/api/v1/rates', key, ratesBody());
    const booked = await call('POST', '/api/v1/shipments', key, { quote_id: rates.body.quotes[0].quote_id, ...ratesBody() });
    expect(booked.status).toBe(201);

    const [first] = await receiver.waitFor('/crash', 1, 60_000);
    await killGroup(gateway, 'SIGKILL');
    await startGateway();

    const [, second] = await receiver.waitFor('/crash', 2, 90_000);
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    const payload = new Webhook(config.body.secret).verify(second.body, second.headers) as any;
    expect(payload).toMatchObject({ type: 'shipment.created', data: { shipment: { id: booked.body.id } } });
    const log = await waitUntil('delivery recorded', 20_000, async () => {
      const res = await call('GET', '/api/v1/webhooks/deliveries', key);
      return res.body.deliveries[0]?.state === 'delivered' ? res.body.deliveries : undefined;
    });
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ id: first.headers['webhook-id'], last_status_code: 200 });
    // Nothing else went out for it: the killed attempt's job finds its lease gone.
    await sleep(2000);
    expect(receiver.at('/crash')).toHaveLength(2);
    await killGroup(gateway, 'SIGTERM');
  }, 300_000);
});
