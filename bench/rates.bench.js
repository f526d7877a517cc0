'use strict';
/**
 * POST /rates throughput next to a bare node:http server returning the same bytes, in turns
 * (BENCH_ROUNDS, default 5, of BENCH_SECONDS / rounds each; BENCH_SECONDS default 10), with the
 * api's, PostgreSQL's and Redis's CPU per request and the load average before and after.
 * Usage: npm run build && node bench/rates.bench.js
 * Production mode (PostgreSQL + Redis) when BENCH_DATABASE_URL / BENCH_REDIS_URL are set.
 */
const { readFileSync } = require('node:fs');
const { startGateway, createTeam, startBareServer, run, summary, cpuMicros, cpuMicrosOf } = require('./support/harness');

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const BODY = JSON.stringify({
  origin: { city: 'Riyadh', country: 'SA', short_address: 'RRRD2929', phone: '966512345678' },
  destination: { city: 'Jeddah', country: 'SA', short_address: 'JEDA1234', phone: '966598765432' },
  parcels: [{ weight_kg: 1.2, length_cm: 30, width_cm: 20, height_cm: 10 }],
});

async function main() {
  const env = {};
  if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  if (process.env.BENCH_REDIS_URL) env.REDIS_URL = process.env.BENCH_REDIS_URL;
  const duration = Number(process.env.BENCH_SECONDS ?? 10);
  const gateway = await startGateway({ app: process.env.BENCH_APP ?? 'api', env });
  try {
    const { apiKey } = await createTeam(gateway.base);
    const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
    const sample = await fetch(`${gateway.base}/api/v1/rates`, { method: 'POST', headers, body: BODY });
    const bytes = Buffer.from(await sample.arrayBuffer());
    if (sample.status !== 200) throw new Error(`POST /rates answered ${sample.status}: ${bytes}`);
    const bare = await startBareServer(bytes);
    try {
      const opts = { method: 'POST', headers, body: BODY, duration };
      await run({ ...opts, url: `${gateway.base}/api/v1/rates`, duration: 2 }); // warm-up
      const loadBefore = loadAverage();
      // CPU per request of each process, read from /proc: robust where req/s depends on the neighbours.
      const cpu = () => ({ api: cpuMicros(gateway.pid), postgres: cpuMicrosOf('postgres'), redis: cpuMicrosOf('redis-server') });
      const spent = { api: 0, postgres: 0, redis: 0 };
      // The gateway and the bare server take turns in short rounds, so that a change in the
      // machine's speed during the run (a shared host's) falls on both and not on the ratio.
      const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
      const slice = Math.max(1, Math.round(duration / rounds));
      const gatewayRounds = [];
      const bareRounds = [];
      for (let round = 0; round < rounds; round++) {
        const before = cpu();
        gatewayRounds.push(await run({ ...opts, duration: slice, url: `${gateway.base}/api/v1/rates` }));
        const after = cpu();
        for (const name of Object.keys(spent)) spent[name] += after[name] - before[name];
        bareRounds.push(await run({ ...opts, duration: slice, url: bare.base }));
      }
      const g = overall('gateway POST /api/v1/rates', gatewayRounds);
      const b = overall('bare node:http, same bytes', bareRounds);
      const requests = gatewayRounds.reduce((sum, r) => sum + r.requests.total, 0);
      const cpuPerRequest = Object.fromEntries(Object.keys(spent).map((name) => [name, Math.round(spent[name] / requests)]));
      console.log(
        JSON.stringify(
          {
            mode: env.DATABASE_URL ? 'postgres+redis' : 'embedded',
            gateway: g,
            bare: b,
            ratio: +(g.requests_per_sec / b.requests_per_sec).toFixed(3),
            ratio_per_round: gatewayRounds.map((r, i) => +(r.requests.average / bareRounds[i].requests.average).toFixed(3)),
            cpu_us_per_request: cpuPerRequest,
            load_average: { before: loadBefore, after: loadAverage() },
            response_bytes: bytes.length,
          },
          null,
          2,
        ),
      );
    } finally {
      bare.stop();
    }
  } finally {
    await gateway.stop();
  }
}

/** Requests per second over all rounds, and the worst round's p50 and p99. */
function overall(label, results) {
  const rounds = results.map((r) => summary(label, r));
  return {
    label,
    requests_per_sec: Math.round(results.reduce((sum, r) => sum + r.requests.total, 0) / results.reduce((sum, r) => sum + r.duration, 0)),
    p50_ms: Math.max(...rounds.map((r) => r.p50_ms)),
    p99_ms: Math.max(...rounds.map((r) => r.p99_ms)),
    non_2xx: rounds.reduce((sum, r) => sum + r.non_2xx, 0),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
  };
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
