'use strict';
/**
 * Cash on delivery: one carrier payout of BENCH_COD_LINES lines (default 50,000) against as many
 * delivered COD shipments of one team (seeded in the database), then GET /cod/summary.
 * Reports: time from publishing the payout in the sandbox to the reconciled remittance being
 * listed (the worker's import, polling included), the summary's latency percentiles over
 * BENCH_COD_SUMMARY_REQUESTS sequential requests (default 1,000) before the payout (all cash
 * awaiting payout: the worst case) and after it, and the worker's peak RSS (VmHWM).
 * Production stack only (api + worker processes, PostgreSQL, a private Redis): the shipments
 * are seeded with SQL, which the embedded database (inside the gateway process) does not allow.
 * Usage: npm run build && node bench/cod.bench.js   (BENCH_COD_LINES=100 for a quick check)
 */
const { join } = require('node:path');
const { Client } = require('pg');
const { createTeam, nearestRank, ROOT } = require('./support/harness');
const { startStack } = require('./support/stack');
const { peakRssMb, rssMb } = require('./support/process-memory');

const LINES = Number(process.env.BENCH_COD_LINES ?? 50_000);
const SUMMARY_REQUESTS = Number(process.env.BENCH_COD_SUMMARY_REQUESTS ?? 1_000);
const REDIS_PORT = Number(process.env.BENCH_REDIS_PORT ?? 7792);
/** The first carrier of the registry with a domestic level that collects cash. */
const { CARRIERS } = require(join(ROOT, 'dist/libs/carriers/src'));
const COD_CARRIER = CARRIERS.map((c) => c.descriptor)
  .map((d) => ({ code: d.code, level: d.service_levels.find((l) => l.cash_on_delivery && l.lanes.includes('domestic')) }))
  .find((c) => c.level);
const CARRIER = COD_CARRIER.code;
const COD_HALALAS = 12_345;

/** `count` delivered COD shipments of the team, collected in full, with tracking numbers BCOD<n>. */
async function seedShipments(databaseUrl, teamId, count) {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(
      `INSERT INTO shipments (id, team_id, quote_id, service_reference, carrier_code, service_code, tracking_number,
                              carrier_reference, status, lane, origin, destination, parcels, chargeable_kg,
                              cod_amount_halalas, quoted_total_halalas, estimated_delivery_at, created_at, updated_at,
                              cod_status, cod_collected_halalas, cod_collected_at)
       SELECT gen_random_uuid(), $1, NULL, 'LGW-BCOD-' || n, $2, $3, 'BCOD' || n, 'BCOD' || n, 'DELIVERED', 'domestic',
              '{"city":"Riyadh","country":"SA"}', '{"city":"Jeddah","country":"SA"}',
              '[{"weight_kg":1,"length_cm":10,"width_cm":10,"height_cm":10}]', 1.0, $4, 2000, now(), now(), now(),
              'COLLECTED', $4, now() - interval '1 day'
         FROM generate_series(1, $5) AS n`,
      [teamId, CARRIER, COD_CARRIER.level.code, COD_HALALAS, count],
    );
    await db.query('ANALYZE shipments');
  } finally {
    await db.end();
  }
}

/** BENCH_COD_SUMMARY_REQUESTS sequential GET /cod/summary, each answer checked; sorted latencies in ms. */
async function summaryLatencies(api, headers, expected) {
  const latencies = [];
  for (let i = 0; i < SUMMARY_REQUESTS; i++) {
    const t0 = process.hrtime.bigint();
    const res = await fetch(`${api}/api/v1/cod/summary`, { headers });
    const body = await res.json();
    latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (res.status !== 200 || !expected(body)) throw new Error(`summary: ${res.status} ${JSON.stringify(body)}`);
  }
  return latencies.sort((a, b) => a - b);
}

async function main() {
  const stack = await startStack('production', { redisPort: REDIS_PORT, env: { COD_REMITTANCE_POLL_INTERVAL_MS: '500' } });
  try {
    const { apiKey, teamId } = await createTeam(stack.api);
    await seedShipments(stack.databaseUrl, teamId, LINES);
    await new Promise((r) => setTimeout(r, 2000));
    const idle = rssMb(stack.workerPid);
    const headers = { authorization: `Bearer ${apiKey}` };

    // Before the payout every shipment is collected and awaiting payout: the summary's worst case.
    const before = await summaryLatencies(stack.api, headers, (body) => body.collected_sar === (LINES * COD_HALALAS) / 100);

    const items = Array.from({ length: LINES }, (_, i) => ({ tracking_number: `BCOD${i + 1}`, amount_sar: COD_HALALAS / 100 }));
    const started = Date.now();
    const published = await fetch(`${stack.sandboxUrl}/sandbox/v1/carriers/${CARRIER}/remittances`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ items, reference: `BENCH-${LINES}` }),
    });
    if (published.status !== 201) throw new Error(`the sandbox refused the payout: ${published.status} ${await published.text()}`);
    let remittance;
    for (;;) {
      const list = await (await fetch(`${stack.api}/api/v1/cod/remittances`, { headers })).json();
      remittance = list.remittances?.[0];
      if (remittance) break;
      if (Date.now() - started > 600_000) throw new Error('the payout was not imported in 10 minutes');
      await new Promise((r) => setTimeout(r, 50));
    }
    const importMs = Date.now() - started;
    if (remittance.item_count !== LINES || remittance.status !== 'RECONCILED') {
      throw new Error(`unexpected remittance: ${JSON.stringify(remittance)}`);
    }

    const latencies = await summaryLatencies(stack.api, headers, (body) => body.remitted_sar === (LINES * COD_HALALAS) / 100);
    const result = {
      lines: LINES,
      import_s: +(importMs / 1000).toFixed(2),
      summary_open_p50_ms: +nearestRank(before, 0.5).toFixed(1),
      summary_open_p99_ms: +nearestRank(before, 0.99).toFixed(1),
      summary_p50_ms: +nearestRank(latencies, 0.5).toFixed(1),
      summary_p99_ms: +nearestRank(latencies, 0.99).toFixed(1),
      worker_idle_rss_mb: idle,
      worker_peak_rss_mb: peakRssMb(stack.workerPid),
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
    process.stdout.write(
      `\n| payout lines | import s | summary p50/p99 ms, all awaiting payout | summary p50/p99 ms, after the payout | worker idle RSS MB | worker peak RSS MB |\n|---|---|---|---|---|---|\n` +
        `| ${result.lines} | ${result.import_s} | ${result.summary_open_p50_ms} / ${result.summary_open_p99_ms} | ${result.summary_p50_ms} / ${result.summary_p99_ms} | ${result.worker_idle_rss_mb} | ${result.worker_peak_rss_mb} |\n`,
    );
  } finally {
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
