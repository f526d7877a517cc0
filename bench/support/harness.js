'use strict';
/**
 * Shared pieces of the HTTP benchmarks: start the built gateway as its own process,
 * create a team with a raised rate limit through the admin API, run autocannon, and
 * serve fixed bytes from a bare node:http server in a second process as the baseline.
 */
const { spawn } = require('node:child_process');
const { mkdtempSync, readdirSync, readFileSync } = require('node:fs');
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
/** Node flags for the gateway under test (BENCH_NODE_ARGS, space-separated), as a deployment's image would pass them. */
const BENCH_NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

async function startGateway({
  app = 'all-in-one',
  env = {},
  nodeArgs = BENCH_NODE_ARGS,
  port: fixedPort,
  sandboxPort: fixedSandboxPort,
  root = ROOT,
} = {}) {
  const port = fixedPort ?? (await freePort());
  const sandboxPort = fixedSandboxPort ?? (await freePort());
  const child = spawn(process.execPath, [...nodeArgs, join(root, 'dist', 'apps', app, 'main.js')], {
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
  try {
    // Embedded start-up runs the migrations in PGlite: minutes on a busy machine.
    await waitFor(`${base}/health/ready`, 300_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
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
  return { teamId: team.team.id, apiKey: team.api_key, testApiKey: team.test_api_key };
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

/** The carrier sandbox as its own process (production shape: carriers over real HTTP). */
async function startSandbox(port) {
  const child = spawn(process.execPath, [join(ROOT, 'dist', 'apps', 'carrier-sandbox', 'main.js')], {
    env: { ...process.env, SANDBOX_PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitFor(`http://127.0.0.1:${port}/sandbox/v1/health`, 20_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return { port, pid: child.pid, stop: () => child.kill('SIGTERM') };
}

/** One SA→SA parcel with National Addresses: the rating body every hot-path bench uses. */
const ADDRESSES = {
  origin: { city: 'Riyadh', country: 'SA', short_address: 'RRRD2929', phone: '966512345678' },
  destination: { name: 'محمد عبدالله', city: 'Jeddah', country: 'SA', short_address: 'JEDA1234', phone: '966598765432' },
  parcels: [{ weight_kg: 1.2, length_cm: 30, width_cm: 20, height_cm: 10 }],
};
const RATES_BODY = JSON.stringify(ADDRESSES);

/** `wanted` quote ids or a few more (POST /rates, 50 at a time), for benches that book each once. */
async function prepareQuotes(base, headers, wanted, ratesBody = RATES_BODY) {
  const ids = [];
  while (ids.length < wanted) {
    const batch = await Promise.all(
      Array.from({ length: 50 }, () => fetch(`${base}/api/v1/rates`, { method: 'POST', headers, body: ratesBody }).then((r) => r.json())),
    );
    for (const res of batch) for (const q of res.quotes) ids.push(q.quote_id);
  }
  return ids;
}

/** Rates and books one shipment (first quote) through the API; returns the shipment. */
async function bookOne(base, apiKey) {
  const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
  const rates = await (await fetch(`${base}/api/v1/rates`, { method: 'POST', headers, body: RATES_BODY })).json();
  const res = await fetch(`${base}/api/v1/shipments`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...ADDRESSES, quote_id: rates.quotes[0].quote_id }),
  });
  if (res.status !== 201) throw new Error(`booking answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/**
 * wrk (one thread, 50 connections unless told) against `url`; a `body` makes it a JSON POST;
 * `paths` makes each request GET the next of them (on `url`'s origin). Returns req/s and latency
 * percentiles in ms (p90 and p95 from wrk's own histogram, through its `done` hook).
 */
function wrk({ url, auth, body, paths, seconds = 10, connections = 50 }) {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency'];
  if (auth) args.push('-H', `Authorization: ${auth}`);
  const lua = [];
  if (body) {
    lua.push('wrk.method = "POST"', 'wrk.headers["Content-Type"] = "application/json"', `wrk.body = ${JSON.stringify(body)}`);
  }
  if (paths) {
    lua.push(
      `local paths = { ${paths.map((path) => JSON.stringify(path)).join(', ')} }`,
      'local next = 0',
      'request = function() next = next % #paths + 1; return wrk.format("GET", paths[next]) end',
    );
  }
  lua.push(
    'done = function(summary, latency, requests)',
    '  io.write(string.format("LGW_PERCENTILES %d %d\\n", latency:percentile(90), latency:percentile(95)))',
    'end',
  );
  const script = join(mkdtempSync(join(tmpdir(), 'lgw-wrk-')), 'bench.lua');
  require('node:fs').writeFileSync(script, `${lua.join('\n')}\n`);
  args.push('-s', script, url);
  return new Promise((res, rej) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', rej);
    child.on('exit', (code) => {
      if (code !== 0) return rej(new Error(`wrk exited ${code}: ${out}`));
      const rps = /Requests\/sec:\s+([\d.]+)/.exec(out);
      const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(out);
      const errors = /Socket errors:.*/.exec(out);
      const tail = /LGW_PERCENTILES (\d+) (\d+)/.exec(out);
      res({
        requests_per_sec: rps ? Math.round(Number(rps[1])) : 0,
        p50_ms: percentile(out, '50%'),
        p90_ms: tail ? Number(tail[1]) / 1000 : null,
        p95_ms: tail ? Number(tail[2]) / 1000 : null,
        p99_ms: percentile(out, '99%'),
        non_2xx: non2xx ? Number(non2xx[1]) : 0,
        socket_errors: errors ? errors[0] : null,
      });
    });
  });
}

/** The nearest-rank percentile `p` (0–1) of ascending `sorted` values. */
function nearestRank(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

/** wrk prints `99%   12.34ms` (or us / s) in its latency distribution. */
function percentile(out, label) {
  const m = new RegExp(`\\s${label}\\s+([\\d.]+)(us|ms|s)\\b`).exec(out);
  if (!m) return null;
  const value = Number(m[1]);
  return +(m[2] === 'us' ? value / 1000 : m[2] === 's' ? value * 1000 : value).toFixed(2);
}

/** The baseline that does the endpoint's own I/O (bench/support/same-io-server.js). */
async function startSameIoServer(body, contentType, env) {
  const port = await freePort();
  const child = spawn(process.execPath, [join(__dirname, 'same-io-server.js')], {
    env: { ...process.env, ...env, PORT: String(port), BODY_B64: Buffer.from(body).toString('base64'), CT: contentType },
    stdio: 'inherit',
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      const res = await fetch(base);
      if (res.status !== 200) throw new Error(`same-I/O baseline answered ${res.status}: ${await res.text()}`);
      break;
    } catch (e) {
      if (Date.now() > deadline || /answered/.test(e.message)) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { base, stop: () => child.kill('SIGTERM') };
}

/**
 * Rows for the one table of `npm run bench` (bench/run-all.js): figure, value, target,
 * baselines, ratio. Printed as one tagged JSON line next to the script's own output.
 */
function reportRows(rows) {
  console.log(`BENCH_ROWS ${JSON.stringify(rows)}`);
}

function run(opts) {
  return new Promise((res, rej) => {
    autocannon({ connections: 32, duration: 10, ...opts }, (err, result) => (err ? rej(err) : res(result)));
  });
}

/**
 * An open-loop load: requests start at `rate` a second, evenly spaced, whether or not earlier ones
 * were answered, over at most `connections` keep-alive sockets (a request that finds all of them
 * busy waits for one). Each latency runs from the moment the request was due, so a stall counts
 * against every request it delays (no coordinated omission). autocannon's own rate option sends
 * each second's requests at its start, a burst, so its latencies are those of bursts.
 * `body()` gives each request's body. Answers autocannon-shaped figures for `summary`.
 */
function paced({ url, rate, seconds, warmupSeconds = 2, connections = 64, method = 'POST', headers = {}, body }) {
  const http = require('node:http');
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  const latencies = [];
  const counts = { '2xx': 0, all2xx: 0, non2xx: 0, errors: 0 };
  // The first `warmupSeconds` run the same schedule (sockets opened, code warm) and are not counted.
  const warmup = Math.round(rate * warmupSeconds);
  const total = warmup + Math.round(rate * seconds);
  const started = performance.now();
  const measuredFrom = started + (warmup * 1000) / rate;
  let lastAnswered = measuredFrom;
  let sent = 0;
  let settled = 0;
  return new Promise((resolve) => {
    const done = () => {
      agent.destroy();
      latencies.sort((a, b) => a - b);
      const at = (p) => (latencies.length === 0 ? null : Math.round(nearestRank(latencies, p) * 100) / 100);
      resolve({
        // Over the time the counted requests took, due to answered: a stack that falls behind answers fewer a second than were sent.
        requests: { average: counts['2xx'] / Math.max(seconds, (lastAnswered - measuredFrom) / 1000), sent: total - warmup },
        latency: { p50: at(0.5), p99: at(0.99), max: latencies.at(-1) ?? null },
        '2xx': counts['2xx'],
        // The warm-up's answers too: what the processes' CPU was spent on.
        all2xx: counts.all2xx,
        non2xx: counts.non2xx,
        errors: counts.errors,
      });
    };
    const settle = (index, due, ok, status) => {
      if (ok && status >= 200 && status < 300) counts.all2xx++;
      if (index < warmup) return void (++settled === total && done());
      lastAnswered = performance.now();
      latencies.push(lastAnswered - due);
      if (!ok) counts.errors++;
      else if (status >= 200 && status < 300) counts['2xx']++;
      else counts.non2xx++;
      if (++settled === total) done();
    };
    const send = (index, due) => {
      const payload = body ? body() : undefined;
      const req = http.request(
        {
          agent,
          method,
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          headers: { ...headers, ...(payload ? { 'content-length': Buffer.byteLength(payload) } : {}) },
        },
        (res) => {
          res.resume();
          res.on('end', () => once(true, res.statusCode));
          // A connection lost mid-answer: counted as an error, not waited for.
          res.on('error', () => once(false, 0));
        },
      );
      let settledThis = false;
      const once = (ok, status) => {
        if (settledThis) return;
        settledThis = true;
        settle(index, due, ok, status);
      };
      req.on('error', () => once(false, 0));
      req.end(payload);
    };
    const tick = () => {
      const now = performance.now();
      // Every request due by now starts now, timed from when it was due.
      for (; sent < total && started + (sent * 1000) / rate <= now; sent++) send(sent, started + (sent * 1000) / rate);
      if (sent < total) setTimeout(tick, 1);
    };
    tick();
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

/** user + system CPU of a process, in µs (/proc/<pid>/stat, clock ticks of 10 ms). */
function cpuMicros(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** The summed CPU (µs) of every process whose command is `name` (all of PostgreSQL's backends, say); gone ones count nothing. */
function cpuMicrosOf(name) {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name) total += cpuMicros(pid);
    } catch {
      // exited between the listing and the read
    }
  }
  return total;
}

module.exports = {
  cpuMicros,
  cpuMicrosOf,
  nearestRank,
  startGateway,
  startSandbox,
  createTeam,
  startBareServer,
  startSameIoServer,
  reportRows,
  bookOne,
  prepareQuotes,
  run,
  paced,
  wrk,
  summary,
  freePort,
  ADDRESSES,
  RATES_BODY,
  ADMIN_TOKEN,
  ROOT,
};
