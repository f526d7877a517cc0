import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumSettingsFrom, loadConfig } from './app-config';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'lgw-config-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ADMIN_TOKEN: 'x', ...env });

describe('loadConfig: the one seller on every invoice (INVOICE_SELLER_*)', () => {
  it('takes the names, VAT and CR numbers and the address from the environment', () => {
    const { seller } = load({
      INVOICE_SELLER_NAME: ' Gateway Co ',
      INVOICE_SELLER_NAME_AR: 'شركة البوابة',
      INVOICE_SELLER_VAT_NUMBER: '310122393500003',
      INVOICE_SELLER_CR_NUMBER: '1010123456',
      INVOICE_SELLER_CITY: 'Dammam',
    });
    expect(seller).toMatchObject({
      legalNameEn: 'Gateway Co',
      legalNameAr: 'شركة البوابة',
      vatNumber: '310122393500003',
      crNumber: '1010123456',
    });
    expect(seller.address.city).toBe('Dammam');
  });

  it('falls back to the documented placeholders, with no placeholder CR number', () => {
    const { seller } = load({});
    expect(seller).toMatchObject({ legalNameEn: 'Logistics Gateway Co.', vatNumber: '300000000000003', environment: 'sandbox' });
    expect(seller.crNumber).toBeUndefined();
  });

  it('still reads the deprecated EINVOICE_SELLER_* names, and refuses one that contradicts its INVOICE_SELLER_* name', () => {
    const { seller } = load({
      EINVOICE_SELLER_NAME_EN: 'Old Co',
      EINVOICE_SELLER_CR_NUMBER: '1010654321',
      EINVOICE_SELLER_VAT_NUMBER: '310122393500003',
    });
    expect(seller).toMatchObject({ legalNameEn: 'Old Co', crNumber: '1010654321', vatNumber: '310122393500003' });
    expect(load({ INVOICE_SELLER_NAME: 'Same', EINVOICE_SELLER_NAME_EN: 'Same' }).seller.legalNameEn).toBe('Same');
    expect(() => load({ INVOICE_SELLER_NAME: 'New Co', EINVOICE_SELLER_NAME_EN: 'Old Co' })).toThrow(
      /EINVOICE_SELLER_NAME_EN.*INVOICE_SELLER_NAME/,
    );
  });

  it.each(['31012239350000', '210122393500003', '310122393500002', '3101223935000a3'])('refuses the VAT number %s at start-up', (vat) => {
    expect(() => load({ INVOICE_SELLER_VAT_NUMBER: vat })).toThrow(/INVOICE_SELLER_VAT_NUMBER/);
  });

  it('refuses a CR number that is not 10 digits, and its absence outside the developer sandbox', () => {
    expect(() => load({ INVOICE_SELLER_CR_NUMBER: '12345' })).toThrow(/INVOICE_SELLER_CR_NUMBER/);
    expect(() => load({ EINVOICE_ENVIRONMENT: 'production' })).toThrow(/INVOICE_SELLER_CR_NUMBER is required/);
    expect(load({ EINVOICE_ENVIRONMENT: 'simulation', INVOICE_SELLER_CR_NUMBER: '1010123456' }).seller.environment).toBe('simulation');
  });

  it('refuses a name the QR code cannot carry (over 255 bytes of UTF-8)', () => {
    expect(() => load({ INVOICE_SELLER_NAME: 'ب'.repeat(128) })).toThrow(/INVOICE_SELLER_NAME/);
    expect(() => load({ INVOICE_SELLER_NAME_AR: 'ب'.repeat(128) })).toThrow(/INVOICE_SELLER_NAME_AR/);
    expect(load({ INVOICE_SELLER_NAME: 'ب'.repeat(127) }).seller.legalNameEn).toHaveLength(127);
  });
});

describe('loadConfig: which proxies may tell the client address (TRUST_PROXY)', () => {
  it('trusts no forwarding header unless told', () => {
    expect(load({}).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it('takes true, a hop count, or addresses and CIDR ranges', () => {
    expect(load({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(load({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(load({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,fd00::/8' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', 'fd00::/8']);
  });

  it('refuses a list with a malformed entry, naming it', () => {
    expect(() => load({ TRUST_PROXY: '10.0.0.0/8,proxy.local,10.1.0.0/33' })).toThrow(/TRUST_PROXY.*"proxy\.local", "10\.1\.0\.0\/33"/);
  });
});

describe('loadConfig: the database pool', () => {
  it('sizes each process pool from DATABASE_POOL_SIZE, 10 when unset', () => {
    expect(load({}).databasePoolSize).toBe(10);
    expect(load({ DATABASE_POOL_SIZE: '4' }).databasePoolSize).toBe(4);
  });

  it.each(['1', '0', 'ten', '2.5'])('refuses DATABASE_POOL_SIZE=%s at start-up (migrations need two connections)', (size) => {
    expect(() => load({ DATABASE_POOL_SIZE: size })).toThrow(/DATABASE_POOL_SIZE/);
  });
});

describe('loadConfig: browser pages printing labels at once (LABEL_BROWSER_PAGES)', () => {
  it('defaults to one more than the cores (at least 2), and takes a count', () => {
    expect(load({}).labelBrowserPages).toBe(Math.min(16, Math.max(2, availableParallelism() + 1)));
    expect(load({ LABEL_BROWSER_PAGES: '5' }).labelBrowserPages).toBe(5);
  });

  it.each(['0', 'three', '1.5'])('refuses LABEL_BROWSER_PAGES=%s at start-up', (pages) => {
    expect(() => load({ LABEL_BROWSER_PAGES: pages })).toThrow(/LABEL_BROWSER_PAGES/);
  });
});

describe('loadConfig: the quote signing key', () => {
  const webhookKey = randomBytes(32);
  const production = { DATABASE_URL: 'postgres://db/lgw', WEBHOOK_SECRET_KEY: webhookKey.toString('base64'), ADMIN_TOKEN: 'adm' };
  const dirs: string[] = [];
  const fresh = () => {
    dirs.push(mkdtempSync(join(tmpdir(), 'lgw-config-')));
    return dirs[dirs.length - 1];
  };
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('takes QUOTE_SIGNING_KEY as base64 or hex, and refuses one that is not 32 bytes', () => {
    const key = randomBytes(32);
    const env = { ...production, DATA_DIR: fresh() };
    expect(loadConfig({ ...env, QUOTE_SIGNING_KEY: key.toString('base64') }).quoteSigningKey).toEqual(key);
    expect(loadConfig({ ...env, QUOTE_SIGNING_KEY: key.toString('hex') }).quoteSigningKey).toEqual(key);
    expect(() => loadConfig({ ...env, QUOTE_SIGNING_KEY: randomBytes(16).toString('base64') })).toThrow(/QUOTE_SIGNING_KEY/);
  });

  it('derives one per webhook key in production: the same on every replica, never the webhook key itself', () => {
    const a = loadConfig({ ...production, DATA_DIR: fresh() }).quoteSigningKey;
    const b = loadConfig({ ...production, DATA_DIR: fresh() }).quoteSigningKey;
    expect(a).toEqual(b);
    expect(a).toHaveLength(32);
    expect(a.equals(webhookKey)).toBe(false);
    const other = loadConfig({ ...production, DATA_DIR: fresh(), WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64') }).quoteSigningKey;
    expect(other.equals(a)).toBe(false);
  });

  it('generates one into DATA_DIR when embedded and keeps it across restarts', () => {
    const dataDir = fresh();
    const first = loadConfig({ DATA_DIR: dataDir, ADMIN_TOKEN: 'adm' }).quoteSigningKey;
    expect(first).toHaveLength(32);
    expect(readFileSync(join(dataDir, 'quote-signing-key'), 'utf8').trim()).toBe(first.toString('base64'));
    const again = loadConfig({ DATA_DIR: dataDir, ADMIN_TOKEN: 'adm' });
    expect(again.quoteSigningKey).toEqual(first);
    expect(first.equals(again.webhookSecretKey)).toBe(false);
  });
});

describe('loadConfig: typed settings of each feature, read once here', () => {
  it('takes the tracking intervals from TRACKING_*, with defaults that follow the poll tick, and refuses nonsense', () => {
    expect(load({ TRACKING_POLL_INTERVAL_MS: '1000' }).trackingSync).toEqual({
      lastMileIntervalMs: 1000,
      activeIntervalMs: 2000,
      maxIntervalMs: 2000,
      failureDelayMs: 2000,
      terminalGraceMs: 7 * 24 * 3_600_000,
      terminalIntervalMs: 2000,
      batchSize: 500,
      leaseMs: 60_000,
    });
    const settings = load({
      TRACKING_ACTIVE_INTERVAL_MS: '900000',
      TRACKING_LAST_MILE_INTERVAL_MS: '300000',
      TRACKING_MAX_INTERVAL_MS: '7200000',
      TRACKING_BATCH_SIZE: '250',
      TRACKING_TERMINAL_GRACE_MS: '86400000',
      TRACKING_TERMINAL_INTERVAL_MS: '21600000',
    }).trackingSync;
    expect(settings).toMatchObject({
      activeIntervalMs: 900_000,
      lastMileIntervalMs: 300_000,
      maxIntervalMs: 7_200_000,
      batchSize: 250,
      terminalGraceMs: 86_400_000,
      terminalIntervalMs: 21_600_000,
    });
    expect(load({ TRACKING_ACTIVE_INTERVAL_MS: '900000' }).trackingSync.terminalIntervalMs).toBe(900_000);
    expect(load({ TRACKING_TERMINAL_GRACE_MS: '0' }).trackingSync.terminalGraceMs).toBe(0);
    expect(() => load({ TRACKING_TERMINAL_GRACE_MS: '-1' })).toThrow(/TRACKING_TERMINAL_GRACE_MS/);
    expect(() => load({ TRACKING_TERMINAL_INTERVAL_MS: '0' })).toThrow(/TRACKING_TERMINAL_INTERVAL_MS/);
    expect(() => load({ TRACKING_BATCH_SIZE: '0' })).toThrow(/TRACKING_BATCH_SIZE/);
    expect(() => load({ TRACKING_ACTIVE_INTERVAL_MS: 'soon' })).toThrow(/TRACKING_ACTIVE_INTERVAL_MS/);
  });

  it("leaves BullMQ's stalled-job timing to the queue unless QUEUE_LOCK_DURATION_MS / QUEUE_STALLED_INTERVAL_MS are set", () => {
    expect(load({})).toMatchObject({ queueLockDurationMs: undefined, queueStalledIntervalMs: undefined });
    expect(load({ QUEUE_LOCK_DURATION_MS: '10000', QUEUE_STALLED_INTERVAL_MS: '2000' })).toMatchObject({
      queueLockDurationMs: 10_000,
      queueStalledIntervalMs: 2_000,
    });
    expect(() => load({ QUEUE_LOCK_DURATION_MS: '500' })).toThrow(/QUEUE_LOCK_DURATION_MS/);
    expect(() => load({ QUEUE_STALLED_INTERVAL_MS: 'soon' })).toThrow(/QUEUE_STALLED_INTERVAL_MS/);
  });

  it('gives the rate cards folder only when RATE_CARDS_DIR is set', () => {
    expect(load({}).rateCardsDir).toBeUndefined();
    expect(load({ RATE_CARDS_DIR: '/srv/cards' }).rateCardsDir).toBe('/srv/cards');
  });

  it('reads where Chromium is (PUPPETEER_EXECUTABLE_PATH, PUPPETEER_CACHE_DIR) for the gateway and for harnesses alike', () => {
    expect(load({ PUPPETEER_EXECUTABLE_PATH: '/usr/bin/chromium' }).puppeteerExecutablePath).toBe('/usr/bin/chromium');
    expect(chromiumSettingsFrom({ PUPPETEER_EXECUTABLE_PATH: ' /usr/bin/chromium ', PUPPETEER_CACHE_DIR: '' })).toEqual({
      executablePath: '/usr/bin/chromium',
      cacheDir: undefined,
    });
  });
});
