import { accessSync, constants, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const SYSTEM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/**
 * Finds a Chromium to launch. puppeteer-core never downloads one, so an operator either sets
 * PUPPETEER_EXECUTABLE_PATH, installs the distribution package, or has run puppeteer's own
 * browser installer (whose cache is the last resort).
 */
export function resolveChromiumExecutable(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.PUPPETEER_EXECUTABLE_PATH?.trim();
  if (configured) {
    // An explicit setting that points nowhere is a deployment error, not a cue to guess.
    if (!isExecutable(configured)) {
      throw new Error(`PUPPETEER_EXECUTABLE_PATH=${configured} is not an executable file`);
    }
    return configured;
  }
  for (const candidate of SYSTEM_CANDIDATES) {
    if (isExecutable(candidate)) return candidate;
  }
  const cached = findInPuppeteerCache(env.PUPPETEER_CACHE_DIR || join(homedir(), '.cache', 'puppeteer'));
  if (cached) return cached;
  throw new Error(`No Chromium found: set PUPPETEER_EXECUTABLE_PATH or install one of ${SYSTEM_CANDIDATES.join(', ')}`);
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
