import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CARRIERS, connectionSchemaOf } from '@lgw/carriers';
import { credentialApiName, sampleCredential } from '@lgw/carrier-access';
import { batchCsv, validRow } from '../support/batch-csv';
import { book } from '../support/booking';
import { apiCredentials, openSandboxAccount } from '../support/carrier-connections';
import { CARRIER_CODES, carrierDefinition } from '../support/carriers';
import { launchBrowser, screenshot } from '../support/browser';
import { pdfInfo } from '../support/pdf-tools';
import { PICKUP_CARRIERS, pickupSlotFor } from '../support/pickups';
import { labelRendered } from '../support/printing';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';
import { startWebhookReceiver, WebhookReceiver } from '../support/webhook-receiver';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('control panel (/console) in a real browser', () => {
  let t: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await bootTestApp({
      worker: true,
      // The test receiver listens on 127.0.0.1 with its own certificate.
      env: { TRACKING_POLL_INTERVAL_MS: '200', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_CA_FILE: receiver.caFile },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await receiver?.close();
  });
  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    page = await context.newPage();
  });
  afterEach(() => context.close());

  async function signIn(credential: string) {
    await page.goto(`${t.url}/console`);
    await page.fill('input[name=credential]', credential);
    await page.click('button[type=submit]');
  }

  it('is served with a strict CSP, no inline scripts, not framable, and outside the rate limit', async () => {
    const res = await fetch(`${t.url}/console`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-ratelimit-limit')).toBeNull();
    const html = await res.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/https?:\/\//);
    const missing = await fetch(`${t.url}/console/..%2F..%2Fpackage.json`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('E_NOT_FOUND');
  });

  it('lets an operator create a team, issue a secondary key and revoke it', async () => {
    await signIn(t.adminToken);
    await page.waitForSelector('h1:has-text("Teams")');
    await page.fill('input[name=name]', 'Console Trading');
    await page.click('form button[type=submit]');
    const firstKey = (await page.textContent('[data-testid=new-key]'))!.trim();
    expect(firstKey).toMatch(/^lgw_live_[0-9a-f]{64}$/);
    expect((await t.api('/carriers', { key: firstKey })).status).toBe(200);

    const teams = await t.admin('GET', '/teams');
    const created = teams.body.teams.find((x: { name: string }) => x.name === 'Console Trading');
    // The live key shown, and the team's test key (test mode) beside it.
    expect(created).toMatchObject({ active_keys: 2, rate_limit_per_minute: null });
    let keys: any[] = [];
    for (let i = 0; i < 50 && !keys[0]?.last_used_at; i++) {
      keys = ((await t.admin('GET', `/teams/${created.id}/keys`)).body.keys as any[]).filter((k) => k.mode === 'live');
      if (!keys[0]?.last_used_at) await sleep(100);
    }
    expect(keys).toHaveLength(1);
    expect(firstKey.startsWith(keys[0].display_prefix.replace(/…$/, ''))).toBe(true);
    expect(Date.parse(keys[0].last_used_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(keys)).not.toContain(firstKey);

    await page.click('a:has-text("Console Trading")');
    await page.waitForSelector('h1:has-text("Console Trading")');
    await page.click('button:has-text("Issue secondary key")');
    await page.waitForSelector('[data-testid=new-key]');
    const secondKey = (await page.textContent('[data-testid=new-key]'))!.trim();
    expect(secondKey).not.toBe(firstKey);
    // Three active keys (live, test, secondary); the first one was used above, so its last use is recorded.
    // Locators, not waitForFunction: the console's CSP forbids the eval that would need.
    await page.locator('button.danger').nth(2).waitFor();
    await screenshot(page, 'operator-team');

    page.once('dialog', (dialog) => void dialog.accept());
    const revokeFirst = page.locator('tr', { hasText: firstKey.slice(0, 12) }).locator('button.danger');
    await revokeFirst.click();
    await page.locator('button.danger').nth(2).waitFor({ state: 'detached' });
    expect((await t.api('/carriers', { key: firstKey })).status).toBe(401);
    expect((await t.api('/carriers', { key: secondKey })).status).toBe(200);
    expect(JSON.stringify(await page.evaluate('({ ...sessionStorage, ...localStorage, cookie: document.cookie })'))).not.toContain(
      secondKey,
    );
  });

  it('shows a merchant its shipments, the tracking timeline with exceptions, and the label', async () => {
    const team: TestTeam = await t.createTeam('Merchant');
    const other: TestTeam = await t.createTeam('Other Merchant');
    const mine = await book(t, team);
    const theirs = await book(t, other);
    await signIn(team.apiKey);
    await page.waitForSelector(`a:has-text("${mine.tracking_number}")`);
    expect(await page.locator(`a:has-text("${theirs.tracking_number}")`).count()).toBe(0);
    // The console's own budget (CONSOLE_RATE_LIMIT_PER_MINUTE), not the integration's 60.
    expect(await page.textContent('#rate')).toMatch(/\d+\/120/);
    // The key stays in this tab's session storage only, never in the URL.
    expect(page.url()).not.toContain(team.apiKey);
    await screenshot(page, 'shipments');

    await page.click(`a:has-text("${mine.tracking_number}")`);
    await page.waitForSelector('[data-testid=timeline]');
    const inject = async (body: Record<string, unknown>) => {
      const res = await t.sandbox('POST', `/sandbox/v1/carriers/${mine.carrier.code}/shipments/${mine.tracking_number}/events`, body);
      expect(res.status).toBe(201);
    };
    await inject({ code: 'PICKED_UP', location_en: 'Riyadh' });
    await inject({
      code: 'EXCEPTION_ADDRESS_ISSUE',
      exception_type: 'ADDRESS_ISSUE',
      location_en: 'Jeddah',
      occurred_at: new Date(Date.now() + 120_000).toISOString(),
    });
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      await page.reload();
      await page.waitForSelector('[data-testid=timeline]');
      if ((await page.locator('.timeline li.exception').count()) > 0) break;
      await sleep(300);
    }
    expect(await page.locator('.timeline li.exception').count()).toBeGreaterThan(0);
    // The exception type by its name, not its code.
    expect(await page.textContent('.timeline li.exception')).toContain('Address issue');
    await screenshot(page, 'shipment');

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('button:has-text("Download label")')]);
    const path = await download.path();
    const bytes = require('node:fs').readFileSync(path) as Buffer;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // An envelope error is shown in the page's language: a malformed destination.
    await page.fill('input[name=short_address]', 'nope');
    await page.click('button:has-text("Update destination")');
    await page.waitForSelector('#flash:not([hidden])');
    expect(await page.textContent('#flash')).toContain('short_address');
  });

  it.each(CARRIER_CODES)('%s: a shipment opens under the carrier name it declares, and its label downloads', async (carrier) => {
    const team: TestTeam = await t.createTeam(`Console ${carrier}`);
    const shipment = await book(t, team, carrier);
    await labelRendered(t, team, shipment.id);
    await signIn(team.apiKey);
    await page.waitForSelector(`a:has-text("${shipment.tracking_number}")`);
    await page.click(`a:has-text("${shipment.tracking_number}")`);
    await page.waitForSelector('[data-testid=timeline]');
    expect(await page.textContent('main')).toContain(carrierDefinition(carrier).descriptor.name_en);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('button:has-text("Download label")')]);
    const bytes = require('node:fs').readFileSync(await download.path()) as Buffer;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('shows the current invoice with its tax-invoice PDF, and the catalogue readiness report', async () => {
    const team = await t.createTeam('Billing Merchant');
    const shipment = await book(t, team);
    await signIn(team.apiKey);
    await page.waitForSelector('h1:has-text("Shipments")');
    // The ledger is fed from the outbox by the worker: the line shows once relayed.
    const deadline = Date.now() + 10_000;
    do {
      await page.goto(`${t.url}/console#/invoices`);
      await page.waitForSelector('[data-testid=invoice-totals]');
      if ((await page.locator(`td:has-text("${shipment.tracking_number}")`).count()) > 0) break;
      await sleep(300);
    } while (Date.now() < deadline);
    expect(await page.locator(`td:has-text("${shipment.tracking_number}")`).count()).toBeGreaterThan(0);
    const invoice = (await t.api('/invoices/current', { key: team.apiKey })).body;
    expect(await page.textContent('[data-testid=invoice-totals]')).toContain(invoice.total_sar.toFixed(2));
    await screenshot(page, 'invoice');
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.click('button:has-text("Tax invoice")')]);
    expect(
      require('node:fs')
        .readFileSync(await pdf.path())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');

    const put = await t.api('/catalogue/products', {
      method: 'PUT',
      key: team.apiKey,
      body: {
        products: [
          {
            sku: 'READY-1',
            hs_code: '610910',
            weight_kg: 0.4,
            length_cm: 30,
            width_cm: 20,
            height_cm: 5,
            origin_country: 'SA',
            value_sar: 50,
          },
          { sku: 'NO-HS-2', weight_kg: 0.4, length_cm: 30, width_cm: 20, height_cm: 5, origin_country: 'SA', value_sar: 50 },
        ],
      },
    });
    expect(put.status).toBe(200);
    await page.goto(`${t.url}/console#/readiness`);
    await page.click('button:has-text("Score my catalogue")');
    await page.waitForSelector('[data-testid=readiness-report]');
    const report = await page.textContent('[data-testid=readiness-report]');
    expect(report).toContain('90 / 100');
    expect(report).toContain('NO-HS-2');
    expect(report).not.toContain('READY-1');
    await screenshot(page, 'readiness');
  });

  it('sets up a webhook endpoint, shows the secret once, sends a test event and lists deliveries', async () => {
    const team = await t.createTeam('Webhook Merchant');
    await signIn(team.apiKey);
    await page.waitForSelector('h1:has-text("Shipments")');
    await page.goto(`${t.url}/console#/webhooks`);
    await page.waitForSelector('input[name=url]');
    await page.fill('input[name=url]', `${receiver.url}/console-hook`);
    await page.click('form button[type=submit]');
    const secret = (await page.textContent('[data-testid=webhook-secret]'))!.trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    await page.goto(`${t.url}/console#/shipments`);
    await page.goto(`${t.url}/console#/webhooks`);
    // Once saved, the page shows the endpoint but never the whole secret again.
    await page.waitForSelector('button:has-text("Send test event")');
    expect(await page.content()).not.toContain(secret);
    await page.click('button:has-text("Send test event")');
    await page.waitForSelector('[data-testid=test-result]:has-text("200")');
    const [test] = await receiver.waitFor('/console-hook', 1);
    expect(JSON.parse(test.body).type).toBe('webhook.test');

    const shipment = await book(t, team);
    await receiver.waitFor('/console-hook', 2, 15_000);
    await page.reload();
    await page.waitForSelector('td:has-text("shipment.created")');
    expect(await page.textContent('table')).toContain('delivered');
    await screenshot(page, 'webhooks');
    expect(shipment.id).toBeTruthy();
  });

  it('uploads a CSV batch, shows its progress to COMPLETED and offers the result file', async () => {
    const team = await t.createTeam('Batch Merchant');
    await signIn(team.apiKey);
    await page.waitForSelector('h1:has-text("Shipments")');
    await page.goto(`${t.url}/console#/batches`);
    const csv = batchCsv([validRow(1), validRow(2), validRow(2)]);
    await page.setInputFiles('input[name=file]', { name: 'orders.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await page.click('form button[type=submit]');
    await page.waitForSelector('[data-testid=batch-status]');
    await page.waitForSelector('[data-testid=batch-status]:has-text("COMPLETED")', { timeout: 20_000 });
    await screenshot(page, 'batch');
    const [result] = await Promise.all([page.waitForEvent('download'), page.click('button:has-text("Download result CSV")')]);
    const text = require('node:fs').readFileSync(await result.path(), 'utf8') as string;
    expect(text.split(/\r?\n/)[0]).toMatch(/,tracking_number,status$/);
    expect(text.trim().split(/\r?\n/)).toHaveLength(4);
    // The batch's labels print from its page, which says how many are ready while they render.
    await page.waitForSelector('[data-testid=labels-progress]:has-text("Labels ready")');
    const [labels] = await Promise.all([page.waitForEvent('download'), page.click('button:has-text("Print labels")')]);
    expect((await pdfInfo(await labels.path())).pages).toBe(2);
    await page.waitForSelector('[data-testid=labels-progress]:has-text("Labels ready: 2 of 2")');

    await page.goto(`${t.url}/console#/batches`);
    const bad = batchCsv([validRow(1, { phone: '12345' })]);
    await page.setInputFiles('input[name=file]', { name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad, 'utf8') });
    await page.click('form button[type=submit]');
    await page.waitForSelector('[data-testid=batch-status]:has-text("REJECTED")', { timeout: 20_000 });
    const [rejections] = await Promise.all([page.waitForEvent('download'), page.click('button:has-text("Download rejections CSV")')]);
    expect(require('node:fs').readFileSync(await rejections.path(), 'utf8')).toContain('phone');

    // A file the upload refuses shows the envelope's reason in the page.
    await page.goto(`${t.url}/console#/batches`);
    await page.setInputFiles('input[name=file]', { name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.alloc(0) });
    await page.click('form button[type=submit]');
    await page.waitForSelector('#flash:not([hidden])');
    expect(await page.textContent('#flash')).toContain('file');
  });

  it('shows where the cash on delivery stands and a carrier payout reconciled per shipment', async () => {
    const team = await t.createTeam('COD Merchant');
    const shipment = await book(t, team, undefined, { cod_amount: 88.5 });
    const paid = await t.sandbox('POST', `/sandbox/v1/carriers/${shipment.carrier.code}/remittances`, {
      items: [{ tracking_number: shipment.tracking_number, amount_sar: 80 }],
      reference: 'CONSOLE-PAYOUT-1',
    });
    expect(paid.status).toBe(201);
    await signIn(team.apiKey);
    await page.waitForSelector('h1:has-text("Shipments")');
    // The payout is read by the worker's recurring job: it shows once imported.
    const deadline = Date.now() + 10_000;
    await page.goto(`${t.url}/console#/cod`);
    do {
      await page.reload();
      await page.waitForSelector('[data-testid=cod-summary]');
      if ((await page.locator('a:has-text("CONSOLE-PAYOUT-1")').count()) > 0) break;
      await sleep(300);
    } while (Date.now() < deadline);
    const summary = (await t.api('/cod/summary', { key: team.apiKey })).body;
    expect(summary.remitted_sar).toBe(80);
    expect(await page.textContent('[data-testid=cod-summary]')).toContain('80.00');
    await screenshot(page, 'cod');
    await page.click('a:has-text("CONSOLE-PAYOUT-1")');
    await page.waitForSelector('[data-testid=cod-remittance-items]');
    const items = await page.textContent('[data-testid=cod-remittance-items]');
    expect(items).toContain(shipment.tracking_number);
    expect(items).toContain('88.50');
    expect(items).toContain('-8.50');
  });

  it('prints the selected labels as one PDF and creates a manifest with its PDF and CSV', async () => {
    const team: TestTeam = await t.createTeam('Warehouse');
    const first = await book(t, team);
    const second = await book(t, team, first.carrier.code);
    for (const s of [first, second]) await labelRendered(t, team, s.id);
    await signIn(team.apiKey);
    await page.waitForSelector(`a:has-text("${first.tracking_number}")`);
    await page.check(`input[aria-label="${first.tracking_number}"]`);
    await page.check(`input[aria-label="${second.tracking_number}"]`);
    const [labels] = await Promise.all([page.waitForEvent('download'), page.click('button:has-text("Print selected labels")')]);
    const merged = require('node:fs').readFileSync(await labels.path()) as Buffer;
    expect(merged.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await pdfInfo(await labels.path())).pages).toBe(2);

    await page.selectOption('select[name=carrier]', first.carrier.code);
    await page.click('button:has-text("Create manifest")');
    await page.waitForSelector('#flash:not([hidden])');
    expect(await page.textContent('#flash')).toContain('2');
    const [csv] = await Promise.all([page.waitForEvent('download'), page.click('button:has-text("Manifest (CSV)")')]);
    const text = require('node:fs').readFileSync(await csv.path(), 'utf8') as string;
    expect(text).toContain(first.tracking_number);
    expect(text).toContain(second.tracking_number);
  });

  it('rates, compares and buys a shipment with cash on delivery, then prints its label', async () => {
    const team = await t.createTeam('Rate And Buy');
    await signIn(team.apiKey);
    await page.waitForSelector('h1:has-text("Shipments")');
    await page.click('nav a[href="#/ship"]');
    await page.waitForSelector('[data-testid=rate-form]');
    const fill = async (side: string, a: Record<string, string>) => {
      for (const name of ['name', 'phone', 'city', 'short_address']) await page.fill(`input[name=${side}_${name}]`, a[name]);
    };
    await fill('origin', { name: 'Acme Warehouse', phone: '966512345678', city: 'Riyadh', short_address: 'RRRD2929' });
    await fill('destination', { name: 'محمد عبدالله', phone: '966598765432', city: 'Jeddah', short_address: 'JEDA1234' });
    await page.fill('input[name=weight_kg]', '1.2');
    // A short address alone completes the city and postal code from the National Address register.
    await page.fill('input[name=destination_city]', '');
    await page.fill('input[name=destination_short_address]', 'jeda1234');
    await page.press('input[name=destination_short_address]', 'Tab');
    await page.waitForSelector('input[name=destination_short_address][data-verified=true]');
    expect(await page.inputValue('input[name=destination_city]')).toBe('Jeddah');
    expect(await page.inputValue('input[name=destination_postal_code]')).toMatch(/^\d{5}$/);
    await page.fill('input[name=cod_amount]', '125.5');
    await page.fill('input[name=reference]', 'CONSOLE-1');
    await page.click('button:has-text("Compare rates")');
    await page.waitForSelector('[data-testid=quotes] button[data-quote]');
    const offered = await page.$$eval('[data-testid=quotes] button[data-quote]', (buttons) =>
      buttons.map((b) => b.getAttribute('data-quote')),
    );
    expect(offered.length).toBeGreaterThan(0);
    expect(await page.textContent('[data-testid=quotes]')).toContain('Cash on delivery');
    await screenshot(page, 'ship-quotes');

    await page.click(`button[data-quote="${offered[0]}"]`);
    await page.waitForSelector('[data-testid=bought-tracking]');
    const list = await t.api('/shipments?q=CONSOLE-1', { key: team.apiKey });
    expect(list.body.shipments).toHaveLength(1);
    const [bought] = list.body.shipments;
    expect(await page.textContent('[data-testid=bought-tracking]')).toBe(bought.tracking_number);
    expect(bought).toMatchObject({ reference: 'CONSOLE-1', cod_amount_sar: 125.5 });
    // Bought at the quoted price: the cash-on-delivery fee was in the quote.
    const quote = await t.api('/shipments/' + bought.id, { key: team.apiKey });
    expect(quote.body.cod.fee_sar).toBeGreaterThan(0);
    const [label] = await Promise.all([page.waitForEvent('download'), page.click('button:has-text("Download label")')]);
    expect(
      require('node:fs')
        .readFileSync(await label.path())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
  });

  it('cancels a selection of shipments in bulk and says which could not be cancelled', async () => {
    const team = await t.createTeam('Bulk Cancel');
    const [first, second, third] = [await book(t, team), await book(t, team), await book(t, team)];
    // The courier has the third one already: it can no longer be cancelled.
    expect(
      (
        await t.sandbox('POST', `/sandbox/v1/carriers/${third.carrier.code}/shipments/${third.tracking_number}/events`, {
          code: 'PICKED_UP',
        })
      ).status,
    ).toBe(201);
    for (let i = 0; i < 100 && (await t.api(`/shipments/${third.id}`, { key: team.apiKey })).body.status !== 'PICKED_UP'; i++)
      await sleep(100);
    await signIn(team.apiKey);
    await page.waitForSelector(`a:has-text("${first.tracking_number}")`);
    for (const s of [first, second, third]) await page.check(`input[aria-label="${s.tracking_number}"]`);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.click('[data-testid=cancel-selected]');
    await page.waitForSelector('#flash:has-text("2 cancelled, 1 could not")');
    for (const s of [first, second]) {
      expect((await t.api(`/shipments/${s.id}`, { key: team.apiKey })).body.status).toBe('CANCELLED');
    }
    expect((await t.api(`/shipments/${third.id}`, { key: team.apiKey })).body.status).toBe('PICKED_UP');
  });

  it('schedules a pickup for selected shipments, lists it and cancels it', async () => {
    const code = PICKUP_CARRIERS[0].code;
    const team = await t.createTeam('Pickup Console');
    const [first, second] = [await book(t, team, code), await book(t, team, code)];
    for (const s of [first, second]) await labelRendered(t, team, s.id);
    await signIn(team.apiKey);
    await page.waitForSelector(`a:has-text("${first.tracking_number}")`);
    for (const s of [first, second]) await page.check(`input[aria-label="${s.tracking_number}"]`);
    const slot = pickupSlotFor(code);
    // The date offered is the next day this carrier collects on (never a day it does not, such as Friday).
    expect(await page.inputValue('input[name=pickup_date]')).toBe(slot.pickup_date);
    await page.fill('input[name=pickup_date]', slot.pickup_date);
    await page.fill('input[name=window_from]', slot.window.from);
    await page.fill('input[name=window_to]', slot.window.to);
    await page.click('button:has-text("Schedule pickup")');
    await page.waitForSelector('h1:has-text("Pickups")');
    await page.waitForSelector('#flash:has-text("Pickup scheduled")');
    const [pickup] = (await t.api('/pickups', { key: team.apiKey })).body.pickups;
    expect(pickup).toMatchObject({ carrier: code, status: 'SCHEDULED', pickup_date: slot.pickup_date });
    expect([...pickup.shipment_ids].sort()).toEqual([first.id, second.id].sort());
    expect(await page.textContent('main')).toContain(pickup.confirmation_number);
    await screenshot(page, 'pickups');

    page.once('dialog', (dialog) => void dialog.accept());
    await page.click(`button[data-pickup="${pickup.id}"]`);
    await page.waitForSelector('#flash:has-text("Pickup cancelled")');
    expect((await t.api(`/pickups/${pickup.id}`, { key: team.apiKey })).body.status).toBe('CANCELLED');
    expect((await t.api(`/shipments/${first.id}`, { key: team.apiKey })).body.status).toBe('LABEL_GENERATED');
  });

  it('creates a customer return of a delivered shipment and opens it', async () => {
    const carrier = CARRIERS.find((c) => c.descriptor.capabilities.returns)!.descriptor.code;
    const team = await t.createTeam('Return Console');
    const delivered = await book(t, team, carrier);
    expect(
      (await t.sandbox('POST', `/sandbox/v1/carriers/${carrier}/shipments/${delivered.tracking_number}/events`, { code: 'DELIVERED' }))
        .status,
    ).toBe(201);
    for (let i = 0; i < 100 && (await t.api(`/shipments/${delivered.id}`, { key: team.apiKey })).body.status !== 'DELIVERED'; i++)
      await sleep(100);
    await signIn(team.apiKey);
    await page.waitForSelector('h1:has-text("Shipments")');
    await page.goto(`${t.url}/console#/shipments/${delivered.id}`);
    await page.fill('input[name=return_reason]', 'wrong size');
    await page.click('button:has-text("Create a customer return")');
    await page.waitForSelector('#flash:has-text("Return created")');
    const returns = (await t.api('/shipments?limit=100', { key: team.apiKey })).body.shipments.filter(
      (s: any) => s.return_of === delivered.id,
    );
    expect(returns).toHaveLength(1);
    await page.waitForSelector(`h1:has-text("${returns[0].tracking_number}")`);
    expect(returns[0]).toMatchObject({ is_return: true, reference: 'RETURN: wrong size' });
  });

  it("adds a team's own account at each carrier, shows the carrier's refusal per field in the page's language, and deletes it", async () => {
    const team = await t.createTeam('Carrier Accounts Console');
    const post = (body: unknown) => t.api('/carrier-connections', { method: 'POST', key: team.apiKey, body });
    /** Where the page puts an API problem: beside its input, else under the inputs. */
    const errorSlot = async (field: string) =>
      page.locator(`.field-error[data-error-for="${(await page.locator(`input[name="${field}"]`).count()) ? field : ''}"]`);
    await signIn(team.apiKey);
    await page.waitForSelector('h1:has-text("Shipments")');
    await page.click('nav a:has-text("Carrier accounts")');
    await page.waitForSelector('h1:has-text("Carrier accounts")');
    // The platform's accounts are listed, marked, without their credentials.
    await page
      .locator('tr[data-connection]')
      .nth(CARRIERS.length - 1)
      .waitFor();
    expect(await page.locator('tr[data-connection]', { hasText: 'Platform' }).count()).toBe(CARRIERS.length);
    expect(await page.locator('tr[data-connection] button.danger').count()).toBe(0);

    for (const carrier of CARRIERS) {
      const { code } = carrier.descriptor;
      const fields = Object.entries(connectionSchemaOf(carrier).fields);
      const inputOf = (name: string) => page.locator(`input[name="credentials.${credentialApiName(name)}"]`);
      await page.selectOption('select[name=carrier]', code);
      // One input per declared credential; secrets are password inputs.
      expect(await page.locator('input[name^="credentials."]').count()).toBe(fields.length);
      for (const [name, field] of fields)
        expect(await inputOf(name).getAttribute('type')).toBe(field.secret === false ? 'text' : 'password');

      // Credentials of the right shape that no account at the carrier has: the carrier refuses them.
      const wrong = Object.fromEntries(fields.map(([name, field]) => [name, sampleCredential(field)]));
      for (const [name, value] of Object.entries(wrong)) await inputOf(name).fill(value);
      await page.click('button:has-text("Check and save")');
      const refused = await post({ carrier: code, credentials: apiCredentials(wrong) });
      expect(refused.status).toBe(422);
      for (const problem of refused.body.error.details.errors) {
        const slot = await errorSlot(problem.field);
        await slot.waitFor({ state: 'visible' });
        expect(await slot.textContent()).toContain(problem.reason);
      }
      expect((await t.api('/carrier-connections', { key: team.apiKey })).body.connections.some((c: any) => c.owner === 'team')).toBe(false);

      // An account opened at the carrier's sandbox: saved, listed as the team's with its hint.
      const opened = await openSandboxAccount(t, code);
      for (const [name, value] of Object.entries(opened.credentials)) await inputOf(name).fill(value);
      await page.click('button:has-text("Check and save")');
      await page.waitForSelector('#flash:has-text("account saved")');
      const own = (await t.api('/carrier-connections', { key: team.apiKey })).body.connections.find(
        (c: any) => c.owner === 'team' && c.carrier === code,
      );
      expect(own).toMatchObject({ status: 'active', credentials_hint: expect.any(String) });
      const row = page.locator(`tr[data-connection="${own.id}"]`);
      expect(await row.textContent()).toContain('Yours');
      expect(await row.textContent()).toContain(own.credentials_hint);
      // No secret is shown back; fields the carrier declares not secret (a 2-letter country code) may be.
      const shown = await page.locator('#view').innerText();
      const secret = new Set(fields.filter(([, field]) => field.secret !== false).flatMap(([name]) => [name, credentialApiName(name)]));
      const secrets = Object.entries(opened.credentials).filter(([name]) => secret.has(name));
      expect(secrets.length).toBeGreaterThan(0);
      for (const [, value] of secrets) expect(shown).not.toContain(value);
      if (carrier === CARRIERS[0]) await screenshot(page, 'carrier-accounts');

      // Deleted after a confirmation: the platform's account is the team's again.
      page.once('dialog', (dialog) => void dialog.accept());
      await row.locator('button.danger').click();
      await page.waitForSelector('#flash:has-text("Carrier account deleted")');
      await row.waitFor({ state: 'detached' });
      const after = (await t.api('/carrier-connections', { key: team.apiKey })).body.connections as any[];
      expect(after.some((c) => c.owner === 'team')).toBe(false);
      expect(after.filter((c) => c.owner === 'platform')).toHaveLength(CARRIERS.length);
    }

    // In Arabic, right to left: the labels the carrier declares and the API's Arabic reasons.
    await page.click('#lang');
    await page.waitForSelector('h1:has-text("حسابات شركات الشحن")');
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    const carrier = CARRIERS[0];
    const [name, field] = Object.entries(connectionSchemaOf(carrier).fields)[0];
    await page.selectOption('select[name=carrier]', carrier.descriptor.code);
    expect(await page.locator('label', { hasText: field.label_ar }).count()).toBe(1);
    await page.fill(`input[name="credentials.${credentialApiName(name)}"]`, 'x');
    await page.click('button:has-text("تحقق واحفظ")');
    const invalid = await post({ carrier: carrier.descriptor.code, credentials: { [credentialApiName(name)]: 'x' } });
    const problem = invalid.body.error.details.errors.find((e: any) => e.field === `credentials.${credentialApiName(name)}`);
    expect(problem.reason_ar).toMatch(/[\u0600-\u06ff]/);
    const slot = await errorSlot(problem.field);
    await slot.waitFor({ state: 'visible' });
    expect(await slot.textContent()).toBe(problem.reason_ar);
  });

  it('browses on its own rate budget: a team limited to 2 calls a minute still browses, and its API limit stays whole', async () => {
    const team = await t.createTeam('Busy Browser');
    await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 2 });
    await signIn(team.apiKey);
    for (const [hash, heading] of [
      ['#/shipments', 'Shipments'],
      ['#/webhooks', 'Webhook'],
      ['#/pickups', 'Pickups'],
      ['#/cod', 'Cash on delivery'],
      ['#/shipments', 'Shipments'],
    ]) {
      await page.goto(`${t.url}/console${hash}`);
      await page.waitForSelector(`h1:has-text("${heading}")`);
      expect(await page.isHidden('#flash')).toBe(true);
    }
    const api = await t.api('/carriers', { key: team.apiKey });
    expect(api.status).toBe(200);
    expect(api.headers.get('x-ratelimit-remaining')).toBe('1');
  });

  it('signs in with a test key: the test mode is marked on every page and only the test data shows', async () => {
    const team = await t.createTeam('Test Mode Console');
    const live = await book(t, team);
    const test = await book(t, { ...team, apiKey: team.testApiKey });
    await signIn(team.testApiKey);
    await page.waitForSelector(`a:has-text("${test.tracking_number}")`);
    expect(await page.isVisible('#mode')).toBe(true);
    expect(await page.textContent('#mode')).toContain('Test mode');
    expect(await page.locator(`a:has-text("${live.tracking_number}")`).count()).toBe(0);
    await page.click('#signout');
    await signIn(team.apiKey);
    await page.waitForSelector(`a:has-text("${live.tracking_number}")`);
    expect(await page.isHidden('#mode')).toBe(true);
    expect(await page.locator(`a:has-text("${test.tracking_number}")`).count()).toBe(0);
  });

  it('prints the labels it can when a selected shipment was cancelled, says which it skipped, and gives cancelled rows no checkbox', async () => {
    const team: TestTeam = await t.createTeam('Bulk Print');
    const kept = await book(t, team);
    const cancelledLater = await book(t, team, kept.carrier.code);
    const cancelledBefore = await book(t, team, kept.carrier.code);
    for (const s of [kept, cancelledLater, cancelledBefore]) await labelRendered(t, team, s.id);
    expect((await t.api(`/shipments/${cancelledBefore.id}/cancel`, { method: 'POST', key: team.apiKey })).status).toBe(200);
    await signIn(team.apiKey);
    await page.waitForSelector(`a:has-text("${kept.tracking_number}")`);
    expect(await page.locator(`input[aria-label="${cancelledBefore.tracking_number}"]`).count()).toBe(0);
    await page.check(`input[aria-label="${kept.tracking_number}"]`);
    await page.check(`input[aria-label="${cancelledLater.tracking_number}"]`);
    // Cancelled after the list was shown: the print skips it and says so.
    expect((await t.api(`/shipments/${cancelledLater.id}/cancel`, { method: 'POST', key: team.apiKey })).status).toBe(200);
    const [labels] = await Promise.all([page.waitForEvent('download'), page.click('button:has-text("Print selected labels")')]);
    expect((await pdfInfo(await labels.path())).pages).toBe(1);
    await page.waitForSelector(`#flash:has-text("${cancelledLater.tracking_number}")`);
  });

  it('shows a shipment its cash on delivery and reference, and translates exception codes in Arabic', async () => {
    const team: TestTeam = await t.createTeam('COD Page');
    const shipment = await book(t, team, undefined, { cod_amount: 150, reference: 'ORDER-7788' });
    const res = await t.sandbox('POST', `/sandbox/v1/carriers/${shipment.carrier.code}/shipments/${shipment.tracking_number}/events`, {
      code: 'EXCEPTION_CARRIER_DELAY',
      exception_type: 'CARRIER_DELAY',
      occurred_at: new Date(Date.now() + 120_000).toISOString(),
    });
    expect(res.status).toBe(201);
    await signIn(team.apiKey);
    await page.waitForSelector(`a:has-text("${shipment.tracking_number}")`);
    await page.click(`a:has-text("${shipment.tracking_number}")`);
    await page.waitForSelector('[data-testid=timeline]');
    expect(await page.textContent('[data-testid=cod]')).toContain('150.00');
    expect(await page.textContent('[data-testid=cod]')).toContain('To collect');
    expect(await page.textContent('[data-testid=reference]')).toContain('ORDER-7788');
    const deadline = Date.now() + 10_000;
    while ((await page.locator('.timeline li.exception').count()) === 0 && Date.now() < deadline) {
      await sleep(300);
      await page.reload();
      await page.waitForSelector('[data-testid=timeline]');
    }
    expect(await page.textContent('.timeline li.exception')).toContain('Carrier delay');
    await page.click('#lang');
    await page.waitForSelector('[data-testid=timeline]');
    await page.waitForSelector('html[lang=ar]');
    const arabic = await page.textContent('.timeline li.exception');
    expect(arabic).not.toContain('CARRIER_DELAY');
    expect(arabic).toContain('تأخير');
    expect(await page.textContent('[data-testid=cod]')).toContain('150.00');
  });

  it('switches to Arabic with a right-to-left layout', async () => {
    const team = await t.createTeam('Arabic Merchant');
    await signIn(team.apiKey);
    await page.waitForSelector('h1:has-text("Shipments")');
    await page.click('#lang');
    await page.waitForSelector('h1:has-text("الشحنات")');
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.getAttribute('html', 'lang')).toBe('ar');
    await screenshot(page, 'shipments-ar');
    const bad = await t.api('/shipments?limit=0', { key: team.apiKey });
    expect(bad.status).toBe(422);
    await page.goto(`${t.url}/console#/shipments?offset=-5`);
    await page.waitForSelector('h1:has-text("الشحنات")');
  });

  it('fits a phone screen', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const p = await phone.newPage();
    await p.goto(`${t.url}/console`);
    await p.waitForSelector('input[name=credential]');
    const overflow = await p.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.close();
  });

  it('hides "Sign out" until signed in, and never shows the text "null" for an absent part', async () => {
    await page.goto(`${t.url}/console`);
    await page.waitForSelector('input[name=credential]');
    expect(await page.locator('#signout').isVisible()).toBe(false);
    const team = await t.createTeam('Plain Merchant');
    await signIn(team.apiKey);
    await page.waitForSelector('h1:has-text("Shipments")');
    expect(await page.locator('#signout').isVisible()).toBe(true);
    for (const [hash, heading] of [
      ['#/webhooks', 'Webhooks'],
      ['#/carrier-accounts', 'Carrier accounts'],
      ['#/batches', 'Batches'],
    ]) {
      await page.goto(`${t.url}/console${hash}`);
      await page.waitForSelector(`h1:has-text("${heading}")`);
      await page.locator('section.card').last().waitFor();
      expect(await page.locator('#view').innerText()).not.toMatch(/\bnull\b/);
    }
    // The batch upload asks for a CSV file.
    expect(await page.locator('label', { hasText: 'File (CSV)' }).count()).toBe(1);
    expect(await page.locator('label', { hasText: 'PDF' }).count()).toBe(0);
  });

  it("shows the operator a team's current rate limit, the default included", async () => {
    const team = await t.createTeam('Limit Merchant');
    await signIn(t.adminToken);
    await page.goto(`${t.url}/console#/operator/teams/${team.teamId}`);
    await page.waitForSelector('h1:has-text("Limit Merchant")');
    const current = (await t.api('/carriers', { key: team.apiKey })).headers.get('x-ratelimit-limit');
    expect(await page.inputValue('input[name=per_minute]')).toBe(current);
    await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 75 });
    await page.reload();
    await page.waitForSelector('h1:has-text("Limit Merchant")');
    expect(await page.inputValue('input[name=per_minute]')).toBe('75');
  });

  it('lists the batches, searches and exports shipments, in Arabic, and fits 390 px', async () => {
    const team = await t.createTeam('Daily Merchant');
    await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 1000 });
    const wanted = await book(t, team, undefined, { reference: 'DAILY-0042' });
    await book(t, team, undefined, { reference: 'OTHER-7' });
    await signIn(team.apiKey);
    await page.waitForSelector(`a:has-text("${wanted.tracking_number}")`);

    // Search by the order reference's start; the export carries the same filter.
    await page.fill('input[name=q]', 'DAILY');
    await page.click('form[role=search] button[type=submit]');
    await page.waitForSelector('text=1–1 of 1');
    expect(await page.locator('tbody tr').count()).toBe(1);
    const [file] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export]')]);
    const lines = (require('node:fs').readFileSync(await file.path(), 'utf8') as string).trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('DAILY-0042');

    // A rejected batch and the status filter read in Arabic.
    const bad = batchCsv([validRow(1, { phone: '12345' })]);
    await page.goto(`${t.url}/console#/batches`);
    await page.setInputFiles('input[name=file]', { name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad, 'utf8') });
    await page.click('form button[type=submit]');
    await page.waitForSelector('[data-testid=batch-status][data-status=REJECTED]', { timeout: 20_000 });
    await page.goto(`${t.url}/console#/batches?r=1`);
    await page.waitForSelector('[data-testid=batch-list] a:has-text("bad.csv")');
    await page.click('#lang');
    await page.waitForSelector('[data-testid=batch-list] .badge.REJECTED');
    expect(await page.locator('[data-testid=batch-list] .badge.REJECTED').innerText()).toBe('مرفوضة');
    await page.goto(`${t.url}/console#/shipments`);
    await page.waitForSelector('select[name=status] option[value=DELIVERED]', { state: 'attached' });
    const options = await page.locator('select[name=status] option').allInnerTexts();
    expect(options[0]).toBe('كل الحالات');
    expect(options.slice(1).every((o) => /[\u0600-\u06ff]/.test(o) && !/[A-Z_]{4,}/.test(o))).toBe(true);
    await screenshot(page, 'shipments-search-ar');
    await page.click('#lang');

    // The list fits a phone: nothing wider than the screen.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const p = await phone.newPage();
    await p.goto(`${t.url}/console`);
    await p.fill('input[name=credential]', team.apiKey);
    await p.click('button[type=submit]');
    await p.waitForSelector(`a:has-text("${wanted.tracking_number}")`);
    expect(await p.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth')).toBeLessThanOrEqual(0);
    await screenshot(p, 'shipments-390');
    await phone.close();
  });

  it('manages keys and shows the audit trail, and a scoped key sees only the pages its scopes allow', async () => {
    const team = await t.createTeam('Console Keys');
    await signIn(team.apiKey);
    await page.waitForSelector('nav a[href="#/keys"]');
    await page.click('nav a[href="#/keys"]');
    await page.waitForSelector('h1:has-text("API keys")');
    await page.fill('input[name=name]', 'Printer');
    await page.selectOption('select[name=scope-labels]', 'read');
    await page.selectOption('select[name=scope-shipments]', 'read');
    await page.click('form button[type=submit]');
    const printerKey = (await page.textContent('[data-testid=new-key]'))!.trim();
    expect(printerKey).toMatch(/^lgw_live_[0-9a-f]{64}$/);
    await page.waitForSelector('td:has-text("shipments:read labels:read")');
    const listed = await t.api('/api-keys', { key: team.apiKey });
    expect(listed.body.keys.find((k: any) => k.name === 'Printer').scopes).toEqual(['shipments:read', 'labels:read']);

    await page.click('nav a[href="#/audit"]');
    await page.waitForSelector('h1:has-text("Audit trail")');
    await page.waitForSelector('td:has-text("api_key.created")');
    await page.click('button:has-text("Verify the chain")');
    await page.waitForSelector('[data-testid=audit-verdict]:has-text("Intact: 1 events checked.")');

    // The printer's key: no keys, audit, webhooks or billing pages; a page it lacks says which scope.
    await page.click('#signout');
    await signIn(printerKey);
    await page.waitForSelector('h1:has-text("Shipments")');
    const offered = await page.$$eval('nav a', (links) => links.map((a) => a.getAttribute('href')));
    // shipments:read also reads the team's shipping rules and its carrier performance.
    expect(offered).toEqual(['#/shipments', '#/rules', '#/analytics']);
    await page.goto(`${t.url}/console#/webhooks`);
    await page.waitForSelector('#flash:has-text("webhooks:read")');
  });
});
