'use strict';
/**
 * Warehouse printing, on one all-in-one gateway (PGlite, in-process jobs, Chromium):
 *  1. GET /labels/{id}?format=zpl of already-rendered labels, one request at a time:
 *     p50/p99 (target p99 < 20 ms: no browser on this path, the ZPL is stored with the label);
 *  2. POST /labels/merge of BENCH_LABELS (500) already-rendered labels as one PDF: time and the
 *     gateway's peak resident memory during the request (targets < 3 s, < 300 MB);
 *  3. GET /fulfilment/batches/{id}/labels for a batch of BENCH_BATCH_ORDERS (10,000) orders in
 *     pages of BENCH_PAGE (1,000): total time, and resident memory after each page (flat).
 * Usage: npm run build && node bench/printing.bench.js
 *   tiny check: BENCH_LABELS=3 BENCH_ZPL_REQUESTS=20 BENCH_BATCH_ORDERS=4 BENCH_PAGE=2 node bench/printing.bench.js
 *   BENCH_PORT / BENCH_SANDBOX_PORT pin the gateway's ports; BENCH_DATABASE_URL runs it on PostgreSQL
 *   (the process's memory without the embedded database's); BENCH_BATCH_ORDERS=0 skips part 3.
 * Tracking sync runs with the deployment's intervals (the TRACKING_* values of
 * deploy/base/configmap.yaml): with the sandbox's one-second defaults, every new shipment of the
 * batch is asked about every two seconds, and those polls' writes took more of PostgreSQL than
 * the labels did. BENCH_TRACKING=sandbox keeps the defaults.
 */
const { startGateway, createTeam, bookOne, nearestRank, ROOT } = require('./support/harness');
const { rssMb, peakRssMb, resetPeakRss } = require('./support/process-memory');
const { join } = require('node:path');
const { readFileSync } = require('node:fs');
const yaml = require('js-yaml');

/** The deployment's tracking-sync settings, as its ConfigMap sets them. */
function deployedTrackingEnv() {
  const { data } = yaml.load(readFileSync(join(ROOT, 'deploy/base/configmap.yaml'), 'utf8'));
  return Object.fromEntries(Object.entries(data).filter(([name]) => name.startsWith('TRACKING_')));
}

const LABELS = Number(process.env.BENCH_LABELS ?? 500);
const ZPL_REQUESTS = Number(process.env.BENCH_ZPL_REQUESTS ?? 2000);
const BATCH_ORDERS = Number(process.env.BENCH_BATCH_ORDERS ?? 10_000);
const PAGE = Number(process.env.BENCH_PAGE ?? 1000);
const { BATCH_CSV_COLUMNS } = require(join(ROOT, 'dist/libs/fulfilment/src'));

const ms = (v) => +v.toFixed(2);

async function get(url, apiKey) {
  const res = await fetch(url, { headers: { authorization: `Bearer ${apiKey}` } });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${body.toString().slice(0, 200)}`);
  return body;
}

function batchFile(orders) {
  const lines = [BATCH_CSV_COLUMNS.join(',')];
  for (let i = 1; i <= orders; i += 1) {
    const row = {
      order_ref: `ORD-${String(i).padStart(6, '0')}`,
      recipient_name_ar: 'محمد عبدالله',
      recipient_name_latin: 'Mohammed Abdullah',
      phone: `9665${String(10_000_000 + i).padStart(8, '0')}`,
      city: 'Riyadh',
      district: 'Al Olaya',
      short_address: 'RRRD2929',
      sku: `SKU-${i % 50}`,
      qty: '1',
      cod_amount_sar: i % 2 === 0 ? '25.50' : '',
      notes: '',
    };
    lines.push(BATCH_CSV_COLUMNS.map((c) => row[c] ?? '').join(','));
  }
  return `${lines.join('\n')}\n`;
}

async function main() {
  const gateway = await startGateway({
    app: 'all-in-one',
    port: process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined,
    sandboxPort: process.env.BENCH_SANDBOX_PORT ? Number(process.env.BENCH_SANDBOX_PORT) : undefined,
    env: {
      ...(process.env.BENCH_TRACKING === 'sandbox' ? {} : deployedTrackingEnv()),
      ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    },
  });
  const result = {};
  try {
    const { apiKey } = await createTeam(gateway.base);
    // Set-up: labels rendered and stored (the ZPL with them), as after the label jobs ran.
    const ids = [];
    for (let i = 0; i < LABELS; i += 1) ids.push((await bookOne(gateway.base, apiKey)).id);
    for (const id of ids) await get(`${gateway.base}/api/v1/labels/${id}?format=zpl`, apiKey);

    // 1. ZPL label reads.
    const times = [];
    for (let i = 0; i < ZPL_REQUESTS; i += 1) {
      const started = performance.now();
      await get(`${gateway.base}/api/v1/labels/${ids[i % ids.length]}?format=zpl`, apiKey);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    result.zpl = { requests: ZPL_REQUESTS, p50_ms: ms(nearestRank(times, 0.5)), p99_ms: ms(nearestRank(times, 0.99)) };

    // 2. One merged PDF of every label.
    resetPeakRss(gateway.pid);
    const rssBefore = rssMb(gateway.pid);
    let started = performance.now();
    const res = await fetch(`${gateway.base}/api/v1/labels/merge`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ shipment_ids: ids }),
    });
    const pdf = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) throw new Error(`merge: ${res.status} ${pdf.toString().slice(0, 200)}`);
    result.merge_pdf = {
      labels: LABELS,
      seconds: +((performance.now() - started) / 1000).toFixed(3),
      bytes: pdf.length,
      rss_before_mb: rssBefore,
      peak_rss_mb: peakRssMb(gateway.pid),
    };

    // 3. A batch's labels in pages (rendered on the way: batch labels are not rendered by a job).
    if (BATCH_ORDERS === 0) return;
    const form = new FormData();
    form.append('file', new Blob([batchFile(BATCH_ORDERS)], { type: 'text/csv' }), 'orders.csv');
    const submitted = await fetch(`${gateway.base}/api/v1/fulfilment/batches`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}` },
      body: form,
    });
    const batch = await submitted.json();
    if (submitted.status !== 202) throw new Error(`batch: ${submitted.status} ${JSON.stringify(batch)}`);
    for (;;) {
      const state = JSON.parse((await get(`${gateway.base}/api/v1/fulfilment/batches/${batch.id}`, apiKey)).toString());
      if (state.status === 'COMPLETED') break;
      if (state.status !== 'PROCESSING') throw new Error(`batch ended ${state.status}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const pages = [];
    started = performance.now();
    for (let offset = 0; offset < BATCH_ORDERS; offset += PAGE) {
      const pageStarted = performance.now();
      const body = await get(`${gateway.base}/api/v1/fulfilment/batches/${batch.id}/labels?offset=${offset}&limit=${PAGE}`, apiKey);
      pages.push({
        offset,
        seconds: +((performance.now() - pageStarted) / 1000).toFixed(3),
        bytes: body.length,
        rss_mb: rssMb(gateway.pid),
      });
    }
    result.batch_labels = { orders: BATCH_ORDERS, page: PAGE, total_seconds: +((performance.now() - started) / 1000).toFixed(3), pages };
  } finally {
    await gateway.stop();
    console.log(JSON.stringify(result, null, 2));
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
