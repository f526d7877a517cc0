/**
 * Labels in bulk (issue 44, docs/performance.md "Labels in bulk"): labels a second when each label
 * is its own browser print (the label job's path) against many labels per print split into one
 * PDF each (a batch's pages, `renderMany`), in the same run, on the same browser pool.
 *
 *   node -r ./bench/support/register.js bench/labels-bulk.bench.ts
 *
 * Env: LABELS_BULK_COUNT (1000 labels per variant), LABELS_BULK_CHUNKS (25,50,100: labels per
 * print), LABELS_BULK_PAGES (3: browser pages, i.e. prints in flight at once, the gateway's default on
 * two cores), LABELS_BULK_SINGLE=0 leaves out the one-print-per-label variant. Prints the load
 * average at the start and the end: figures count only from a quiet machine.
 */
import os from 'node:os';
import type { LabelData } from '@lgw/shipping';
import { benchLabel } from './support/bench-label';
import { ChromiumBrowserPool, PuppeteerLabelRenderer } from '@lgw/labels';

const COUNT = Number(process.env.LABELS_BULK_COUNT ?? 1000);
const CHUNKS = (process.env.LABELS_BULK_CHUNKS ?? '25,50,100').split(',').map(Number);
const PAGES = Number(process.env.LABELS_BULK_PAGES ?? 3);
const SINGLE = process.env.LABELS_BULK_SINGLE !== '0';

const labelFor = (i: number): LabelData => benchLabel(i, 5);

/** Runs `work` over `items` with `PAGES` in flight, as the pool serves them. */
async function inFlight<T>(items: readonly T[], work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: PAGES }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

async function main(): Promise<void> {
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  console.log(`labels-bulk: ${COUNT} labels per variant, ${PAGES} pages, load average ${load()}`);
  const pool = new ChromiumBrowserPool({ pageCount: PAGES, maxRendersPerBrowser: 1_000_000 });
  const renderer = new PuppeteerLabelRenderer(pool);
  const labels = Array.from({ length: COUNT }, (_, i) => labelFor(i));
  try {
    await renderer.renderMany(labels.slice(0, 20)); // browser launched and warm
    const rows: string[] = [];
    const measure = async (name: string, run: () => Promise<number>) => {
      const started = performance.now();
      const bytes = await run();
      const seconds = (performance.now() - started) / 1000;
      rows.push(`| ${name} | ${seconds.toFixed(1)} s | ${(COUNT / seconds).toFixed(1)} | ${(bytes / COUNT / 1024).toFixed(1)} KB |`);
      console.log(rows[rows.length - 1]);
    };
    if (SINGLE)
      await measure('one print per label', async () => {
        let bytes = 0;
        await inFlight(labels, async (l) => {
          // Awaited first: `bytes += await …` reads bytes before the await and loses the others' sums.
          const pdf = await renderer.render(l);
          bytes += pdf.length;
        });
        return bytes;
      });
    for (const chunk of CHUNKS) {
      const chunks = Array.from({ length: Math.ceil(COUNT / chunk) }, (_, i) => labels.slice(i * chunk, (i + 1) * chunk));
      await measure(`${chunk} labels per print`, async () => {
        let bytes = 0;
        await inFlight(chunks, async (c) => {
          const pdfs = await renderer.renderMany(c);
          bytes += pdfs.reduce((n, pdf) => n + pdf.length, 0);
        });
        return bytes;
      });
    }
    console.log(['', '| variant | time | labels/s | PDF per label |', '|---|---|---|---|', ...rows].join('\n'));
    console.log(`load average at the end ${load()}`);
  } finally {
    await pool.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
