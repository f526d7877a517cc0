import { accessSync, constants } from 'node:fs';
import { resolveChromiumExecutable } from './chromium-executable';

describe('resolveChromiumExecutable', () => {
  it('uses PUPPETEER_EXECUTABLE_PATH when it names an executable', () => {
    expect(resolveChromiumExecutable({ PUPPETEER_EXECUTABLE_PATH: process.execPath })).toBe(process.execPath);
  });

  it('fails loudly when PUPPETEER_EXECUTABLE_PATH points nowhere', () => {
    expect(() => resolveChromiumExecutable({ PUPPETEER_EXECUTABLE_PATH: '/nonexistent/chrome' })).toThrow(
      /PUPPETEER_EXECUTABLE_PATH=\/nonexistent\/chrome/,
    );
  });

  it('otherwise finds an installed Chromium or says how to provide one', () => {
    let found: string;
    try {
      found = resolveChromiumExecutable({ PUPPETEER_CACHE_DIR: '/nonexistent' });
    } catch (error) {
      expect((error as Error).message).toMatch(/No Chromium found: set PUPPETEER_EXECUTABLE_PATH/);
      return;
    }
    expect(() => accessSync(found, constants.X_OK)).not.toThrow();
  });
});
