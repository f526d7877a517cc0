import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { seedDataDir } from './embedded-seed';
import { createScratchDatabase, SERVICES_MODE, TEST_HTTP_ENV, TEST_REDIS_URL } from './test-mode';
import { platformAccountEnv } from './carriers';

const ROOT = resolve(__dirname, '..', '..');
/** Plain node runs the TypeScript sources through swc, as the benchmarks do: no build needed. */
const REGISTER = join(ROOT, 'bench', 'support', 'register.js');
// A loaded machine boots slower; LGW_TEST_BOOT_TIMEOUT_MS lends it more time without changing what is checked.
const BOOT_TIMEOUT_MS = Number(process.env.LGW_TEST_BOOT_TIMEOUT_MS ?? 45_000);

export interface ProcessExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** One gateway deployable as a real child process in its own session (setsid). */
export class GatewayChild {
  readonly exited: Promise<ProcessExit>;
  alive = true;
  private stderr = '';

  constructor(
    readonly name: string,
    private readonly child: ChildProcess,
  ) {
    this.exited = new Promise((done) =>
      child.once('exit', (code, signal) => {
        this.alive = false;
        done({ code, signal });
      }),
    );
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString('utf8')).slice(-4000);
    });
    // LGW_CRASH_LOG=<file> keeps the children's output for debugging a failed run.
    if (process.env.LGW_CRASH_LOG) {
      const log = createWriteStream(process.env.LGW_CRASH_LOG, { flags: 'a' });
      child.stdout?.pipe(log);
      child.stderr?.pipe(log);
    }
    child.stdout?.on('data', (chunk: Buffer) => {
      const text = this.partial + chunk.toString('utf8');
      const lines = text.split('\n');
      this.partial = lines.pop() ?? '';
      for (const line of lines) for (const watch of this.watches) if (watch.pattern.test(line)) watch.count++;
    });
  }

  private partial = '';
  private readonly watches: { pattern: RegExp; count: number }[] = [];

  /** Counts the output lines (log lines, at LOG_LEVEL info) matching `pattern` from now on. */
  watchOutput(pattern: RegExp): { readonly count: number } {
    const watch = { pattern, count: 0 };
    this.watches.push(watch);
    return watch;
  }

  static start(name: string, entry: string, env: Record<string, string>): GatewayChild {
    const child = spawn(process.execPath, ['-r', REGISTER, join(ROOT, entry)], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...env },
      // A session and process group of its own: the whole group (Chromium included) dies together.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new GatewayChild(name, child);
  }

  get pid(): number {
    return this.child.pid!;
  }

  get lastErrors(): string {
    return this.stderr;
  }

  /** A signal to the node process alone, as a container runtime sends SIGTERM to its main process. */
  signal(signal: NodeJS.Signals): void {
    process.kill(this.pid, signal);
  }

  /** Resolves with the exit, or rejects after `timeoutMs`; then clears whatever is left in the group (a browser). */
  async exitWithin(timeoutMs: number): Promise<ProcessExit> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${this.name} still running after ${timeoutMs} ms: ${this.stderr}`)), timeoutMs);
    });
    try {
      const exit = await Promise.race([this.exited, timeout]);
      await this.kill();
      return exit;
    } finally {
      clearTimeout(timer);
    }
  }

  /** SIGKILL to the whole process group; resolves once the process is gone. */
  async kill(): Promise<ProcessExit> {
    try {
      process.kill(-this.pid, 'SIGKILL');
    } catch {
      // already gone
    }
    return this.exited;
  }
}

export interface GatewayProcesses {
  /** Base URL of the api (embedded: the all-in-one process). */
  readonly url: string;
  readonly adminToken: string;
  readonly mode: 'embedded' | 'services';
  /** The environment every process gets (DATABASE_URL, REDIS_URL, QUEUE_PREFIX…). */
  readonly env: Readonly<Record<string, string>>;
  /** (Re)starts the api process with extra environment (e.g. LGW_FAULT_POINT); waits until ready. */
  startApi(extraEnv?: Record<string, string>): Promise<void>;
  /** Resolves when the api process exits by itself (a fault point), or rejects after `timeoutMs`. */
  apiExit(timeoutMs: number): Promise<ProcessExit>;
  /** kill -9 of the api process group. */
  killApi(): Promise<ProcessExit>;
  /** The api process started by startApi. */
  readonly api: GatewayChild | undefined;
  /** The worker process (services mode). */
  readonly worker: GatewayChild | undefined;
  /** Services mode: one more api process on `port`, same database and Redis; waits until ready. */
  spawnApi(port: number, extraEnv?: Record<string, string>): Promise<GatewayChild>;
  /** Services mode: one more worker process. */
  spawnWorker(extraEnv?: Record<string, string>): GatewayChild;
  /** The processes that have not exited since they were started (none restarted behind the test's back). */
  running(): { api: boolean; worker: boolean };
  close(): Promise<void>;
}

/**
 * The production shapes as real processes against a carrier sandbox that outlives them:
 * embedded mode is one all-in-one process on PGlite in a data directory kept across restarts;
 * services mode is an api process and a worker process on a scratch PostgreSQL database and
 * the machine's Redis (a queue prefix of their own). Only the api process is ever killed;
 * in services mode the worker keeps running and does the recovery.
 */
export async function startGatewayProcesses(options: {
  sandboxUrl: string;
  port: number;
  env?: Record<string, string>;
  /** Services mode: a database and a Redis of the test's own (an outage test stops them), instead of the shared ones. */
  services?: { databaseUrl: string; redisUrl: string };
}): Promise<GatewayProcesses> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lgw-crash-'));
  if (!SERVICES_MODE) await seedDataDir(dataDir);
  const adminToken = `adm_${randomBytes(12).toString('hex')}`;
  const scratch = !SERVICES_MODE
    ? undefined
    : options.services
      ? { url: options.services.databaseUrl, drop: async () => undefined }
      : await createScratchDatabase();
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    ADMIN_TOKEN: adminToken,
    HOST: '127.0.0.1',
    PORT: String(options.port),
    SANDBOX_URL: options.sandboxUrl,
    LOG_LEVEL: process.env.LGW_CRASH_LOG ? 'info' : 'warn',
    NODE_ENV: 'test',
    ...TEST_HTTP_ENV,
    ...(scratch
      ? {
          DATABASE_URL: scratch.url,
          REDIS_URL: options.services?.redisUrl ?? TEST_REDIS_URL,
          QUEUE_PREFIX: `lgw-crash-${randomBytes(4).toString('hex')}`,
          WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
        }
      : {}),
    ...(process.env.PUPPETEER_EXECUTABLE_PATH ? { PUPPETEER_EXECUTABLE_PATH: process.env.PUPPETEER_EXECUTABLE_PATH } : {}),
    ...platformAccountEnv(),
    ...options.env,
  };
  const url = `http://127.0.0.1:${options.port}`;
  let api: GatewayChild | undefined;
  const worker = scratch ? GatewayChild.start('worker', 'apps/worker/main.ts', env) : undefined;
  const extra: GatewayChild[] = [];

  const waitReady = async (child: GatewayChild, base = url) => {
    const deadline = Date.now() + BOOT_TIMEOUT_MS;
    let exited = false;
    void child.exited.then(() => (exited = true));
    while (Date.now() < deadline) {
      if (exited) throw new Error(`${child.name} exited during start-up: ${child.lastErrors}`);
      const ok = await fetch(`${base}/health/live`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${child.name} not ready within ${BOOT_TIMEOUT_MS} ms: ${child.lastErrors}`);
  };

  return {
    url,
    adminToken,
    mode: scratch ? 'services' : 'embedded',
    env,
    async startApi(extraEnv = {}) {
      if (api) await api.kill();
      api = GatewayChild.start('api', scratch ? 'apps/api/main.ts' : 'apps/all-in-one/main.ts', { ...env, ...extraEnv });
      await waitReady(api);
    },
    async apiExit(timeoutMs) {
      const current = api!;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`api still running after ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        const exit = await Promise.race([current.exited, timeout]);
        await current.kill(); // whatever it left behind in its group (a browser)
        return exit;
      } finally {
        clearTimeout(timer);
      }
    },
    killApi() {
      return api!.kill();
    },
    get api() {
      return api;
    },
    worker,
    async spawnApi(port, extraEnv = {}) {
      if (!scratch) throw new Error('a second api process needs services mode');
      const child = GatewayChild.start(`api:${port}`, 'apps/api/main.ts', { ...env, PORT: String(port), ...extraEnv });
      extra.push(child);
      await waitReady(child, `http://127.0.0.1:${port}`);
      return child;
    },
    spawnWorker(extraEnv = {}) {
      if (!scratch) throw new Error('a second worker process needs services mode');
      const child = GatewayChild.start(`worker:${extra.length}`, 'apps/worker/main.ts', { ...env, ...extraEnv });
      extra.push(child);
      return child;
    },
    running() {
      return { api: api?.alive ?? false, worker: worker?.alive ?? false };
    },
    async close() {
      await api?.kill();
      await worker?.kill();
      await Promise.all(extra.map((child) => child.kill()));
      await scratch?.drop();
      if (!process.env.LGW_CRASH_LOG) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
