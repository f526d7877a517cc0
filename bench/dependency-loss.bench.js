'use strict';
/**
 * Redis lost under load (docs/adr/0028-dependency-loss.md): how fast the api answers 503
 * E_SERVICE_UNAVAILABLE on POST /rates, what the reads that do not need Redis still deliver
 * (rate limits counted in memory meanwhile), and how soon rating is back once Redis returns.
 * A private redis-server on a free port is killed and restarted; the database is BENCH_DATABASE_URL.
 * Usage: npm run build && BENCH_DATABASE_URL=postgres://… node bench/dependency-loss.bench.js
 */
const { spawn, execFileSync } = require('node:child_process');
const { startGateway, createTeam, run, summary, freePort, RATES_BODY } = require('./support/harness');

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

function startRedis(port) {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    detached: true,
    stdio: 'ignore',
  });
  for (let i = 0; i < 100; i++) {
    try {
      if (
        execFileSync('redis-cli', ['-p', String(port), 'PING'])
          .toString()
          .trim() === 'PONG'
      )
        return child;
    } catch {
      /* not up yet */
    }
    execFileSync('sleep', ['0.1']);
  }
  throw new Error('redis-server did not start');
}

function stopRedis(child) {
  return new Promise((res) => {
    child.once('exit', res);
    process.kill(-child.pid, 'SIGKILL');
  });
}

function statuses(result) {
  return Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]));
}

async function main() {
  if (!process.env.BENCH_DATABASE_URL) throw new Error('BENCH_DATABASE_URL is required (production mode)');
  const redisPort = await freePort();
  let redis = startRedis(redisPort);
  const gateway = await startGateway({
    app: 'all-in-one',
    env: {
      DATABASE_URL: process.env.BENCH_DATABASE_URL,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      QUEUE_PREFIX: `lgw-bench-${redisPort}`,
    },
  });
  try {
    const { apiKey } = await createTeam(gateway.base);
    const auth = { authorization: `Bearer ${apiKey}` };
    const json = { ...auth, 'content-type': 'application/json' };
    const rates = await (await fetch(`${gateway.base}/api/v1/rates`, { method: 'POST', headers: json, body: RATES_BODY })).json();
    const shipment = await (
      await fetch(`${gateway.base}/api/v1/shipments`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ ...JSON.parse(RATES_BODY), quote_id: rates.quotes[0].quote_id }),
      })
    ).json();
    const ratesRun = { url: `${gateway.base}/api/v1/rates`, method: 'POST', headers: json, body: RATES_BODY, connections: CONNECTIONS };
    const readRun = { url: `${gateway.base}/api/v1/shipments/${shipment.id}`, headers: auth, connections: CONNECTIONS };

    await run({ ...ratesRun, duration: 2 });
    const ratesUp = await run({ ...ratesRun, duration: SECONDS });
    const readUp = await run({ ...readRun, duration: SECONDS });

    await stopRedis(redis);
    const ratesDown = await run({ ...ratesRun, duration: SECONDS });
    const readDown = await run({ ...readRun, duration: SECONDS });

    const restartedAt = Date.now();
    redis = startRedis(redisPort);
    let backAfterMs;
    for (;;) {
      const res = await fetch(`${gateway.base}/api/v1/rates`, { method: 'POST', headers: json, body: RATES_BODY });
      if (res.status === 200) {
        backAfterMs = Date.now() - restartedAt;
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    const out = {
      connections: CONNECTIONS,
      seconds: SECONDS,
      'POST /rates, Redis up': { ...summary('rates', ratesUp), statuses: statuses(ratesUp) },
      'POST /rates, Redis down': { ...summary('rates', ratesDown), statuses: statuses(ratesDown) },
      'GET /shipments/{id}, Redis up': { ...summary('read', readUp), statuses: statuses(readUp) },
      'GET /shipments/{id}, Redis down': { ...summary('read', readDown), statuses: statuses(readDown) },
      rating_back_after_restart_ms: backAfterMs,
    };
    console.log(JSON.stringify(out, null, 2));
  } finally {
    await gateway.stop();
    await stopRedis(redis).catch(() => undefined);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
