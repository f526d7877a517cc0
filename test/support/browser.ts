import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, resolveChromiumExecutable } from '@lgw/labels';
import { chromiumSettingsFrom } from '@lgw/platform';

/** Debian's Chromium (the one labels use), driven by playwright-core: never a downloaded browser. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: resolveChromiumExecutable(chromiumSettingsFrom(process.env)),
    // The label renderer's flags, less its own headless switch (Playwright adds one) and its
    // host-resolution lockdown (the console must reach the server under test).
    args: CHROMIUM_ARGS.filter((arg) => arg !== '--headless' && !arg.startsWith('--host-resolver-rules')),
  });
}

/**
 * Keeps screenshots of the console's pages when LGW_CONSOLE_SCREENSHOTS names a folder
 * (`npm run console:screenshots` writes docs/console/); otherwise takes none.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.LGW_CONSOLE_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}
