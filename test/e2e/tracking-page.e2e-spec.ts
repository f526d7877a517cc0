import type { Browser } from 'playwright-core';
import { SAUDI_PUBLIC_HOLIDAYS } from '@lgw/kernel';
import { book } from '../support/booking';
import { launchBrowser, screenshot } from '../support/browser';
import { eventually } from '../support/eventually';
import { JEDDAH, RIYADH } from '../support/fixtures';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';

const PUBLIC_BASE_URL = 'https://track.shop.example';

/**
 * The recipient's tracking page (docs/adr/0083) in Debian's Chromium: no login, Arabic RTL by
 * default and English with ?lang=en, at 390 px and on a desk, the team's name and colour, city-level
 * places only (never the address, a phone or a price); the recipient answers an open delivery
 * issue on it; /t/{token}.json answers the same; unknown links leak nothing; reads are rate-limited.
 */
describe('recipient tracking page', () => {
  let t: TestApp;
  let browser: Browser;
  let team: TestTeam;

  beforeAll(async () => {
    t = await bootTestApp({
      worker: true,
      env: {
        TRACKING_POLL_INTERVAL_MS: '200',
        PUBLIC_BASE_URL,
        // The test's own requests say which reader they come from (the per-address budget).
        TRUST_PROXY: '127.0.0.1',
      },
    });
    browser = await launchBrowser();
    team = await t.createTeam('متجر الورد');
    await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 100_000 });
    const branded = await t.admin('PATCH', `/teams/${team.teamId}`, { brand_colour: '#7A1FA2' });
    expect(branded.status).toBe(200);
    expect(branded.body.brand_colour).toBe('#7a1fa2');
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  let minute = 0;
  const BASE = Date.now() - 3 * 60 * 60_000;
  const scan = async (carrier: string, trackingNumber: string, body: Record<string, unknown>) => {
    const occurred_at = new Date(BASE + ++minute * 60_000).toISOString();
    const res = await t.sandbox('POST', `/sandbox/v1/carriers/${carrier}/shipments/${trackingNumber}/events`, { ...body, occurred_at });
    expect(res.status).toBe(201);
  };
  const tokenOf = (s: { tracking_url: string }) => s.tracking_url.slice(`${PUBLIC_BASE_URL}/t/`.length);
  /** Everything the page must never show: the street, the short address, postal code, phones, the price, the shipment id. */
  const secrets = (s: any) => [
    RIYADH.line1,
    JEDDAH.line1,
    JEDDAH.short_address,
    RIYADH.short_address,
    RIYADH.postal_code,
    RIYADH.phone,
    JEDDAH.phone,
    JEDDAH.phone.slice(3),
    JEDDAH.name,
    String(s.quoted_total_sar),
    s.id,
  ];

  it('a shipment has a tracking_url on PUBLIC_BASE_URL with an unguessable token, never its id', async () => {
    const s = await book(t, team, 'sahm');
    expect(s.tracking_url).toMatch(new RegExp(`^${PUBLIC_BASE_URL.replace(/\./g, '\\.')}/t/[A-Za-z0-9_-]{24}$`));
    expect(s.tracking_url).not.toContain(s.id);
    const other = await book(t, team, 'sahm');
    expect(tokenOf(other)).not.toBe(tokenOf(s));
    expect(s.estimated_delivery_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(`${s.estimated_delivery_date}T00:00:00Z`).getUTCDay()).not.toBe(5);
  });

  it('shows status, estimate, timeline and branding in Arabic and English, at 390 px and on a desk, and nothing private', async () => {
    const s = await book(t, team, 'sahm');
    await scan('sahm', s.tracking_number, {
      code: 'PICKED_UP',
      location_en: 'Riyadh Hub, Exit 18, 2nd Industrial City',
      location_ar: 'مركز الرياض، المخرج 18',
    });
    await scan('sahm', s.tracking_number, { code: 'IN_TRANSIT', location_en: 'Riyadh' });
    await eventually('in transit', async () =>
      (await t.api(`/shipments/${s.id}`, { key: team.apiKey })).body.status === 'IN_TRANSIT' ? true : undefined,
    );
    const url = `${t.url}/t/${tokenOf(s)}`;

    const raw = await fetch(url);
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-type')).toContain('text/html');
    expect(raw.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await raw.text();
    for (const secret of secrets(s)) expect(html).not.toContain(secret);
    expect(html).not.toContain('Exit 18');

    for (const [lang, width, height] of [
      ['ar', 390, 844],
      ['en', 390, 844],
      ['ar', 1280, 900],
      ['en', 1280, 900],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height }, isMobile: width < 500 });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(lang === 'en' ? `${url}?lang=en` : url);
      expect(await page.getAttribute('html', 'dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      expect(await page.getAttribute('html', 'lang')).toBe(lang);
      await expect(page.textContent('.merchant')).resolves.toBe('متجر الورد');
      await expect(page.textContent('h1')).resolves.toBe(lang === 'ar' ? 'في الطريق' : 'In transit');
      // The team's colour reached the page through the style its CSP hash allows (nothing inline else).
      expect(await page.evaluate("getComputedStyle(document.querySelector('.brandbar')).backgroundColor")).toBe('rgb(122, 31, 162)');
      expect(await page.locator('.timeline li').count()).toBeGreaterThanOrEqual(3);
      expect(await page.textContent('.timeline')).toContain(lang === 'ar' ? 'مركز الرياض' : 'Riyadh Hub');
      const estimate = await page.textContent('.estimate');
      expect(estimate?.trim().length).toBeGreaterThan(3);
      // Nothing wider than the screen.
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
      const text = String(await page.evaluate('document.documentElement.outerHTML'));
      for (const secret of secrets(s)) expect(text).not.toContain(secret);
      await screenshot(page, `tracking-page-${lang}-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('with an open delivery issue the recipient picks a reattempt date and gives a new phone in the browser', async () => {
    const s = await book(t, team, 'sahm');
    await scan('sahm', s.tracking_number, { code: 'OUT_FOR_DELIVERY', location_en: 'Jeddah' });
    await scan('sahm', s.tracking_number, { code: 'EXCEPTION', exception_type: 'FAILED_DELIVERY_ATTEMPT', location_en: 'Jeddah' });
    await eventually('issue', async () =>
      (await t.api(`/shipments/${s.id}`, { key: team.apiKey })).body.delivery_issue ? true : undefined,
    );
    const url = `${t.url}/t/${tokenOf(s)}`;

    const json: any = await (await fetch(`${url}.json`)).json();
    expect(json.delivery_issue).toMatchObject({
      kind: 'FAILED_DELIVERY_ATTEMPT',
      status: 'OPEN',
      actions_allowed: ['reattempt', 'update_contact'],
    });
    const dates: string[] = json.delivery_issue.reattempt_dates;
    expect(dates.length).toBeGreaterThan(0);
    for (const d of dates) {
      expect(new Date(`${d}T00:00:00Z`).getUTCDay()).not.toBe(5);
      expect(SAUDI_PUBLIC_HOLIDAYS).not.toContain(d);
    }

    for (const [lang, width] of [
      ['ar', 390],
      ['en', 1280],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, isMobile: width < 500 });
      const page = await context.newPage();
      await page.goto(lang === 'en' ? `${url}?lang=en` : url);
      expect(await page.locator('#reattempt_date option').count()).toBe(dates.length);
      await screenshot(page, `tracking-page-issue-${lang}-${width}`);
      await context.close();
    }

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    await page.goto(url);
    // A phone the rules refuse: the page says why, in Arabic, and nothing changes.
    await page.fill('#phone', '12345');
    await page.click('form[data-action="update_contact"] button');
    await page.waitForSelector('.result:not([hidden])');
    expect(await page.textContent('.result')).toMatch(/[\u0600-\u06FF]/);
    await page.fill('#phone', '0551234567');
    // The page's data is read once a second per link (ADR 0083), but the recipient's own action
    // shows at once: read it, act, and read it again within that second.
    const readIssue = async () => ((await (await fetch(`${url}.json`)).json()) as any).delivery_issue.status;
    expect(await readIssue()).toBe('OPEN');
    const [acted] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/actions') && r.request().method() === 'POST'),
      page.click('form[data-action="update_contact"] button'),
    ]);
    expect(acted.ok()).toBe(true);
    expect(await readIssue()).toBe('ACTION_REQUESTED');
    await eventually('phone recorded', async () => {
      const body = (await t.api(`/shipments/${s.id}`, { key: team.apiKey })).body;
      return body.destination.phone === '966551234567' ? body : undefined;
    });
    await page.waitForLoadState('load');
    await page.goto(url);
    await page.selectOption('#reattempt_date', dates[0]);
    await page.click('form[data-action="reattempt"] button');
    const after = await eventually('reattempt recorded', async () => {
      const body = (await t.api(`/shipments/${s.id}`, { key: team.apiKey })).body;
      return body.delivery_issue.actions.some((a: any) => a.action === 'reattempt') ? body : undefined;
    });
    expect(after.delivery_issue.actions).toEqual([
      expect.objectContaining({ action: 'update_contact', by: 'recipient' }),
      expect.objectContaining({ action: 'reattempt', by: 'recipient', reattempt_date: dates[0] }),
    ]);
    await context.close();
    // The new phone is never shown back on the page.
    const html = await (await fetch(url)).text();
    expect(html).not.toContain('551234567');

    // The same rules as the API: a Friday is refused, a return is not the recipient's to ask.
    const friday = (() => {
      for (let d = 1; ; d++) {
        const date = new Date(Date.now() + 3 * 3_600_000 + d * 86_400_000).toISOString().slice(0, 10);
        if (new Date(`${date}T00:00:00Z`).getUTCDay() === 5) return date;
      }
    })();
    const post = (body: unknown) =>
      fetch(`${url}/actions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const refused = await post({ action: 'reattempt', reattempt_date: friday });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as any).error.details.errors[0].field).toBe('reattempt_date');
    expect((await post({ action: 'return_to_origin' })).status).toBe(422);
  });

  it("the recipient stops the shop's messages with the page's button, never by opening the link", async () => {
    const s = await book(t, team, 'sahm');
    const url = `${t.url}/t/${tokenOf(s)}`;
    const optedOut = async () =>
      (
        await t.runtime.database.dataSource.query('SELECT address FROM notification_opt_outs WHERE team_id = $1 AND shipment_id = $2', [
          team.teamId,
          s.id,
        ])
      ).map((r: { address: string }) => r.address);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    await page.goto(url);
    await page.goto(`${url}/opt-out`).catch(() => undefined); // a link scanner's GET
    expect(await optedOut()).toEqual([]);
    await page.goto(url);
    await page.click('form[data-endpoint="opt-out"] button');
    await page.waitForSelector('section.notices .result:not([hidden])');
    expect(await page.textContent('section.notices .result')).toBe('لن تصلك رسائل أخرى من هذا المتجر.');
    expect(await page.isHidden('form[data-endpoint="opt-out"] button')).toBe(true);
    expect(await optedOut()).toEqual(expect.arrayContaining([s.destination.phone]));
    await screenshot(page, 'tracking-page-opted-out-ar-390');
    await context.close();
  });

  it('answers an unknown or malformed link with the same 404, and the JSON the same data as the page', async () => {
    const s = await book(t, team, 'sahm');
    const token = tokenOf(s);
    const unknown = await fetch(`${t.url}/t/${'A'.repeat(24)}`);
    const malformed = await fetch(`${t.url}/t/${s.id}`);
    expect(unknown.status).toBe(404);
    expect(malformed.status).toBe(404);
    // The same page, byte for byte, and the same policy.
    expect(unknown.headers.get('content-security-policy')).toBe(malformed.headers.get('content-security-policy'));
    expect(await unknown.text()).toBe(await malformed.text());
    const unknownJson = await fetch(`${t.url}/t/${'A'.repeat(24)}.json`);
    expect(unknownJson.status).toBe(404);
    expect(((await unknownJson.json()) as any).error.code).toBe('E_NOT_FOUND');

    const json: any = await (await fetch(`${t.url}/t/${token}.json`)).json();
    expect(json).toMatchObject({
      tracking_number: s.tracking_number,
      merchant: { name: 'متجر الورد', colour: '#7a1fa2' },
      status: s.status,
      estimated_delivery_date: s.estimated_delivery_date,
      origin_city: 'Riyadh',
      destination_city: 'Jeddah',
      delivery_issue: null,
    });
    const text = JSON.stringify(json);
    for (const secret of secrets(s)) expect(text).not.toContain(secret);
  });

  it('limits reads per link', async () => {
    const s = await book(t, team, 'sahm');
    const url = `${t.url}/t/${tokenOf(s)}.json`;
    const statuses: number[] = [];
    for (let i = 0; i < 65; i++) statuses.push((await fetch(url)).status);
    expect(statuses.slice(0, 60).every((x) => x === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('limits reads per client address, whatever the link, and another address reads on', async () => {
    const s = await book(t, team, 'sahm');
    const from = (address: string) => ({ headers: { 'X-Forwarded-For': address } });
    // 120 guesses from one address, each a different unknown link (never the per-link budget).
    const guesses: number[] = [];
    for (let i = 0; i < 120; i++) {
      const guess = `guess${String(i).padStart(3, '0')}`.padEnd(24, 'x');
      guesses.push((await fetch(`${t.url}/t/${guess}.json`, from('203.0.113.7'))).status);
    }
    expect(new Set(guesses)).toEqual(new Set([404]));
    const spent = await fetch(`${t.url}/t/${tokenOf(s)}.json`, from('203.0.113.7'));
    expect(spent.status).toBe(429);
    expect(((await spent.json()) as any).error.code).toBe('E_RATE_LIMITED');
    expect((await fetch(`${t.url}/t/${tokenOf(s)}.json`, from('203.0.113.8'))).status).toBe(200);
  });
});
