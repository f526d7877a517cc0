import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RunningCarrierSandbox, startCarrierSandbox } from '@lgw/carrier-sandbox';
import { createScratchDatabase, SERVICES_MODE } from './test-mode';
import { seedDataDir } from './embedded-seed';

const ROOT = join(__dirname, '..', '..');

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** What an operator's CLI suite works with; filled in by the suite's beforeAll. */
export interface CliHarness {
  /** The WEBHOOK_SECRET_KEY the CLI seals secrets with. */
  readonly key: Buffer;
  readonly sandbox: RunningCarrierSandbox;
  readonly dataDir: string;
  /** The CLI's environment: its data directory (or scratch database), the sandbox, the key. */
  readonly env: Record<string, string>;
  /** `npm run cli -- <args>` as an operator runs it, in a process of its own. */
  cli(...args: string[]): Promise<CliRun>;
}

/**
 * Registers the suite's beforeAll/afterAll: a carrier sandbox, an empty data directory (and a
 * scratch PostgreSQL database in services mode) and a key, torn down after the suite.
 */
export function useCliAgainstSandbox(name: string): CliHarness {
  const state = { key: randomBytes(32) } as { key: Buffer; sandbox: RunningCarrierSandbox; dataDir: string; env: Record<string, string> };
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    state.sandbox = await startCarrierSandbox({ port: 0 });
    state.dataDir = mkdtempSync(join(tmpdir(), `lgw-${name}-cli-`));
    state.env = {
      DATA_DIR: state.dataDir,
      SANDBOX_URL: state.sandbox.url,
      WEBHOOK_SECRET_KEY: state.key.toString('base64'),
      LOG_LEVEL: 'silent',
    };
    if (SERVICES_MODE) {
      const db = await createScratchDatabase();
      state.env.DATABASE_URL = db.url;
      drop = db.drop;
    } else {
      await seedDataDir(state.dataDir);
    }
  });
  afterAll(async () => {
    await state.sandbox?.close();
    await drop?.();
    if (state.dataDir) rmSync(state.dataDir, { recursive: true, force: true });
  });
  return {
    get key() {
      return state.key;
    },
    get sandbox() {
      return state.sandbox;
    },
    get dataDir() {
      return state.dataDir;
    },
    get env() {
      return state.env;
    },
    cli: (...args) =>
      new Promise((resolve) => {
        const child = spawn(process.execPath, ['-r', './bench/support/register.js', 'apps/cli/main.ts', ...args], {
          cwd: ROOT,
          env: { PATH: process.env.PATH ?? '', ...state.env },
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d) => (stdout += d));
        child.stderr.on('data', (d) => (stderr += d));
        child.on('exit', (exit) => resolve({ code: exit ?? -1, stdout, stderr }));
      }),
  };
}
