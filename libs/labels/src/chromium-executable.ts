import { accessSync, constants, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const SYSTEM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

export type ChromiumLookup = { readonly path: string } | { readonly path?: undefined; readonly reason: string };

/** Where to look, as the configuration gives it (PUPPETEER_EXECUTABLE_PATH, PUPPETEER_CACHE_DIR). */
export interface ChromiumSettings {
  readonly executablePath?: string;
  readonly cacheDir?: string;
}

/**
 * Finds a Chromium to launch. puppeteer-core never downloads one, so an operator either sets
 * PUPPETEER_EXECUTABLE_PATH (`executablePath`), installs the distribution package, or
 * has run puppeteer's own browser installer (whose cache is the last resort). Only file
 * checks: cheap enough to ask again whenever a render or a readiness probe needs to know.
 */
export function findChromiumExecutable(settings: ChromiumSettings): ChromiumLookup {
  const given = settings.executablePath?.trim();
  if (given) {
    // An explicit setting that points nowhere is a deployment error, not a cue to guess.
    return isExecutable(given) ? { path: given } : { reason: `PUPPETEER_EXECUTABLE_PATH=${given} is not an executable file` };
  }
  for (const candidate of SYSTEM_CANDIDATES) {
    if (isExecutable(candidate)) return { path: candidate };
  }
  const cached = findInPuppeteerCache(settings.cacheDir || join(homedir(), '.cache', 'puppeteer'));
  if (cached) return { path: cached };
  return { reason: `No Chromium found: set PUPPETEER_EXECUTABLE_PATH or install one of ${SYSTEM_CANDIDATES.join(', ')} (npm run setup)` };
}

/** The executable, or an error saying what is missing (for harnesses outside the gateway). */
export function resolveChromiumExecutable(settings: ChromiumSettings): string {
  const found = findChromiumExecutable(settings);
  if (found.path === undefined) throw new Error(found.reason);
  return found.path;
}

function findInPuppeteerCache(cacheDir: string): string | undefined {
  for (const [product, relative] of [
    ['chrome-headless-shell', 'chrome-headless-shell-linux64/chrome-headless-shell'],
    ['chrome', 'chrome-linux64/chrome'],
  ] as const) {
    let builds: string[];
    try {
      builds = readdirSync(join(cacheDir, product));
    } catch {
      continue;
    }
    // Newest build first: directory names are "linux-<version>".
    builds.sort((a, b) => b.localeCompare(a, 'en', { numeric: true }));
    for (const build of builds) {
      const candidate = join(cacheDir, product, build, relative);
      if (isExecutable(candidate)) return candidate;
    }
  }
  return undefined;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
