'use strict';
/**
 * POST /shipments end to end: API → carrier sandbox (real HTTP, separate process) → database.
 * Quotes are made first (POST /rates), then autocannon books them, one quote per request.
 * Usage: npm run build && node bench/shipments.bench.js
 * Production mode (PostgreSQL + Redis) when BENCH_DATABASE_URL / BENCH_REDIS_URL are set.
 * Two kinds of load:
 *  - closed (default): BENCH_CONNECTIONS (16) clients, each sending its next booking when the last
 *    is answered: the most the stack can book, where every request waits behind the others;
 *  - paced (BENCH_RATE=500): bookings start at that rate, evenly spaced, whatever the answers'
 *    pace, over up to BENCH_CONNECTIONS sockets (default 64), each timed from when it was due
 *    (harness.js `paced`): the latency a sale day's traffic of that rate sees.
 * Beside req/s and p99: the CPU µs per booking of each process (the api, the carrier sandbox,
 * PostgreSQL's backends, Redis, the load generator), read from /proc, so a busy neighbour on the
 * machine changes the waits but not these.
 */
const os = require('node:os');
const {
  startGateway,
  startSandbox,
  createTeam,
  prepareQuotes,
  run,
  paced,
  summary,
  reportRows,
  cpuMicros,
  cpuMicrosOf,
  ADDRESSES,
} = require('./support/harness');

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function main() {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const rate = Number(process.env.BENCH_RATE ?? 0);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? (rate > 0 ? 64 : 16));
  const sandboxPort = 20000 + Math.floor(Math.random() * 20000);
  const sandbox = await startSandbox(sandboxPort);
  const env = { SANDBOX_PORT: String(sandboxPort) };
  if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  if (process.env.BENCH_REDIS_URL) env.REDIS_URL = process.env.BENCH_REDIS_URL;
  const gateway = await startGateway({ app: 'api', env }).catch((error) => {
    sandbox.stop();
    throw error;
  });
  try {
    const { apiKey } = await createTeam(gateway.base);
    const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
    const quoteIds = await prepareQuotes(gateway.base, headers, Number(process.env.BENCH_QUOTES ?? 1500) * seconds);
    let next = 0;
    console.log(`load average before: ${load()}`);
    const cpu = () => ({
      api: cpuMicros(gateway.pid),
      sandbox: cpuMicros(sandbox.pid),
      postgres: cpuMicrosOf('postgres'),
      redis: cpuMicrosOf('redis-server'),
      load_generator: cpuMicros(process.pid),
    });
    const cpuBefore = cpu();
    const nextBody = () => JSON.stringify({ ...ADDRESSES, quote_id: quoteIds[next++ % quoteIds.length] });
    const result =
      rate > 0
        ? await paced({ url: `${gateway.base}/api/v1/shipments`, rate, seconds, connections, headers, body: nextBody })
        : await run({
            url: `${gateway.base}/api/v1/shipments`,
            connections,
            duration: seconds,
            requests: [
              {
                method: 'POST',
                headers,
                setupRequest: (req) => ({ ...req, body: nextBody() }),
              },
            ],
          });
    const cpuAfter = cpu();
    const s = summary('gateway POST /api/v1/shipments', result);
    // Every booking the CPU was spent on (a paced run's warm-up included).
    const booked = Math.max(1, result.all2xx ?? result['2xx']);
    const cpuPerBooking = Object.fromEntries(Object.keys(cpuAfter).map((k) => [k, Math.round((cpuAfter[k] - cpuBefore[k]) / booked)]));
    console.log(`load average after: ${load()}`);
    console.log(
      JSON.stringify(
        {
          mode: env.DATABASE_URL ? 'postgres+redis' : 'embedded',
          load: rate > 0 ? `paced at ${rate}/s` : 'closed',
          connections,
          quotes_prepared: quoteIds.length,
          booked: result['2xx'],
          ...s,
          cpu_us_per_booking: cpuPerBooking,
        },
        null,
        2,
      ),
    );
    if (next > quoteIds.length) console.error('warning: quotes ran out; raise BENCH_QUOTES');
    const production = Boolean(env.DATABASE_URL);
    reportRows([
      {
        figure: `POST /shipments (${production ? 'postgres+redis' : 'embedded'}, ${rate > 0 ? `paced at ${rate}/s, ` : ''}${connections} conn) bookings/s, p99 ${s.p99_ms} ms`,
        value: s.requests_per_sec,
        target: production ? '≥ 500/s with p99 < 50 ms' : '≥ 300/s',
        baselines: '—',
        ratio: '—',
        // Paced, the rate offered must also be the rate booked (a stack that falls behind books less).
        met: production
          ? (rate > 0 ? rate >= 500 && s.requests_per_sec >= rate * 0.99 : s.requests_per_sec >= 500) && s.p99_ms < 50 && !s.non_2xx
          : s.requests_per_sec >= 300,
      },
    ]);
  } finally {
    await gateway.stop();
    sandbox.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
