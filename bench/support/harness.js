'use strict';
/**
 * Shared pieces of the HTTP benchmarks: start the built gateway as its own process,
 * create a team with a raised rate limit through the admin API, run autocannon, and
 * serve fixed bytes from a bare node:http server in a second process as the baseline.
 */
const { spawn } = require('node:child_process');
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join, resolve } = require('node:path');
const autocannon = require('autocannon');

const ROOT = resolve(__dirname, '..', '..');
const ADMIN_TOKEN = 'bench-admin-token';

function freePort() {
  return new Promise((res, rej) => {
    const srv = require('node:net').createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
    srv.on('error', rej);
  });
}

async function waitFor(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${url}`);
}

/** Starts `dist/apps/<app>/main.js`; production mode when DATABASE_URL/REDIS_URL are set. */
async function startGateway({ app = 'all-in-one', env = {} } = {}) {
  const port = await freePort();
  const sandboxPort = await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'dist', 'apps', app, 'main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SANDBOX_PORT: String(sandboxPort),
      ADMIN_TOKEN,
      // Production mode needs the key of webhook secrets at rest; one per run is enough here.
      WEBHOOK_SECRET_KEY: require('node:crypto').randomBytes(32).toString('base64'),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'lgw-bench-')),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/health/ready`);
  return {
    base,
    sandboxBase: `http://127.0.0.1:${sandboxPort}`,
    pid: child.pid,
    stop: () =>
      new Promise((res) => {
        child.once('exit', res);
        child.kill('SIGTERM');
      }),
  };
}

async function createTeam(base, perMinute = 10_000_000) {
  const headers = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };
  const res = await fetch(`${base}/admin/v1/teams`, { method: 'POST', headers, body: JSON.stringify({ name: 'bench' }) });
  const team = await res.json();
  await fetch(`${base}/admin/v1/teams/${team.team.id}/rate-limit`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ per_minute: perMinute }),
  });
  return { teamId: team.team.id, apiKey: team.api_key };
}

/** Small bodies travel in the environment; large ones (an environment is limited) in a file. */
function bodyEnv(body) {
  if (body.length < 64 * 1024) return { BODY_B64: Buffer.from(body).toString('base64') };
  const file = join(mkdtempSync(join(tmpdir(), 'lgw-bench-body-')), 'body');
  require('node:fs').writeFileSync(file, body);
  return { BODY_FILE: file };
}

/** A bare node:http server in its own process answering every request with `body`. */
async function startBareServer(body, contentType = 'application/json; charset=utf-8') {
  const port = await freePort();
  const code = `
    const http = require('node:http');
    const body = process.env.BODY_FILE ? require('node:fs').readFileSync(process.env.BODY_FILE) : Buffer.from(process.env.BODY_B64, 'base64');
    http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': process.env.CT, 'content-length': body.length });
        res.end(body);
      });
    }).listen(${port}, '127.0.0.1');`;
  const child = spawn(process.execPath, ['-e', code], {
    env: { ...process.env, ...bodyEnv(body), CT: contentType },
    stdio: 'inherit',
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await fetch(base);
      break;
    } catch (e) {
      if (Date.now() > deadline) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { base, stop: () => child.kill('SIGTERM') };
}

function run(opts) {
  return new Promise((res, rej) => {
    autocannon({ connections: 32, duration: 10, ...opts }, (err, result) => (err ? rej(err) : res(result)));
  });
}

function summary(label, result) {
  return {
    label,
    requests_per_sec: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    non_2xx: result.non2xx,
    errors: result.errors,
  };
}

/** A domestic rating request (Riyadh → Jeddah, one parcel), as the reading and outage benches send it. */
const RATES_BODY = JSON.stringify({
  origin: { city: 'Riyadh', country: 'SA', short_address: 'RRRD2929', phone: '966512345678' },
  destination: { name: 'محمد عبدالله', city: 'Jeddah', country: 'SA', short_address: 'JEDA1234', phone: '966598765432' },
  parcels: [{ weight_kg: 1.2, length_cm: 30, width_cm: 20, height_cm: 10 }],
});

module.exports = { startGateway, createTeam, startBareServer, run, summary, RATES_BODY, ADMIN_TOKEN, ROOT };
