import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';

export interface ConsoleAsset {
  readonly body: Buffer;
  readonly contentType: string;
  readonly etag: string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/**
 * Where the console's files are: beside the sources (`libs/console/assets`) or, in a build,
 * copied beside the compiled code (`dist/libs/console/assets`).
 */
export function consoleAssetsDir(): string {
  const candidates = [resolve(__dirname, '../assets'), resolve(process.cwd(), 'libs/console/assets')];
  const found = candidates.find((dir) => existsSync(join(dir, 'index.html')));
  if (!found) throw new Error(`console assets not found in ${candidates.join(' or ')}`);
  return found;
}

/**
 * Files the console serves from installed packages, by the name it asks for: the chart library's
 * browser build (UMD, a `Chart` global), so no page loads a script from another origin.
 */
const PACKAGED: Readonly<Record<string, () => string>> = {
  'chart.umd.min.js': () => join(dirname(require.resolve('chart.js')), 'chart.umd.min.js'),
};

/** Loads every asset once: the console is a few small files, served from memory with an ETag. */
export function loadConsoleAssets(dir: string = consoleAssetsDir()): ReadonlyMap<string, ConsoleAsset> {
  const assets = new Map<string, ConsoleAsset>();
  const add = (name: string, file: string) => {
    const contentType = TYPES[extname(name)];
    if (!contentType) return;
    const body = readFileSync(file);
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
    assets.set(name, { body, contentType, etag });
  };
  for (const name of readdirSync(dir)) add(name, join(dir, name));
  for (const [name, locate] of Object.entries(PACKAGED)) add(name, locate());
  return assets;
}
