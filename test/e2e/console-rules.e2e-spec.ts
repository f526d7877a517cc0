import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CARRIERS } from '@lgw/carriers';
import { launchBrowser, screenshot } from '../support/browser';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';

/** The shipping rules and carrier performance pages of the console, in Chromium, in both languages. */
describe('console: shipping rules and carrier performance', () => {
  let t: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let team: TestTeam;

  beforeAll(async () => {
    t = await bootTestApp();
    browser = await launchBrowser();
    team = await t.createTeam('Rules Console');
    await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 100_000 });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });
  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  });
  afterEach(() => context.close());

  async function signIn(credential: string) {
    await page.goto(`${t.url}/console`);
    await page.fill('input[name=credential]', credential);
    await page.click('button[type=submit]');
    await page.waitForSelector('h1');
  }

  it('adds a rule (every problem shown first, in Arabic), lists it, and tries it on a sample request', async () => {
    const quotes = (await t.api('/rates', { method: 'POST', key: team.apiKey, body: sampleRates() })).body.quotes as any[];
    const last = quotes[quotes.length - 1];
    await signIn(team.apiKey);
    await page.click('#lang');
    await page.click('nav a[href="#/rules"]');
    await page.waitForSelector('h1:has-text("قواعد الشحن")');
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');

    // Min above max, and no action: both refused at once, each reason in Arabic.
    await page.fill('input[name=name]', 'جدة أولاً');
    await page.fill('input[name=destination_cities]', 'جدة');
    await page.fill('input[name=weight_min]', '30');
    await page.fill('input[name=weight_max]', '20');
    await page.click('button:has-text("حفظ القاعدة")');
    const problems = page.locator('ul[data-error-for=rule] li');
    await problems.first().waitFor();
    const texts = await problems.allTextContents();
    expect(texts.map((line) => line.split(':')[0])).toEqual(['conditions.weight_kg', 'action']);
    for (const line of texts) expect(line).toMatch(/[\u0600-\u06FF]/);

    await page.fill('input[name=weight_min]', '');
    await page.fill('input[name=weight_max]', '20');
    await page.selectOption('select[name=prefer]', `${last.carrier.code}/${last.service.code}`);
    await page.click('button:has-text("حفظ القاعدة")');
    await page.waitForSelector('tr[data-rule] >> text=جدة أولاً');
    const saved = (await t.api('/shipping-rules', { key: team.apiKey })).body.shipping_rules;
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      name: 'جدة أولاً',
      conditions: { destination_cities: ['جدة'], weight_kg: { max: 20 } },
      action: { prefer: [{ carrier: last.carrier.code, service: last.service.code }] },
    });

    // Try it: the sample to Jeddah is shaped by the rule, its preferred service first and recommended.
    await page.click('button:has-text("سعّر الشحنة التجريبية")');
    await page.waitForSelector(`p[data-rule-applied="${saved[0].id}"]`);
    const first = page.locator('[data-try-result] tbody tr').first();
    expect(await first.getAttribute('data-quote')).toBe(`${last.carrier.code}/${last.service.code}`);
    expect(await first.textContent()).toContain('موصى بها');
    await screenshot(page, 'shipping-rules-ar');

    // Another city: no rule applies.
    await page.fill('input[name=try_city]', 'Dammam');
    await page.click('button:has-text("سعّر الشحنة التجريبية")');
    await page.waitForSelector('p[data-rule-applied=""]');
  });

  it('shows carrier performance per lane, and says so when there is none', async () => {
    const other = await t.createTeam('No Deliveries');
    await signIn(other.apiKey);
    await page.click('nav a[href="#/analytics"]');
    await page.waitForSelector('h1:has-text("Carrier performance")');
    await page.waitForSelector('text=No shipment reached a final status in these days.');

    // One lane's sums as the delivery job writes them: 18 of 20 on time, 2 returned of 22.
    const carrier = CARRIERS[0].descriptor;
    const service = carrier.service_levels[0].code;
    const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
    const db = t.runtime.database.dataSource;
    // The sums as the job writes them: the lane, then its day's, week's and month's rows (a default range reads any of them).
    const [{ id: laneId }] = await db.query(
      `INSERT INTO carrier_performance_lanes (team_id, carrier_code, service_code, origin_city_key, destination_city_key,
         origin_city, destination_city)
       VALUES ($1, $2, $3, 'riyadh', 'jeddah', 'Riyadh', 'Jeddah') RETURNING id`,
      [team.teamId, carrier.code, service],
    );
    const periods =
      "(VALUES ('D', $2::date), ('W', $2::date - extract(dow FROM $2::date)::int), ('M', date_trunc('month', $2::date)::date)) p (grain, period)";
    await db.query(
      `INSERT INTO carrier_performance_sums (team_id, grain, period, lane_id, shipments, delivered, on_time, first_attempt, returned)
       SELECT $1, p.grain, p.period, $3, 22, 20, 18, 19, 2 FROM ${periods}`,
      [team.teamId, today, laneId],
    );
    await db.query(
      `INSERT INTO carrier_performance_transit_sums (team_id, grain, period, lane_id, transit_days, deliveries)
       SELECT $1, p.grain, p.period, $3, t.days, t.deliveries FROM ${periods}, (VALUES (1, 12), (3, 8)) t (days, deliveries)`,
      [team.teamId, today, laneId],
    );
    await page.click('#signout');
    await signIn(team.apiKey);
    await page.goto(`${t.url}/console#/analytics`);
    const row = page.locator(`tr[data-lane="${carrier.code}/${service}/Riyadh/Jeddah"]`);
    await row.waitFor();
    const cells = await row.locator('td').allTextContents();
    expect(cells.slice(2)).toEqual(['Riyadh → Jeddah', '20 / 22', ' 90%', '95%', '9.1%', '1 / 3']);
    expect(await row.locator('meter').getAttribute('value')).toBe('0.9');
    // The charts, drawn by the chart library the console serves from its own origin: the lane's
    // rates and transit days as the table shows them.
    const drawn = (name: string) =>
      page.evaluate((n) => {
        const browser = globalThis as any;
        const canvas = browser.document.querySelector(`figure[data-chart="${n}"][data-drawn="true"] canvas`);
        const chart = canvas && browser.Chart.getChart(canvas);
        return chart
          ? { labels: chart.data.labels, data: chart.data.datasets.map((d: any) => d.data), rtl: chart.options.scales.x.reverse }
          : null;
      }, name);
    await page.waitForSelector('figure[data-chart="transit"][data-drawn="true"]');
    expect(await drawn('rates')).toEqual({ labels: [expect.stringContaining('Riyadh → Jeddah')], data: [[90], [95], [9.1]], rtl: false });
    expect(await drawn('transit')).toEqual({ labels: [expect.stringContaining('Riyadh → Jeddah')], data: [[1], [3]], rtl: false });
    await page.click('#lang');
    await page.waitForSelector('h1:has-text("أداء شركات الشحن")');
    await page.waitForSelector('figure[data-chart="rates"][data-drawn="true"]');
    expect((await drawn('rates'))!.rtl).toBe(true);
    await screenshot(page, 'carrier-performance-ar');
  });
});

function sampleRates() {
  const address = (city: string) => ({
    name: 'Sample',
    line1: 'Sample street 1',
    city,
    country: 'SA',
    phone: '966500000000',
    short_address: 'RRRD2929',
  });
  return {
    origin: address('Riyadh'),
    destination: address('Jeddah'),
    parcels: [{ weight_kg: 1, length_cm: 30, width_cm: 20, height_cm: 10 }],
  };
}
