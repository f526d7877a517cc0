import { accessSync, constants } from 'node:fs';
import { resolveChromiumExecutable } from './chromium-executable';

describe('resolveChromiumExecutable', () => {
  it('uses PUPPETEER_EXECUTABLE_PATH when it names an executable', () => {
    expect(resolveChromiumExecutable({ executablePath: process.execPath })).toBe(process.execPath);
  });

  it('fails loudly when PUPPETEER_EXECUTABLE_PATH points nowhere', () => {
    expect(() => resolveChromiumExecutable({ executablePath: '/nonexistent/chrome' })).toThrow(
      /PUPPETEER_EXECUTABLE_PATH=\/nonexistent\/chrome/,
    );
  });

  it('otherwise finds an installed Chromium or says how to provide one', () => {
    let found: string;
    try {
      found = resolveChromiumExecutable({ cacheDir: '/nonexistent' });
    } catch (error) {
      expect((error as Error).message).toMatch(/No Chromium found: set PUPPETEER_EXECUTABLE_PATH/);
      return;
    }
    expect(() => accessSync(found, constants.X_OK)).not.toThrow();
  });
});
