'use strict';
/**
 * POST /rates throughput next to a bare node:http server returning the same bytes, in turns
 * (BENCH_ROUNDS, default 5, of BENCH_SECONDS / rounds each; BENCH_SECONDS default 10), with the
 * api's, PostgreSQL's and Redis's CPU per request and the load average before and after.
 * Usage: npm run build && node bench/rates.bench.js
 * Production mode (PostgreSQL + Redis) when BENCH_DATABASE_URL / BENCH_REDIS_URL are set.
 * BENCH_BASELINE_ROOT, another built checkout (git worktree add /tmp/base <rev>; npm run build
 * there): its api joins the turns, on BENCH_BASELINE_DATABASE_URL / BENCH_BASELINE_REDIS_URL, so
 * that old and new code are compared round by round on the same machine in the same minutes.
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
  const app = process.env.BENCH_APP ?? 'api';
  const started = [];
  try {
    const gateways = [{ name: 'gateway', gateway: await startGateway({ app, env }) }];
    started.push(gateways[0].gateway);
    if (process.env.BENCH_BASELINE_ROOT) {
      const baselineEnv = {};
      if (process.env.BENCH_BASELINE_DATABASE_URL) baselineEnv.DATABASE_URL = process.env.BENCH_BASELINE_DATABASE_URL;
      if (process.env.BENCH_BASELINE_REDIS_URL) baselineEnv.REDIS_URL = process.env.BENCH_BASELINE_REDIS_URL;
      const baseline = await startGateway({ app, env: baselineEnv, root: process.env.BENCH_BASELINE_ROOT });
      started.push(baseline);
      gateways.push({ name: 'baseline', gateway: baseline });
    }
    let bytes;
    for (const target of gateways) {
      const { apiKey } = await createTeam(target.gateway.base);
      target.headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
      const sample = await fetch(`${target.gateway.base}/api/v1/rates`, { method: 'POST', headers: target.headers, body: BODY });
      const answer = Buffer.from(await sample.arrayBuffer());
      if (sample.status !== 200) throw new Error(`POST /rates answered ${sample.status}: ${answer}`);
      bytes ??= answer;
    }
    const bare = await startBareServer(bytes);
    try {
      const opts = { method: 'POST', body: BODY, duration };
      for (const target of gateways)
        await run({ ...opts, headers: target.headers, url: `${target.gateway.base}/api/v1/rates`, duration: 2 }); // warm-up
      const loadBefore = loadAverage();
      // CPU per request of each process, read from /proc: robust where req/s depends on the neighbours.
      const cpu = (pid) => ({ api: cpuMicros(pid), postgres: cpuMicrosOf('postgres'), redis: cpuMicrosOf('redis-server') });
      for (const target of gateways) {
        target.spent = { api: 0, postgres: 0, redis: 0 };
        target.rounds = [];
      }
      // The gateway(s) and the bare server take turns in short rounds, so that a change in the
      // machine's speed during the run (a shared host's) falls on all of them and not on the ratio.
      const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
      const slice = Math.max(1, Math.round(duration / rounds));
      const bareRounds = [];
      for (let round = 0; round < rounds; round++) {
        for (const target of gateways) {
          const before = cpu(target.gateway.pid);
          target.rounds.push(await run({ ...opts, headers: target.headers, duration: slice, url: `${target.gateway.base}/api/v1/rates` }));
          const after = cpu(target.gateway.pid);
          for (const name of Object.keys(target.spent)) target.spent[name] += after[name] - before[name];
        }
        bareRounds.push(await run({ ...opts, headers: gateways[0].headers, duration: slice, url: bare.base }));
      }
      const b = overall('bare node:http, same bytes', bareRounds);
      const report = (target) => {
        const g = overall(`${target.name} POST /api/v1/rates`, target.rounds);
        const requests = target.rounds.reduce((sum, r) => sum + r.requests.total, 0);
        return {
          gateway: g,
          ratio: +(g.requests_per_sec / b.requests_per_sec).toFixed(3),
          ratio_per_round: target.rounds.map((r, i) => +(r.requests.average / bareRounds[i].requests.average).toFixed(3)),
          requests_per_sec_per_round: target.rounds.map((r) => Math.round(r.requests.average)),
          cpu_us_per_request: Object.fromEntries(
            Object.keys(target.spent).map((name) => [name, Math.round(target.spent[name] / requests)]),
          ),
        };
      };
      const [current, baseline] = gateways.map(report);
      console.log(
        JSON.stringify(
          {
            mode: env.DATABASE_URL ? 'postgres+redis' : 'embedded',
            gateway: current.gateway,
            bare: b,
            ratio: current.ratio,
            ratio_per_round: current.ratio_per_round,
            requests_per_sec_per_round: current.requests_per_sec_per_round,
            bare_requests_per_sec_per_round: bareRounds.map((r) => Math.round(r.requests.average)),
            cpu_us_per_request: current.cpu_us_per_request,
            ...(baseline ? { baseline: { root: process.env.BENCH_BASELINE_ROOT, ...baseline } } : {}),
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
    for (const gateway of started) await gateway.stop();
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
