'use strict';
/**
 * Fulfilment batches: generated valid files of 10,000, 50,000 and 100,000 rows (about 3.3 rows
 * per order), each uploaded to a fresh gateway; time from the start of the upload to COMPLETED,
 * and the resident memory of the process that processes the batch, sampled every 100 ms (the
 * curve) and its peak (VmHWM); the CPU seconds the worker and the browser it draws labels with
 * spent from the upload to COMPLETED (a batch's pages have their labels drawn as they complete).
 *   production (default): api and worker as separate processes (dist/apps/api, dist/apps/worker),
 *     PostgreSQL (a scratch database on BENCH_POSTGRES_URL) and a private Redis on port 7790;
 *     memory is the worker's.
 *   BENCH_MODE=embedded: one all-in-one process (PGlite, in-process jobs); memory is that process's.
 * Usage: npm run bench:batches  (BENCH_ROWS=10000,50000 to choose sizes)
 */
const { join } = require('node:path');
const { createTeam, cpuMicros, cpuMicrosOf, ROOT } = require('./support/harness');
const { startStack } = require('./support/stack');
const { rssMb, peakRssMb } = require('./support/process-memory');

const MODE = process.env.BENCH_MODE ?? 'production';
const SIZES = (process.env.BENCH_ROWS ?? '10000,50000,100000').split(',').map(Number);
const REDIS_PORT = Number(process.env.BENCH_REDIS_PORT ?? 7790);
const { BATCH_CSV_COLUMNS } = require(join(ROOT, 'dist/libs/fulfilment/src'));
const WORKER_NODE_FLAGS = '--max-old-space-size=192 --max-semi-space-size=8';

const NAMES = [
  ['محمد عبدالله', 'Mohammed Abdullah'],
  ['نورة السبيعي', 'Noura Alsubaie'],
  ['عبدالرحمن القحطاني', 'Abdulrahman Alqahtani'],
];

/** `rows` valid rows, orders of 2 to 5 adjacent rows (about 30,000 orders per 100,000 rows). */
function generateFile(rows) {
  const lines = [BATCH_CSV_COLUMNS.join(',')];
  let order = 0;
  let left = 0;
  for (let i = 0; i < rows; i += 1) {
    if (left === 0) {
      order += 1;
      left = 2 + (order % 4);
    }
    left -= 1;
    const [ar, latin] = NAMES[order % NAMES.length];
    const phone = `9665${String(10_000_000 + order).padStart(8, '0')}`;
    lines.push(`ORD-${order},${ar},${latin},${phone},Riyadh,Al Olaya,RRRD2929,SKU-${i % 97},${1 + (i % 3)},${order % 2 ? '25.50' : ''},`);
  }
  return { csv: Buffer.from(`${lines.join('\n')}\n`), orders: order };
}

async function runOnce(rows) {
  const { csv, orders } = generateFile(rows);
  const stack = await startStack(MODE, { workerNodeFlags: WORKER_NODE_FLAGS, redisPort: REDIS_PORT });
  try {
    const { apiKey } = await createTeam(stack.api);
    // Let the worker finish booting (migrations, first recurring ticks) before the clock starts.
    await new Promise((r) => setTimeout(r, 3000));
    const idle = rssMb(stack.workerPid);
    const curve = [];
    const sampler = setInterval(() => {
      try {
        curve.push(rssMb(stack.workerPid));
      } catch {
        /* process gone */
      }
    }, 100);
    const workerCpu0 = cpuMicros(stack.workerPid);
    const browserCpu0 = cpuMicrosOf('chromium');
    const started = Date.now();
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), `orders-${rows}.csv`);
    const headers = { authorization: `Bearer ${apiKey}` };
    const res = await fetch(`${stack.api}/api/v1/fulfilment/batches`, { method: 'POST', headers, body: form });
    const accepted = await res.json();
    if (res.status !== 202) throw new Error(`upload refused: ${res.status} ${JSON.stringify(accepted)}`);
    const uploadMs = Date.now() - started;
    let batch;
    const phases = {};
    for (;;) {
      batch = await (await fetch(`${stack.api}/api/v1/fulfilment/batches/${accepted.id}`, { headers })).json();
      if (batch.status !== 'PROCESSING') break;
      phases[batch.phase] ??= +((Date.now() - started) / 1000).toFixed(1);
      if (Date.now() - started > 600_000) throw new Error('batch did not finish in 10 minutes');
      await new Promise((r) => setTimeout(r, 100));
    }
    const totalMs = Date.now() - started;
    const workerCpuS = +((cpuMicros(stack.workerPid) - workerCpu0) / 1e6).toFixed(1);
    const browserCpuS = +((cpuMicrosOf('chromium') - browserCpu0) / 1e6).toFixed(1);
    clearInterval(sampler);
    const completedS = totalMs / 1000;
    if (batch.status !== 'COMPLETED' || batch.accepted_count !== rows)
      throw new Error(`batch ended ${batch.status} ${batch.accepted_count}`);
    return {
      rows,
      orders,
      file_mb: +(csv.length / 1024 / 1024).toFixed(1),
      upload_ms: uploadMs,
      upload_to_completed_s: +(totalMs / 1000).toFixed(1),
      rows_per_s: Math.round(rows / (totalMs / 1000)),
      worker_cpu_s: workerCpuS,
      browser_cpu_s: browserCpuS,
      phase_first_seen_s: phases,
      phase_s: phaseDurations(phases, completedS),
      idle_rss_mb: idle,
      peak_rss_mb: peakRssMb(stack.workerPid),
      rss_curve_mb: sampleCurve(curve, 10),
    };
  } finally {
    await stack.stop();
  }
}

/**
 * Seconds spent in each phase as the poller saw them (from one phase's first sighting to the
 * next's): upload and queue wait, validation (the single read of the file and saving the
 * orders), booking (order files to the carrier and the writes of their answers), result file.
 */
function phaseDurations(firstSeen, completedS) {
  const marks = [
    ['upload_and_queue', 0],
    ['validation', firstSeen.validating],
    ['booking', firstSeen.booking],
    ['result_file', firstSeen.writing_result],
  ].filter(([, at]) => at !== undefined);
  const out = {};
  marks.forEach(([name, at], i) => {
    const end = i + 1 < marks.length ? marks[i + 1][1] : completedS;
    out[name] = +(end - at).toFixed(1);
  });
  return out;
}

/** `points` evenly spaced samples of the curve, for the table. */
function sampleCurve(curve, points) {
  if (curve.length <= points) return curve;
  return Array.from({ length: points }, (_, i) => curve[Math.round((i * (curve.length - 1)) / (points - 1))]);
}

async function main() {
  const results = [];
  for (const rows of SIZES) {
    const result = await runOnce(rows);
    results.push(result);
    process.stdout.write(`${JSON.stringify({ mode: MODE, ...result })}\n`);
  }
  process.stdout.write(
    `\n| rows | orders | file MB | upload ms | upload → COMPLETED s | validation s | booking s | result file s | rows/s | worker CPU s | browser CPU s | idle RSS MB | peak RSS MB | RSS curve MB (10 samples) |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n`,
  );
  for (const r of results) {
    process.stdout.write(
      `| ${r.rows} | ${r.orders} | ${r.file_mb} | ${r.upload_ms} | ${r.upload_to_completed_s} | ${r.phase_s.validation ?? '–'} | ${r.phase_s.booking ?? '–'} | ${r.phase_s.result_file ?? '–'} | ${r.rows_per_s} | ${r.worker_cpu_s} | ${r.browser_cpu_s} | ${r.idle_rss_mb} | ${r.peak_rss_mb} | ${r.rss_curve_mb.join(' → ')} |\n`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
