import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from './app-config';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'lgw-config-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ADMIN_TOKEN: 'x', ...env });

describe('loadConfig: the seller on tax invoices', () => {
  it('takes the name and VAT number from the environment', () => {
    const config = load({ INVOICE_SELLER_NAME: ' شركة البوابة Gateway Co ', INVOICE_SELLER_VAT_NUMBER: '310122393500003' });
    expect(config.invoiceSellerName).toBe('شركة البوابة Gateway Co');
    expect(config.invoiceSellerVatNumber).toBe('310122393500003');
  });

  it('falls back to the documented placeholders', () => {
    expect(load({})).toMatchObject({ invoiceSellerName: 'Logistics Gateway', invoiceSellerVatNumber: '300000000000003' });
  });

  it.each(['31012239350000', '210122393500003', '310122393500002', '3101223935000a3'])('refuses the VAT number %s at start-up', (vat) => {
    expect(() => load({ INVOICE_SELLER_VAT_NUMBER: vat })).toThrow(/INVOICE_SELLER_VAT_NUMBER/);
  });

  it('refuses a name the QR code cannot carry (over 255 bytes of UTF-8)', () => {
    expect(() => load({ INVOICE_SELLER_NAME: 'ب'.repeat(128) })).toThrow(/INVOICE_SELLER_NAME/);
    expect(load({ INVOICE_SELLER_NAME: 'ب'.repeat(127) }).invoiceSellerName).toHaveLength(127);
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
