'use strict';
/**
 * CPU profiles of the api process under load, one process per endpoint so each profile holds one
 * hot path: GET /carriers, POST /rates, GET /shipments/{id} (wrk), POST /shipments (autocannon,
 * a fresh quote per request, as bench/shipments.bench.js). Prints the top of each profile by self
 * time (bench/support/profile-top.js).
 * Usage: npm run build && node bench/profile-hot-paths.js  (BENCH_DATABASE_URL / BENCH_REDIS_URL
 * for PostgreSQL + Redis; PROFILE_DIR keeps the .cpuprofile files; PROFILE_TOP rows, default 15;
 * PROFILE_ENDPOINTS='POST /shipments' profiles only the ones named, comma-separated)
 */
const { mkdirSync, mkdtempSync, readdirSync, readFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const {
  startGateway,
  createTeam,
  startSandbox,
  freePort,
  wrk,
  run,
  summary,
  prepareQuotes,
  RATES_BODY,
  ADDRESSES,
  bookOne,
} = require('./support/harness');
const { summarise, byArea, toMarkdown } = require('./support/profile-top');

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ALL_ENDPOINTS = ['GET /carriers', 'POST /rates', 'GET /shipments/{id}', 'POST /shipments'];
const ENDPOINTS = process.env.PROFILE_ENDPOINTS ? process.env.PROFILE_ENDPOINTS.split(',').map((e) => e.trim()) : ALL_ENDPOINTS;
const BOOKING_CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);

/** POST /shipments books a fresh quote per request, so the body changes: autocannon, not wrk. */
async function profileBookings(base, apiKey) {
  const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
  const quoteIds = await prepareQuotes(base, headers, Number(process.env.BENCH_QUOTES ?? 1000) * (SECONDS + 2));
  let next = 0;
  const booking = (seconds) =>
    run({
      url: `${base}/api/v1/shipments`,
      connections: BOOKING_CONNECTIONS,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          headers,
          setupRequest: (req) => ({ ...req, body: JSON.stringify({ ...ADDRESSES, quote_id: quoteIds[next++ % quoteIds.length] }) }),
        },
      ],
    });
  await booking(2);
  const s = summary('POST /shipments', await booking(SECONDS));
  if (next > quoteIds.length) console.error('warning: quotes ran out; raise BENCH_QUOTES');
  return { requests_per_sec: s.requests_per_sec, p99_ms: s.p99_ms, tool: `autocannon -c${BOOKING_CONNECTIONS}` };
}

async function profileOne(endpoint, env, dir) {
  const profileDir = join(
    dir,
    endpoint
      .replace(/[^a-z]+/gi, '-')
      .replace(/-+$/, '')
      .toLowerCase(),
  );
  mkdirSync(profileDir, { recursive: true });
  const gateway = await startGateway({ app: 'api', env, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] });
  try {
    const { apiKey } = await createTeam(gateway.base);
    const auth = `Bearer ${apiKey}`;
    if (endpoint === 'POST /shipments') return { result: await profileBookings(gateway.base, apiKey), profileDir };
    let target;
    if (endpoint === 'GET /carriers') target = { url: `${gateway.base}/api/v1/carriers`, auth };
    if (endpoint === 'POST /rates') target = { url: `${gateway.base}/api/v1/rates`, auth, body: RATES_BODY };
    if (endpoint === 'GET /shipments/{id}') {
      const shipment = await bookOne(gateway.base, apiKey);
      target = { url: `${gateway.base}/api/v1/shipments/${shipment.id}`, auth };
    }
    await wrk({ ...target, seconds: 2 });
    const result = await wrk({ ...target, seconds: SECONDS });
    return { result: { ...result, tool: 'wrk -t1 -c50' }, profileDir };
  } finally {
    await gateway.stop();
  }
}

async function main() {
  const env = {};
  if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  if (process.env.BENCH_REDIS_URL) env.REDIS_URL = process.env.BENCH_REDIS_URL;
  const sandbox = await startSandbox(await freePort());
  env.SANDBOX_PORT = String(sandbox.port);
  const dir = process.env.PROFILE_DIR ?? mkdtempSync(join(tmpdir(), 'lgw-profile-'));
  try {
    console.log(`mode: ${env.DATABASE_URL ? 'postgres+redis' : 'embedded'}; profiles in ${dir}\n`);
    for (const endpoint of ENDPOINTS) {
      const { result, profileDir } = await profileOne(endpoint, env, dir);
      const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
      const profile = JSON.parse(readFileSync(join(profileDir, file), 'utf8'));
      // The measured run only: it ends when the process is stopped (start-up left out).
      profile.lastSeconds = SECONDS;
      const top = summarise(profile, Number(process.env.PROFILE_TOP ?? 15));
      console.log(`### ${endpoint}: ${result.requests_per_sec} req/s, p99 ${result.p99_ms} ms (${result.tool})\n`);
      console.log(`${toMarkdown(top, byArea(profile))}\n`);
    }
  } finally {
    sandbox.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
