import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Database, openDatabase } from '@lgw/database';
import { Client } from 'pg';
import { embeddedSeedFile } from './embedded-seed';

/** `npm test`: embedded PGlite, no Redis. `npm run test:services`: the machine's Postgres and Redis. */
export const SERVICES_MODE = process.env.LGW_TEST_MODE === 'services';
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * The gateway's keep-alive bound in tests: longer than any test client keeps an idle connection
 * (Node's fetch: at most 600 s). A server that closes an idle connection first races the client
 * reusing it; on a loaded machine the client's late timers lose that race as ECONNRESET. The
 * bound itself is proven by slow-connections, which sets its own.
 */
export const TEST_HTTP_ENV: Readonly<Record<string, string>> = { HTTP_KEEP_ALIVE_TIMEOUT_MS: '650000' };

/**
 * A gateway with no browser: its labels wait for one instead of being drawn (labels-without-browser
 * proves the wait). For suites whose bookings are not about labels and would otherwise spend most
 * of their CPU drawing pages no test reads.
 */
export const WITHOUT_BROWSER: Readonly<{ PUPPETEER_EXECUTABLE_PATH: string }> = { PUPPETEER_EXECUTABLE_PATH: '/nonexistent/chromium' };

/**
 * A throwaway database per suite, so suites never see each other's rows. TEST_DATABASE_PREFIX
 * (letters, digits, underscores) names them when several checkouts share one PostgreSQL.
 */
export async function createScratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const prefix = /^[a-z0-9_]{1,30}$/.test(process.env.TEST_DATABASE_PREFIX ?? '') ? process.env.TEST_DATABASE_PREFIX : 'lgw_test';
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new Client({ connectionString: TEST_POSTGRES_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * A migrated database of the current mode for integration suites: a scratch PostgreSQL
 * database in services mode, PGlite (on disk unless `inMemory`) otherwise.
 */
export async function openTestDatabase(options: { inMemory?: boolean } = {}): Promise<{ db: Database; close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lgw-db-'));
  const scratch = SERVICES_MODE ? await createScratchDatabase() : undefined;
  const db = await openDatabase({
    databaseUrl: scratch?.url,
    dataDir,
    inMemory: options.inMemory,
    embeddedSeedFile: scratch ? undefined : await embeddedSeedFile(),
  });
  return {
    db,
    close: async () => {
      await db.close();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
