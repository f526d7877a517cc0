'use strict';
/**
 * POST /rates throughput next to a bare node:http server returning the same bytes.
 * Usage: npm run build && node bench/rates.bench.js
 * Production mode (PostgreSQL + Redis) when BENCH_DATABASE_URL / BENCH_REDIS_URL are set.
 */
const { startGateway, createTeam, startBareServer, run, summary } = require('./support/harness');

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
      const g = summary('gateway POST /api/v1/rates', await run({ ...opts, url: `${gateway.base}/api/v1/rates` }));
      const b = summary('bare node:http, same bytes', await run({ ...opts, url: bare.base }));
      console.log(
        JSON.stringify(
          {
            mode: env.DATABASE_URL ? 'postgres+redis' : 'embedded',
            gateway: g,
            bare: b,
            ratio: +(g.requests_per_sec / b.requests_per_sec).toFixed(3),
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

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
