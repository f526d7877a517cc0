'use strict';
/**
 * Reading endpoints (GET /carriers, GET /shipments/{id}, GET /labels/{id}) next to a bare
 * node:http server returning the same bytes, in the same run.
 * Usage: npm run build && node bench/reads.bench.js  (BENCH_DATABASE_URL / BENCH_REDIS_URL for production mode)
 */
const { startGateway, createTeam, startBareServer, run, summary, reportRows, RATES_BODY } = require('./support/harness');

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

async function compare(label, gatewayUrl, headers, duration) {
  const sample = await fetch(gatewayUrl, { headers });
  const bytes = Buffer.from(await sample.arrayBuffer());
  if (sample.status !== 200) throw new Error(`${label} answered ${sample.status}`);
  const bare = await startBareServer(bytes, sample.headers.get('content-type'));
  try {
    await run({ url: gatewayUrl, headers, duration: 2, connections: CONNECTIONS });
    const g = summary(label, await run({ url: gatewayUrl, headers, duration, connections: CONNECTIONS }));
    const b = summary('bare node:http, same bytes', await run({ url: bare.base, duration, connections: CONNECTIONS }));
    return { gateway: g, bare: b, ratio: +(g.requests_per_sec / b.requests_per_sec).toFixed(3), response_bytes: bytes.length };
  } finally {
    bare.stop();
  }
}

async function main() {
  const env = {};
  if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  if (process.env.BENCH_REDIS_URL) env.REDIS_URL = process.env.BENCH_REDIS_URL;
  const duration = Number(process.env.BENCH_SECONDS ?? 10);
  const gateway = await startGateway({ app: 'all-in-one', env });
  try {
    const { apiKey } = await createTeam(gateway.base);
    const auth = { authorization: `Bearer ${apiKey}` };
    const json = { ...auth, 'content-type': 'application/json' };
    const rates = await (await fetch(`${gateway.base}/api/v1/rates`, { method: 'POST', headers: json, body: RATES_BODY })).json();
    const quote = rates.quotes[0];
    const shipment = await (
      await fetch(`${gateway.base}/api/v1/shipments`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ ...JSON.parse(RATES_BODY), quote_id: quote.quote_id }),
      })
    ).json();
    // Let the worker render and store the label, so GET /labels serves stored bytes.
    for (let i = 0; i < 100; i++) {
      const s = await (await fetch(`${gateway.base}/api/v1/shipments/${shipment.id}`, { headers: auth })).json();
      if (s.status === 'LABEL_GENERATED') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const results = {
      carriers: await compare('GET /api/v1/carriers', `${gateway.base}/api/v1/carriers`, auth, duration),
      shipment: await compare('GET /api/v1/shipments/{id}', `${gateway.base}/api/v1/shipments/${shipment.id}`, auth, duration),
      label: await compare('GET /api/v1/labels/{id}', `${gateway.base}/api/v1/labels/${shipment.id}`, auth, duration),
    };
    const mode = env.DATABASE_URL ? 'postgres+redis' : 'embedded';
    console.log(JSON.stringify({ mode, connections: CONNECTIONS, ...results }, null, 2));
    const label = results.label;
    reportRows([
      {
        figure: `GET /labels/{id} (${mode}, ${CONNECTIONS} conn) p99 ms, ${label.gateway.requests_per_sec} req/s`,
        value: label.gateway.p99_ms,
        target: CONNECTIONS === 4 ? 'p99 < 10 ms at 4 connections' : '— (the target is at 4 connections)',
        baselines: `bytes-only ${label.bare.requests_per_sec} req/s, p99 ${label.bare.p99_ms} ms`,
        ratio: `${label.ratio} of bytes-only (req/s)`,
        met: CONNECTIONS === 4 ? label.gateway.p99_ms < 10 : null,
      },
    ]);
  } finally {
    await gateway.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
