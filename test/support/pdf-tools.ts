import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** Reads real PDFs back with poppler and zbar, as a printer and a hub scanner would. */
const run = promisify(execFile);

export const A6_POINTS = { width: (105 / 25.4) * 72, height: (148 / 25.4) * 72 };

let fileCounter = 0;

export async function savePdf(dir: string, pdf: Buffer): Promise<string> {
  const path = join(dir, `label-${++fileCounter}.pdf`);
  await writeFile(path, pdf);
  return path;
}

export async function pdfInfo(path: string): Promise<{ pages: number; width: number; height: number }> {
  const { stdout } = await run('pdfinfo', [path]);
  const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(stdout);
  const pages = /Pages:\s+(\d+)/.exec(stdout);
  if (!size || !pages) throw new Error(`unexpected pdfinfo output:\n${stdout}`);
  return { pages: Number(pages[1]), width: Number(size[1]), height: Number(size[2]) };
}

/** Rasterises at 300 dpi, like a label printer, and returns every symbol zbar finds. */
export async function scanBarcodes(path: string): Promise<string[]> {
  const prefix = path.replace(/\.pdf$/, '');
  await run('pdftoppm', ['-r', '300', '-png', '-singlefile', path, prefix]);
  const { stdout } = await run('zbarimg', ['--quiet', '--nodbus', `${prefix}.png`]);
  return stdout.split('\n').filter(Boolean);
}

/**
 * Text as pdftotext extracts it. Chromium writes a ToUnicode map for the shaped Arabic glyphs,
 * and poppler emits Arabic runs in logical order wrapped in RLE/PDF embedding marks; those
 * marks are dropped and any presentation forms folded (NFKC) so the check is about letters.
 */
export async function pdfText(path: string): Promise<string> {
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', path, '-']);
  return stdout
    .normalize('NFKC')
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/[ \t]+/g, ' ');
}

/** The symbols zbar finds on one page (1-based) of a PDF, rasterised at 300 dpi. */
export async function scanBarcodesOfPage(path: string, page: number): Promise<string[]> {
  const prefix = `${path.replace(/\.pdf$/, '')}-p${page}`;
  await run('pdftoppm', ['-r', '300', '-png', '-f', String(page), '-l', String(page), '-singlefile', path, prefix]);
  const { stdout } = await run('zbarimg', ['--quiet', '--nodbus', `${prefix}.png`]);
  return stdout.split('\n').filter(Boolean);
}

/** The text of one page (1-based), as pdfText reads it. */
export async function pdfPageText(path: string, page: number): Promise<string> {
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', '-f', String(page), '-l', String(page), path, '-']);
  return stdout
    .normalize('NFKC')
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/[ \t]+/g, ' ');
}
