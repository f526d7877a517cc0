import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pino from 'pino';
import { loadConfig } from '@lgw/platform';
import { RunningCarrierSandbox, startCarrierSandbox } from '@lgw/carrier-sandbox';
import { createApiApp, createRuntime, GatewayRuntime, WorkerModule } from '@lgw/runtime';
import { platformAccountEnv } from './carriers';
import { embeddedSeedFile } from './embedded-seed';
import { createScratchDatabase, SERVICES_MODE, TEST_HTTP_ENV, TEST_REDIS_URL } from './test-mode';

export interface TestTeam {
  readonly teamId: string;
  readonly keyId: string;
  readonly apiKey: string;
  /** The team's first test key (test mode: its own data, sandbox carriers, never billed). */
  readonly testKeyId: string;
  readonly testApiKey: string;
}

export interface TestApp {
  readonly url: string;
  readonly adminToken: string;
  readonly runtime: GatewayRuntime;
  readonly app: NestFastifyApplication;
  /** Shares the database and Redis of this app: a second replica. */
  readonly env: Record<string, string>;
  /** The carrier sandbox this app books with (shared by replicas). */
  readonly sandboxUrl: string;
  /** Where test mode's carriers live: the same sandbox unless BootOptions.separateTestSandbox. */
  readonly testSandboxUrl: string;
  sandbox(method: string, path: string, body?: unknown): Promise<ApiResponse>;
  createTeam(name?: string): Promise<TestTeam>;
  api(path: string, init?: ApiRequestInit): Promise<ApiResponse>;
  admin(method: string, path: string, body?: unknown): Promise<ApiResponse>;
  close(): Promise<void>;
}

export interface ApiRequestInit {
  method?: string;
  key?: string | null;
  body?: unknown;
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

export interface BootOptions {
  env?: Record<string, string>;
  /** Reuse another app's database/Redis (multi-replica tests). */
  shareWith?: TestApp;
  /** Run the background jobs (outbox relay, labels, tracking) in the same process. */
  worker?: boolean;
  /**
   * A data directory the caller keeps: embedded mode then holds its database on disk there, so
   * booting again on it is a restart. (Services mode restarts by passing env.DATABASE_URL.)
   */
  dataDir?: string;
  /**
   * Test mode's carriers on a sandbox of their own, apart from the live carriers' one: proves
   * test keys reach the simulators whatever the live carrier configuration.
   */
  separateTestSandbox?: boolean;
  /**
   * The sandbox's SANDBOX_AUTO_ADVANCE_SECONDS (default 0: only the control API moves ordinary
   * shipments). A magic reference's scripted walk steps at this pace when it is set, else once a
   * second: a suite that waits out walks sets a short one.
   */
  sandboxAutoAdvanceSeconds?: number;
  /** Receives every log line (JSON) at LOG_LEVEL; logs go nowhere otherwise. */
  log?: (line: string) => void;
}

export async function bootTestApp(options: BootOptions = {}): Promise<TestApp> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'lgw-test-'));
  const cleanups: Array<() => Promise<void>> = [];
  const env: Record<string, string> = { DATA_DIR: dataDir, ADMIN_TOKEN: 'test-admin-token', LOG_LEVEL: 'silent', ...TEST_HTTP_ENV };
  if (options.shareWith) {
    Object.assign(env, options.shareWith.env);
    env.DATA_DIR = dataDir;
  } else if (SERVICES_MODE) {
    if (!options.env?.DATABASE_URL) {
      const db = await createScratchDatabase();
      cleanups.push(db.drop);
      env.DATABASE_URL = db.url;
    }
    env.REDIS_URL = TEST_REDIS_URL;
    env.WEBHOOK_SECRET_KEY = randomBytes(32).toString('base64');
  }
  // Real carriers are offered on the platform's account the test deployment gives them (support/carriers.ts).
  if (!options.shareWith) Object.assign(env, platformAccountEnv());
  Object.assign(env, options.env ?? {});
  let sandbox: RunningCarrierSandbox | undefined;
  let sandboxUrl = options.shareWith?.sandboxUrl;
  if (!sandboxUrl) {
    sandbox = await startCarrierSandbox({ port: 0, host: '127.0.0.1', autoAdvanceSeconds: options.sandboxAutoAdvanceSeconds ?? 0 });
    sandboxUrl = sandbox.url;
  }
  let testSandbox: RunningCarrierSandbox | undefined;
  if (options.separateTestSandbox) {
    testSandbox = await startCarrierSandbox({ port: 0, host: '127.0.0.1', autoAdvanceSeconds: options.sandboxAutoAdvanceSeconds ?? 0 });
    cleanups.push(() => testSandbox!.close());
  }
  const testSandboxUrl = testSandbox?.url ?? sandboxUrl;
  const config = loadConfig(env);
  const runtime = await createRuntime(config, {
    inMemoryDatabase: !env.DATABASE_URL && !options.dataDir,
    embeddedSeedFile: env.DATABASE_URL ? undefined : await embeddedSeedFile(),
    logger: options.log ? pino({ level: env.LOG_LEVEL ?? 'silent' }, { write: options.log }) : pino({ level: env.LOG_LEVEL ?? 'silent' }),
    carrierSettings: { sandboxUrl, env: { ...process.env, ...env } },
    testSandboxUrl,
    queuePrefix: `lgw-test-${Math.random().toString(36).slice(2, 10)}`,
  });
  const app = await createApiApp(runtime, { extraModules: options.worker ? [WorkerModule.forRoot()] : [] });
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  const url = `http://127.0.0.1:${address.port}`;

  const request = async (path: string, init: ApiRequestInit & { auth?: string | null } = {}): Promise<ApiResponse> => {
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    if (init.auth) headers.authorization = init.auth;
    let body: string | Buffer | undefined;
    if (init.rawBody !== undefined) body = init.rawBody;
    else if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(url + path, { method: init.method ?? 'GET', headers, body });
    const text = await res.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, headers: res.headers, body: parsed, text };
  };

  const testApp: TestApp = {
    url,
    adminToken: config.adminToken,
    runtime,
    app,
    env,
    sandboxUrl,
    testSandboxUrl,
    async sandbox(method, path, body) {
      const res = await fetch(`${sandboxUrl}${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      return { status: res.status, headers: res.headers, body: parsed, text };
    },
    async createTeam(name = 'Test Team') {
      const res = await request('/admin/v1/teams', {
        method: 'POST',
        body: { name },
        auth: `Bearer ${config.adminToken}`,
      });
      if (res.status !== 201) throw new Error(`team creation failed: ${res.status} ${res.text}`);
      return {
        teamId: res.body.team.id,
        keyId: res.body.key_id,
        apiKey: res.body.api_key,
        testKeyId: res.body.test_key_id,
        testApiKey: res.body.test_api_key,
      };
    },
    api(path, init = {}) {
      return request(`/api/v1${path}`, { ...init, auth: init.key === null ? null : init.key ? `Bearer ${init.key}` : undefined });
    },
    admin(method, path, body) {
      return request(`/admin/v1${path}`, { method, body, auth: `Bearer ${config.adminToken}` });
    },
    async close() {
      await app.close();
      await runtime.close();
      await sandbox?.close();
      for (const cleanup of cleanups) await cleanup();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}
