'use strict';
/**
 * Data readiness at catalogue scale: 100,000 SKUs loaded with 10 calls of PUT
 * /catalogue/products (10,000 each), then POST /data-readiness. Reports the time of each load
 * call, the scoring call's time, and the gateway's resident memory: peak during each scoring
 * call (the peak is reset just before it), both in the process that took the 10 loads (its
 * heap still holds what parsing 18 MB of JSON left behind) and in a fresh process on the same
 * data, which only scores.
 * Usage: npm run build && node bench/readiness.bench.js  (BENCH_DATABASE_URL / BENCH_REDIS_URL for production mode)
 */
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { startGateway, createTeam } = require('./support/harness');
const { peakRssMb, resetPeakRss, rssMb } = require('./support/process-memory');

const SKUS = Number(process.env.BENCH_SKUS ?? 100_000);
const PER_CALL = 10_000;
const COUNTRIES = ['SA', 'CN', 'AE', 'DE', 'US', 'TR', 'IN'];

/**
 * A realistic catalogue: most products complete, one in ten without an HS code, one in twenty
 * without dimensions, one in fifty with an implausible weight, one in a hundred with a
 * malformed origin. The report then carries a few tens of thousands of issues.
 */
function product(i) {
  const p = {
    sku: `SKU-${String(i).padStart(7, '0')}`,
    name_en: `Product ${i}`,
    name_ar: `منتج ${i}`,
    hs_code: String(610000 + (i % 9000)),
    weight_kg: 0.1 + (i % 400) / 10,
    length_cm: 10 + (i % 90),
    width_cm: 10 + (i % 50),
    height_cm: 5 + (i % 40),
    origin_country: COUNTRIES[i % COUNTRIES.length],
    value_sar: 10 + (i % 5000) / 4,
  };
  if (i % 10 === 3) p.hs_code = null;
  if (i % 20 === 7) p.height_cm = null;
  if (i % 50 === 11) p.weight_kg = 750;
  if (i % 100 === 13) p.origin_country = 'XX';
  return p;
}

async function score(gateway, authorization, runs) {
  const results = [];
  for (let run = 0; run < runs; run++) {
    resetPeakRss(gateway.pid);
    const before = rssMb(gateway.pid);
    const started = performance.now();
    const res = await fetch(`${gateway.base}/api/v1/data-readiness`, { method: 'POST', headers: { authorization } });
    const text = await res.text();
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`data-readiness answered ${res.status}: ${text.slice(0, 300)}`);
    const report = JSON.parse(text);
    results.push({
      ms: Math.round(ms),
      rss_before_mb: before,
      peak_rss_mb: peakRssMb(gateway.pid),
      response_mb: +(text.length / 1048576).toFixed(2),
      score: report.score,
      total_skus: report.total_skus,
      issues: report.issues.length,
      summary: report.summary,
    });
  }
  return results;
}

async function main() {
  // The same data directory (embedded) or database (production) for both processes.
  const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'lgw-bench-readiness-')) };
  if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  if (process.env.BENCH_REDIS_URL) env.REDIS_URL = process.env.BENCH_REDIS_URL;
  const loader = await startGateway({ app: 'all-in-one', env });
  let authorization;
  const loads = [];
  let afterLoad;
  const rssAtStartMb = rssMb(loader.pid);
  try {
    const { apiKey } = await createTeam(loader.base);
    authorization = `Bearer ${apiKey}`;
    const headers = { authorization, 'content-type': 'application/json' };
    for (let from = 0; from < SKUS; from += PER_CALL) {
      const products = Array.from({ length: Math.min(PER_CALL, SKUS - from) }, (_, k) => product(from + k));
      const body = JSON.stringify({ products });
      const started = performance.now();
      const res = await fetch(`${loader.base}/api/v1/catalogue/products`, { method: 'PUT', headers, body });
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`upsert answered ${res.status}: ${await res.text()}`);
      loads.push({ ms: Math.round(ms), body_mb: +(body.length / 1048576).toFixed(2), ...(await res.json()) });
    }
    afterLoad = { rss_after_load_mb: rssMb(loader.pid), scoring: await score(loader, authorization, 1) };
  } finally {
    await loader.stop();
  }
  const scorer = await startGateway({ app: 'all-in-one', env });
  try {
    const rssFreshMb = rssMb(scorer.pid);
    const fresh = await score(scorer, authorization, 3);
    console.log(
      JSON.stringify(
        {
          mode: [env.DATABASE_URL ? 'postgres' : 'embedded', env.REDIS_URL ? 'redis' : 'in-process jobs'].join(', '),
          skus: SKUS,
          load_calls_ms: loads.map((l) => l.ms),
          load_total_ms: loads.reduce((n, l) => n + l.ms, 0),
          load_body_mb: loads[0].body_mb,
          loads_created: loads.reduce((n, l) => n + l.created, 0),
          loading_process: { rss_at_start_mb: rssAtStartMb, ...afterLoad },
          fresh_process: { rss_at_start_mb: rssFreshMb, scoring: fresh },
        },
        null,
        2,
      ),
    );
  } finally {
    await scorer.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
