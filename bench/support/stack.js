'use strict';
/**
 * The gateway stacks the benchmarks run against:
 *   production: api and worker as separate processes (dist/apps/api, dist/apps/worker), the
 *     carrier sandbox as its own process, PostgreSQL (a scratch database on BENCH_POSTGRES_URL)
 *     and a private Redis; `workerPid` is the worker's.
 *   embedded: one all-in-one process (PGlite, in-process jobs); `workerPid` is that process.
 */
const { spawn } = require('node:child_process');
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { Client } = require('pg');
const { startGateway, ROOT } = require('./harness');

const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function scratchDatabase() {
  // BENCH_DB_PREFIX keeps runs that share one PostgreSQL server apart.
  const name = `${process.env.BENCH_DB_PREFIX ?? 'lgw_bench_'}${Math.random().toString(36).slice(2, 10)}`;
  const admin = new Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new Client({ connectionString: POSTGRES_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

function startRedis(port) {
  const child = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  return { url: `redis://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

function spawnApp(app, env, workerNodeFlags = '') {
  // The worker runs with the heap flags of its image (docker/worker.Dockerfile, deploy/base/worker.yaml).
  const flags = app === 'worker' ? (process.env.BENCH_WORKER_NODE_FLAGS ?? workerNodeFlags).split(' ').filter(Boolean) : [];
  const child = spawn(process.execPath, [...flags, join(ROOT, 'dist', 'apps', app, 'main.js')], {
    env: { ...process.env, DATA_DIR: mkdtempSync(join(tmpdir(), 'lgw-bench-')), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', process.env.BENCH_WORKER_LOG_LEVEL ? 'inherit' : 'ignore', 'inherit'],
  });
  return {
    pid: child.pid,
    stop: () =>
      new Promise((res) => {
        if (child.exitCode !== null) return res();
        child.once('exit', res);
        child.kill('SIGTERM');
      }),
  };
}

async function waitUntil(check, what, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The processes of one run; `workerPid` is the one whose memory is measured; `databaseUrl` in production. */
async function startStack(mode, { workerNodeFlags = '', redisPort = 7790, env: extraEnv = {} } = {}) {
  if (mode === 'embedded') {
    const gateway = await startGateway({ app: 'all-in-one', env: extraEnv });
    return { api: gateway.base, workerPid: gateway.pid, stop: gateway.stop };
  }
  const db = await scratchDatabase();
  const redis = startRedis(redisPort);
  const sandboxPort = Number(process.env.BENCH_SANDBOX_PORT ?? redisPort + 1);
  const sandbox = spawnApp('carrier-sandbox', { SANDBOX_PORT: String(sandboxPort), HOST: '127.0.0.1' });
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  await waitUntil(async () => (await fetch(`${sandboxUrl}/sandbox/v1/health`)).ok, 'the carrier sandbox');
  const env = {
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    SAHM_BASE_URL: `${sandboxUrl}/sahm`,
    BAHR_BASE_URL: `${sandboxUrl}/bahr`,
    DARB_BASE_URL: `${sandboxUrl}/darb`,
    // api and worker must share it (webhook secrets are sealed with it).
    WEBHOOK_SECRET_KEY: require('node:crypto').randomBytes(32).toString('base64'),
    ...extraEnv,
  };
  const api = await startGateway({ app: 'api', env });
  const worker = spawnApp('worker', { ...env, LOG_LEVEL: process.env.BENCH_WORKER_LOG_LEVEL ?? 'warn' }, workerNodeFlags);
  return {
    api: api.base,
    sandboxUrl,
    databaseUrl: db.url,
    workerPid: worker.pid,
    stop: async () => {
      await api.stop();
      await worker.stop();
      await sandbox.stop();
      redis.stop();
      await db.drop();
    },
  };
}

module.exports = { scratchDatabase, startRedis, spawnApp, waitUntil, startStack, POSTGRES_URL, ROOT };
