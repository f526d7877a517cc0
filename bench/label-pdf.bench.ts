/**
 * What a batch's labels cost around the browser (issue 44, docs/performance.md "Labels as bytes"):
 * cutting Chromium's prints into one PDF per label and merging the labels into one download,
 * through pdf-lib's object model (the previous path, kept as the general one) against the plain
 * documents' bytes (plain-pdf.ts, ADR 0094), on the same prints in the same run. CPU µs per label
 * from the process's own clock, and the merged file's size.
 *
 *   npm run bench:label-pdf
 *
 * Env: LABEL_PDF_PRINTS (10 prints), LABEL_PDF_PER_PRINT (100 labels a print), LABEL_PDF_ROUNDS
 * (3: each variant measured this many times, alternating). Chromium prints first, untimed; the
 * load average is printed at the start and the end: figures count only from a quiet machine.
 */
import os from 'node:os';
import { PDFDocument } from 'pdf-lib';
import type { LabelData } from '@lgw/shipping';
import { benchLabel } from './support/bench-label';
import { buildLabelsHtml, ChromiumBrowserPool, LABEL_HEIGHT_MM, LABEL_WIDTH_MM, LabelMerger } from '@lgw/labels';
import { splitExactPages, splitWithPdfLib } from '@lgw/labels/exact-page-size';

const PRINTS = Number(process.env.LABEL_PDF_PRINTS ?? 10);
const PER_PRINT = Number(process.env.LABEL_PDF_PER_PRINT ?? 100);
const ROUNDS = Number(process.env.LABEL_PDF_ROUNDS ?? 3);
const POINTS_PER_MM = 72 / 25.4;

const labelFor = (i: number): LabelData => benchLabel(i, 6);

/** The previous merge: every label read into pdf-lib's object model and its page copied into one document. */
async function mergeWithPdfLib(labels: readonly Buffer[]): Promise<number> {
  const target = await PDFDocument.create({ updateMetadata: false });
  for (const label of labels) {
    const source = await PDFDocument.load(label, { updateMetadata: false });
    for (const page of await target.copyPages(source, source.getPageIndices())) target.addPage(page);
  }
  return (await target.save({ useObjectStreams: false })).length;
}

async function mergeAsBytes(labels: readonly Buffer[]): Promise<number> {
  let bytes = 0;
  for await (const chunk of new LabelMerger().merge(
    'pdf_a6',
    (async function* () {
      yield* labels;
    })(),
  ))
    bytes += chunk.length;
  return bytes;
}

/** CPU µs of this process (user + system) and wall ms over `work`. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; cpuMicros: number; wallMs: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await work();
  const used = process.cpuUsage(cpu);
  return { result, cpuMicros: used.user + used.system, wallMs: performance.now() - started };
}

async function main(): Promise<void> {
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  const count = PRINTS * PER_PRINT;
  console.log(`label-pdf: ${PRINTS} prints of ${PER_PRINT} labels, ${ROUNDS} rounds, load average ${load()}`);
  const pool = new ChromiumBrowserPool({ pageCount: 1, maxRendersPerBrowser: 1_000_000 });
  const prints: Buffer[] = [];
  try {
    for (let p = 0; p < PRINTS; p++) {
      const html = buildLabelsHtml(Array.from({ length: PER_PRINT }, (_, i) => labelFor(p * PER_PRINT + i)));
      prints.push(
        await pool.withPage(async (page) => {
          await page.setContent(html, { waitUntil: 'load' });
          return Buffer.from(
            await page.pdf({ width: `${LABEL_WIDTH_MM}mm`, height: `${LABEL_HEIGHT_MM}mm`, printBackground: true, tagged: false }),
          );
        }),
      );
    }
  } finally {
    await pool.close();
  }
  const variants = {
    'pdf-lib (previous)': {
      split: (pdf: Buffer) => splitWithPdfLib(pdf, LABEL_WIDTH_MM * POINTS_PER_MM, LABEL_HEIGHT_MM * POINTS_PER_MM),
      merge: mergeWithPdfLib,
    },
    'plain bytes': { split: (pdf: Buffer) => splitExactPages(pdf, LABEL_WIDTH_MM, LABEL_HEIGHT_MM), merge: mergeAsBytes },
  };
  const rows: string[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [name, variant] of Object.entries(variants)) {
      const split = await measured(async () => (await Promise.all(prints.map((pdf) => variant.split(pdf)))).flat());
      if (split.result.length !== count) throw new Error(`${name}: ${split.result.length} labels out of ${count}`);
      const merge = await measured(() => variant.merge(split.result));
      const stored = split.result.reduce((n, pdf) => n + pdf.length, 0);
      rows.push(
        `| ${round} | ${name} | ${Math.round(split.cpuMicros / count)} µs | ${Math.round(merge.cpuMicros / count)} µs | ` +
          `${(stored / count / 1024).toFixed(1)} KB | ${(merge.result / 1024 / 1024).toFixed(1)} MB |`,
      );
      console.log(rows.at(-1));
    }
  }
  console.log(
    [
      '',
      `| round | path | split, CPU per label | merge, CPU per label | stored label | merged ${count} labels |`,
      '|---|---|---|---|---|---|',
      ...rows,
    ].join('\n'),
  );
  console.log(`load average at the end ${load()}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
