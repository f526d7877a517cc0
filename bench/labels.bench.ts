/**
 * Label render benchmark (docs/performance.md: warm-browser median < 60 ms, memory flat over 1,000 labels).
 *
 *   node --expose-gc -r ./bench/support/register.js bench/labels.bench.ts
 *
 * Env: LABELS_BENCH_COUNT (1000), LABELS_BENCH_WARMUP (200), LABELS_BENCH_CONCURRENCY (1, renders
 * in flight at once), LABELS_BENCH_PAGES (2), LABELS_BENCH_MAX_RENDERS (500, renders per browser).
 * Latency is measured per render from the caller's side, template and barcodes included.
 *
 * The warm-up is long on purpose: V8 grows its young generation over the first ~200 renders
 * (heap total 31 -> 50 MB while live heap stays at 14 MB), and RSS measured before that point
 * shows the heap settling, not a leak. With --expose-gc the live heap is reported as well.
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import type { LabelData } from '@lgw/shipping';
import { benchLabel } from './support/bench-label';
import { ChromiumBrowserPool, PuppeteerLabelRenderer } from '@lgw/labels';
import { intEnv } from './support/bench-env';

const COUNT = intEnv('LABELS_BENCH_COUNT', 1000);
const WARMUP = intEnv('LABELS_BENCH_WARMUP', 200);
const CONCURRENCY = intEnv('LABELS_BENCH_CONCURRENCY', 1);
const PAGES = intEnv('LABELS_BENCH_PAGES', 2);
const MAX_RENDERS = intEnv('LABELS_BENCH_MAX_RENDERS', 500);

const labelFor = (i: number): LabelData => benchLabel(i, 4, true);

/**
 * Proportional set size of a process and its descendants (browser, GPU/utility and renderer
 * processes). PSS splits shared pages between processes, so unlike summed RSS it does not count
 * Chromium's shared libraries once per process.
 */
function treePssMb(rootPid: number | undefined): number {
  if (rootPid === undefined) return 0;
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the parenthesised command name start with state, then ppid.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process exited while we were reading.
    }
  }
  let totalKb = 0;
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop()!;
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      totalKb += Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0);
    } catch {
      // Exited, or not ours to read.
    }
    stack.push(...(children.get(pid) ?? []));
  }
  return totalKb / 1024;
}

const gc = (globalThis as { gc?: () => void }).gc;

/** Live heap after a full collection, when node runs with --expose-gc. */
function liveHeapMb(): number | undefined {
  if (!gc) return undefined;
  gc();
  return mb(process.memoryUsage().heapUsed);
}

const mb = (bytes: number) => bytes / 1024 / 1024;
const fmt = (n: number, digits = 1) => n.toFixed(digits);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function runBatch(
  renderer: PuppeteerLabelRenderer,
  from: number,
  count: number,
  times?: number[],
  onProgress?: (done: number) => void,
) {
  let next = from;
  let done = 0;
  const end = from + count;
  const worker = async () => {
    while (next < end) {
      const data = labelFor(next++);
      const started = performance.now();
      const pdf = await renderer.render(data);
      times?.push(performance.now() - started);
      if (pdf.length < 1000) throw new Error('suspiciously small PDF');
      onProgress?.(++done);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

async function main(): Promise<void> {
  const pool = new ChromiumBrowserPool({ pageCount: PAGES, maxRendersPerBrowser: MAX_RENDERS });
  const renderer = new PuppeteerLabelRenderer(pool);
  try {
    const coldStart = performance.now();
    await renderer.render(labelFor(0));
    const coldMs = performance.now() - coldStart;
    await runBatch(renderer, 1, WARMUP);

    const rssBefore = mb(process.memoryUsage().rss);
    const heapBefore = liveHeapMb();
    const chromiumBefore = treePssMb(pool.stats().browserPid);
    const launchesBefore = pool.stats().launches;
    const rssSamples: number[] = [Number(fmt(rssBefore))];
    const chromiumSamples: number[] = [Number(fmt(chromiumBefore))];
    const sampleEvery = Math.max(1, Math.floor(COUNT / 4));

    const times: number[] = [];
    const started = performance.now();
    await runBatch(renderer, 1 + WARMUP, COUNT, times, (done) => {
      if (done % sampleEvery !== 0) return;
      rssSamples.push(Number(fmt(mb(process.memoryUsage().rss))));
      chromiumSamples.push(Number(fmt(treePssMb(pool.stats().browserPid))));
    });
    const elapsedS = (performance.now() - started) / 1000;

    const rssAfter = mb(process.memoryUsage().rss);
    const heapAfter = liveHeapMb();
    const chromiumAfter = treePssMb(pool.stats().browserPid);
    times.sort((a, b) => a - b);
    const [load1] = os.loadavg();

    const result = {
      date: new Date().toISOString(),
      machine: `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'unknown cpu'}, ${fmt(mb(os.totalmem()) / 1024)} GB`,
      node: process.version,
      count: COUNT,
      concurrency: CONCURRENCY,
      pages: PAGES,
      maxRendersPerBrowser: MAX_RENDERS,
      coldFirstRenderMs: Math.round(coldMs),
      rendersPerSecond: Number(fmt(COUNT / elapsedS)),
      medianMs: Number(fmt(percentile(times, 50))),
      p95Ms: Number(fmt(percentile(times, 95))),
      p99Ms: Number(fmt(percentile(times, 99))),
      maxMs: Number(fmt(times[times.length - 1])),
      nodeRssMb: { before: Number(fmt(rssBefore)), after: Number(fmt(rssAfter)) },
      nodeRssGrowthPct: Number(fmt(((rssAfter - rssBefore) / rssBefore) * 100)),
      nodeRssSamplesMb: rssSamples,
      nodeLiveHeapMb: heapBefore === undefined ? null : { before: Number(fmt(heapBefore)), after: Number(fmt(heapAfter!)) },
      chromiumPssMb: { before: Number(fmt(chromiumBefore)), after: Number(fmt(chromiumAfter)) },
      chromiumPssSamplesMb: chromiumSamples,
      loadAverage1m: Number(fmt(load1, 2)),
      browserLaunchesDuringRun: pool.stats().launches - launchesBefore,
    };
    console.log(
      [
        `labels: ${COUNT} renders, concurrency ${CONCURRENCY}, ${PAGES} pages, restart every ${MAX_RENDERS}`,
        `  ${result.rendersPerSecond} renders/s  median ${result.medianMs} ms  p95 ${result.p95Ms} ms  ` +
          `p99 ${result.p99Ms} ms  max ${result.maxMs} ms  (cold first render ${result.coldFirstRenderMs} ms)`,
        `  node RSS ${result.nodeRssMb.before} -> ${result.nodeRssMb.after} MB (${result.nodeRssGrowthPct}%), ` +
          `samples ${rssSamples.join(' / ')}` +
          (result.nodeLiveHeapMb
            ? `  live heap ${result.nodeLiveHeapMb.before} -> ${result.nodeLiveHeapMb.after} MB`
            : '  (run node with --expose-gc for live heap)'),
        `  chromium PSS ${result.chromiumPssMb.before} -> ${result.chromiumPssMb.after} MB, ` +
          `samples ${chromiumSamples.join(' / ')}  ` +
          `browser restarts ${result.browserLaunchesDuringRun}  load average ${result.loadAverage1m}`,
      ].join('\n'),
    );
    console.log(JSON.stringify(result));
  } finally {
    await pool.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
