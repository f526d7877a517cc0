import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type HTTPRequest, type Page } from 'puppeteer-core';
import { ChromiumLookup, findChromiumExecutable } from './chromium-executable';

/**
 * Flags for a headless Chromium that renders self-contained documents. No sandbox because
 * containers rarely grant the namespaces it needs; the pages run no script, have every request
 * aborted and cannot resolve any host, which is what makes that acceptable.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-extensions',
  '--disable-default-apps',
  '--disable-breakpad',
  '--disable-crash-reporter',
  '--disable-domain-reliability',
  '--metrics-recording-only',
  '--password-store=basic',
  '--use-mock-keychain',
  '--mute-audio',
  '--hide-scrollbars',
  // Keeps renders of an idle page pool from being throttled as "background" work.
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
  '--force-color-profile=srgb',
  '--font-render-hinting=none',
  // Request interception only sees requests a page makes; the browser itself still prefetches
  // and preconnects (measured: <link rel=prefetch> reached a local server). With no host
  // resolvable, IP literals included, nothing leaves the machine whatever path it takes.
  '--host-resolver-rules=MAP * ~NOTFOUND',
];

export interface ChromiumBrowserPoolOptions {
  /** The configured browser (PUPPETEER_EXECUTABLE_PATH); else /usr/bin/chromium, /usr/bin/chromium-browser, then the cache. */
  readonly executablePath?: string;
  /** Puppeteer's own browser cache (PUPPETEER_CACHE_DIR); ~/.cache/puppeteer when not given. */
  readonly cacheDir?: string;
  /**
   * After a failed launch, renders fail at once (BrowserUnavailableError) for this long instead
   * of each trying a launch of its own: a broken install costs one launch attempt per period.
   */
  readonly relaunchAfterMs?: number;
  /** Pages rendering at once; more than the core count only adds queueing inside Chromium. */
  readonly pageCount?: number;
  /**
   * Renders before the browser is replaced, which bounds any memory Chromium accumulates. The
   * successor is launched in the background; the old one serves until it is ready.
   */
  readonly maxRendersPerBrowser?: number;
  readonly launchTimeoutMs?: number;
  /** Upper bound for each page operation (setContent, pdf, protocol calls). */
  readonly operationTimeoutMs?: number;
  /** How long close() lets in-flight work finish before killing the browser. */
  readonly closeTimeoutMs?: number;
  readonly extraArgs?: readonly string[];
  /** Lifecycle notifications, for logging and metrics. */
  readonly onEvent?: (event: BrowserPoolEvent) => void;
}

export type BrowserPoolEvent =
  | {
      readonly type: 'launched';
      readonly generation: number;
      readonly pid?: number;
      readonly userDataDir: string;
      readonly ms: number;
    }
  | { readonly type: 'retired'; readonly generation: number; readonly renders: number; readonly reason: string }
  | { readonly type: 'crashed'; readonly generation: number; readonly renders: number }
  | { readonly type: 'launch-failed'; readonly error: unknown }
  | { readonly type: 'closed' };

export interface BrowserPoolStats {
  readonly launches: number;
  readonly renders: number;
  readonly blockedRequests: number;
  readonly queued: number;
  readonly active: number;
  /** Process id of the browser serving new work, when one is running. */
  readonly browserPid?: number;
}

export class BrowserPoolClosedError extends Error {
  constructor() {
    super('Chromium browser pool is closed');
    this.name = 'BrowserPoolClosedError';
  }
}

/** No browser can run: none is installed where the pool looks, or the last launch failed. */
export class BrowserUnavailableError extends Error {
  constructor(reason: string, cause?: unknown) {
    super(reason, { cause });
    this.name = 'BrowserUnavailableError';
  }
}

export type BrowserAvailability = { readonly available: true } | { readonly available: false; readonly reason: string };

/** The browser went away while a task was using it; the task may be retried on a new browser. */
export class BrowserCrashedError extends Error {
  constructor(cause: unknown) {
    super('Chromium disconnected during a render', { cause });
    this.name = 'BrowserCrashedError';
  }
}

interface Generation {
  readonly id: number;
  readonly browser: Browser;
  readonly userDataDir: string;
  readonly idle: Page[];
  readonly removeDirOnExit: () => void;
  renders: number;
  inFlight: number;
  retired: boolean;
  dead: boolean;
  disposal?: Promise<void>;
}

/**
 * One Chromium per process with a handful of reusable pages. The browser starts on first use,
 * is replaced after a number of renders or when it dies, and is shut down by close().
 * Tasks beyond the page count wait in FIFO order.
 */
export class ChromiumBrowserPool {
  private readonly pageCount: number;
  private readonly maxRenders: number;
  private readonly launchTimeoutMs: number;
  private readonly operationTimeoutMs: number;
  private readonly closeTimeoutMs: number;
  private readonly permits: Permits;
  private readonly generations = new Set<Generation>();
  private current?: Generation;
  private launching?: Promise<Generation>;
  private nextGenerationId = 1;
  private closed = false;
  private closing?: Promise<void>;
  private active = 0;
  private onIdle?: () => void;
  private launches = 0;
  private lastLaunchFailure?: { readonly at: number; readonly reason: string };
  private renders = 0;
  private blockedRequests = 0;

  constructor(private readonly options: ChromiumBrowserPoolOptions = {}) {
    this.pageCount = positiveInt(options.pageCount ?? 2, 'pageCount');
    this.maxRenders = positiveInt(options.maxRendersPerBrowser ?? 500, 'maxRendersPerBrowser');
    this.launchTimeoutMs = options.launchTimeoutMs ?? 30_000;
    this.operationTimeoutMs = options.operationTimeoutMs ?? 15_000;
    this.closeTimeoutMs = options.closeTimeoutMs ?? 5_000;
    this.permits = new Permits(this.pageCount);
  }

  /** Pages that print at once; tasks beyond them wait. */
  get pages(): number {
    return this.pageCount;
  }

  /**
   * Runs task on a pooled page. The page keeps no state between tasks that matters: every task
   * replaces the whole document. If the browser dies mid-task the task runs once more on a
   * fresh browser, so it must be safe to repeat.
   */
  async withPage<T>(task: (page: Page) => Promise<T>): Promise<T> {
    if (this.closed) throw new BrowserPoolClosedError();
    this.assertCanLaunch();
    await this.permits.acquire();
    this.active++;
    try {
      try {
        return await this.runOnce(task);
      } catch (error) {
        if (!(error instanceof BrowserCrashedError) || this.closed) throw error;
        return await this.runOnce(task);
      }
    } finally {
      this.active--;
      this.permits.release();
      if (this.active === 0) this.onIdle?.();
    }
  }

  /**
   * Whether a render can run now: a browser is running, or an executable is there and the
   * last launch did not fail. File checks only; nothing is launched to find out.
   */
  availability(): BrowserAvailability {
    const reason = this.launchBlocker();
    return reason === undefined ? { available: true } : { available: false, reason };
  }

  /** Fails fast, before queueing for a page, when no launch could succeed now. */
  private assertCanLaunch(): void {
    const reason = this.launchBlocker();
    if (reason !== undefined) throw new BrowserUnavailableError(reason);
  }

  /** Looked up again each time: cheap file checks, and an install after startup is found. */
  private executable(): ChromiumLookup {
    return findChromiumExecutable({ executablePath: this.options.executablePath, cacheDir: this.options.cacheDir });
  }

  /** Why no render could run now: no executable, or a launch failed within relaunchAfterMs. */
  private launchBlocker(): string | undefined {
    if (this.current && !this.current.dead) return undefined;
    const found = this.executable();
    if (found.path === undefined) return found.reason;
    const failure = this.lastLaunchFailure;
    if (failure && performance.now() - failure.at < (this.options.relaunchAfterMs ?? 30_000)) return failure.reason;
    return undefined;
  }

  stats(): BrowserPoolStats {
    return {
      launches: this.launches,
      renders: this.renders,
      blockedRequests: this.blockedRequests,
      queued: this.permits.waiting,
      active: this.active,
      browserPid: this.current?.browser.process()?.pid,
    };
  }

  /** Stops taking work, lets in-flight tasks finish (bounded), then closes every browser. */
  close(): Promise<void> {
    if (!this.closing) {
      this.closed = true;
      this.permits.rejectWaiters(new BrowserPoolClosedError());
      this.closing = this.shutdown();
    }
    return this.closing;
  }

  /** Nest calls this on providers that define it; the pool needs no Nest import for that. */
  onApplicationShutdown(): Promise<void> {
    return this.close();
  }

  private async shutdown(): Promise<void> {
    if (this.active > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.closeTimeoutMs);
        this.onIdle = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    await this.launching?.catch(() => undefined);
    this.current = undefined;
    await Promise.all([...this.generations].map((generation) => this.dispose(generation)));
    this.options.onEvent?.({ type: 'closed' });
  }

  private async runOnce<T>(task: (page: Page) => Promise<T>): Promise<T> {
    const generation = await this.currentGeneration();
    generation.inFlight++;
    generation.renders++;
    this.renders++;
    if (generation.renders >= this.maxRenders) this.replaceInBackground(generation);
    let page: Page | undefined;
    let healthy = false;
    try {
      page = generation.idle.pop() ?? (await this.openPage(generation));
      const result = await task(page);
      healthy = true;
      return result;
    } catch (error) {
      if (generation.dead || !generation.browser.connected) {
        this.markCrashed(generation);
        throw new BrowserCrashedError(error);
      }
      // A browser that stops answering within the timeout is unlikely to recover.
      if (error instanceof Error && error.name === 'TimeoutError') this.retire(generation, 'timeout');
      throw error;
    } finally {
      generation.inFlight--;
      this.release(generation, page, healthy);
    }
  }

  private release(generation: Generation, page: Page | undefined, healthy: boolean): void {
    if (generation.dead) return;
    if (page) {
      if (healthy && !generation.retired && !page.isClosed()) generation.idle.push(page);
      // A failed task may leave a navigation or print job half done: start the next one clean.
      else void page.close().catch(() => undefined);
    }
    if (generation.retired && generation.inFlight === 0) void this.dispose(generation);
  }

  private currentGeneration(): Promise<Generation> {
    if (this.closed) return Promise.reject(new BrowserPoolClosedError());
    const current = this.current;
    if (current && !current.dead && !current.retired) return Promise.resolve(current);
    if (!this.launching) {
      this.launching = this.launch().finally(() => {
        this.launching = undefined;
      });
    }
    return this.launching;
  }

  private async launch(): Promise<Generation> {
    const started = performance.now();
    const found = this.executable();
    if (found.path === undefined) throw new BrowserUnavailableError(found.reason);
    const executablePath = found.path;
    const userDataDir = await mkdtemp(join(tmpdir(), 'lgw-chromium-'));
    const removeDirOnExit = () => rmSync(userDataDir, { recursive: true, force: true });
    let browser: Browser;
    try {
      browser = await puppeteer.launch({
        executablePath,
        headless: true,
        ignoreDefaultArgs: true,
        args: [...CHROMIUM_ARGS, ...(this.options.extraArgs ?? []), `--user-data-dir=${userDataDir}`, 'about:blank'],
        // A pipe, unlike the default debugging port, exposes nothing on the network.
        pipe: true,
        defaultViewport: null,
        timeout: this.launchTimeoutMs,
        protocolTimeout: this.operationTimeoutMs * 2,
        // Shutdown belongs to the application (close()); puppeteer's own SIGINT handler exits the process.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      });
    } catch (error) {
      await rm(userDataDir, { recursive: true, force: true });
      const reason = `Chromium at ${executablePath} failed to launch: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
      this.lastLaunchFailure = { at: performance.now(), reason };
      this.options.onEvent?.({ type: 'launch-failed', error });
      throw new BrowserUnavailableError(reason, error);
    }
    this.lastLaunchFailure = undefined;
    const generation: Generation = {
      id: this.nextGenerationId++,
      browser,
      userDataDir,
      idle: [],
      removeDirOnExit,
      renders: 0,
      inFlight: 0,
      retired: false,
      dead: false,
    };
    // puppeteer kills the browser if node exits without close(); this removes its profile too.
    process.once('exit', removeDirOnExit);
    this.generations.add(generation);
    browser.once('disconnected', () => this.markCrashed(generation));
    this.launches++;
    this.current = generation;
    this.options.onEvent?.({
      type: 'launched',
      generation: generation.id,
      pid: browser.process()?.pid,
      userDataDir,
      ms: Math.round(performance.now() - started),
    });
    if (this.closed) {
      await this.dispose(generation);
      throw new BrowserPoolClosedError();
    }
    return generation;
  }

  private async openPage(generation: Generation): Promise<Page> {
    const page = await generation.browser.newPage();
    page.setDefaultTimeout(this.operationTimeoutMs);
    // Labels are static documents; without script a hostile string could not do anything even if it escaped.
    await page.setJavaScriptEnabled(false);
    await page.setRequestInterception(true);
    page.on('request', (request: HTTPRequest) => this.block(request));
    return page;
  }

  /** Everything a label needs is inline, so any request at all is a bug or an injection. */
  private block(request: HTTPRequest): void {
    if (!request.url().startsWith('data:')) this.blockedRequests++;
    request.abort('blockedbyclient').catch(() => undefined);
  }

  /**
   * Launches the successor while the old browser keeps serving, so reaching the render limit
   * never makes a caller wait for a launch (about a second on two busy cores).
   */
  private replaceInBackground(generation: Generation): void {
    if (generation.retired || generation.dead || this.launching || this.current !== generation) return;
    const launching = this.launch().finally(() => {
      this.launching = undefined;
    });
    this.launching = launching;
    // On failure the old browser goes on serving and the next render tries again.
    launching.then(
      () => this.retire(generation, 'render limit'),
      () => undefined,
    );
  }

  private retire(generation: Generation, reason: string): void {
    if (generation.retired || generation.dead) return;
    generation.retired = true;
    if (this.current === generation) this.current = undefined;
    this.options.onEvent?.({ type: 'retired', generation: generation.id, renders: generation.renders, reason });
    if (generation.inFlight === 0) void this.dispose(generation);
  }

  private markCrashed(generation: Generation): void {
    if (generation.dead) return;
    generation.dead = true;
    if (this.current === generation) this.current = undefined;
    this.options.onEvent?.({ type: 'crashed', generation: generation.id, renders: generation.renders });
    void this.dispose(generation);
  }

  private dispose(generation: Generation): Promise<void> {
    generation.disposal ??= (async () => {
      generation.dead = true;
      generation.idle.length = 0;
      if (this.current === generation) this.current = undefined;
      try {
        await withTimeout(generation.browser.close(), this.closeTimeoutMs);
      } catch {
        generation.browser.process()?.kill('SIGKILL');
      }
      await rm(generation.userDataDir, { recursive: true, force: true, maxRetries: 3, retryDelay: 100 }).catch(() => undefined);
      process.off('exit', generation.removeDirOnExit);
      this.generations.delete(generation);
    })();
    return generation.disposal;
  }
}

/** FIFO counting semaphore. */
class Permits {
  private readonly waiters: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];

  constructor(private available: number) {}

  get waiting(): number {
    return this.waiters.length;
  }

  acquire(): Promise<void> {
    if (this.available > 0) {
      this.available--;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  /** Hands the permit straight to the oldest waiter so late arrivals cannot overtake it. */
  release(): void {
    const next = this.waiters.shift();
    if (next) next.resolve();
    else this.available++;
  }

  rejectWaiters(error: Error): void {
    for (const waiter of this.waiters.splice(0)) waiter.reject(error);
  }
}

function positiveInt(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer`);
  return value;
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
