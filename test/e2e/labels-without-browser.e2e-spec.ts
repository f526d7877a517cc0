import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERROR_CATALOGUE } from '@lgw/kernel';
import { book } from '../support/booking';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';
import { createScratchDatabase, SERVICES_MODE, WITHOUT_BROWSER } from '../support/test-mode';
import { waitFor } from '../support/wait';

const NO_BROWSER = WITHOUT_BROWSER.PUPPETEER_EXECUTABLE_PATH;

/**
 * A machine without Chromium: the gateway says so once at start-up, stays ready, books
 * shipments, answers GET /labels with 503 E_LABEL_UNAVAILABLE (never a 500), spends no label
 * job attempts, and renders the pending labels once it restarts with a browser.
 */
describe('labels without a browser', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lgw-no-browser-'));
  const logs: Array<Record<string, any>> = [];
  let scratch: { url: string; drop(): Promise<void> } | undefined;
  let database: Record<string, string>;
  let t: TestApp;
  let restarted: TestApp | undefined;
  let team: TestTeam;
  let pending: any;

  beforeAll(async () => {
    scratch = SERVICES_MODE ? await createScratchDatabase() : undefined;
    // The same database across the restart: on disk in dataDir (embedded) or a scratch one.
    database = scratch ? { DATABASE_URL: scratch.url } : {};
    t = await bootTestApp({
      worker: true,
      dataDir,
      env: { ...database, PUPPETEER_EXECUTABLE_PATH: NO_BROWSER, LOG_LEVEL: 'info' },
      log: (line) => logs.push(JSON.parse(line)),
    });
    team = await t.createTeam('No Browser Team');
    // Embedded mode keeps PGlite on disk for the restart: its migrations take a while on a busy machine.
  }, 120_000);
  afterAll(async () => {
    if (!restarted) await t?.close();
    await restarted?.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('says so in one log line at start-up, naming the setting', () => {
    const lines = logs.filter((l) => l.event === 'labels.unavailable');
    expect(lines).toHaveLength(1);
    expect(lines[0].level).toBe(40);
    expect(lines[0].msg).toContain(`PUPPETEER_EXECUTABLE_PATH=${NO_BROWSER} is not an executable file`);
    expect(lines[0].msg).toContain('503 E_LABEL_UNAVAILABLE');
  });

  it('stays ready and reports labels as unavailable in the readiness detail', async () => {
    const res = await fetch(`${t.url}/health/ready`);
    expect(res.status).toBe(200);
    const body: any = await res.json();
    expect(body.status).toBe('ok');
    expect(body.checks.database).toBe('ok');
    expect(body.features).toEqual({ labels: 'unavailable' });
  });

  it('books shipments; GET /labels answers 503 E_LABEL_UNAVAILABLE with Retry-After, bilingual, never a 500', async () => {
    pending = await book(t, team, 'sahm');
    expect(pending.status).toBe('CREATED');
    const res = await t.api(`/labels/${pending.id}`, { key: team.apiKey });
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('retry-after')).toBe('60');
    expect(res.body).toEqual({ error: { code: 'E_LABEL_UNAVAILABLE', ...ERROR_CATALOGUE.E_LABEL_UNAVAILABLE } });
    expect(res.headers.get('x-service-request-id')).toBeTruthy();
    expect(res.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
    expect(res.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
    // An unknown or foreign shipment is still 404: the 503 is only for one that exists.
    const other = await t.createTeam('Other No Browser Team');
    for (const key of [other.apiKey, team.apiKey]) {
      const id = key === team.apiKey ? '00000000-0000-4000-8000-000000000000' : pending.id;
      const missing = await t.api(`/labels/${id}`, { key });
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('E_NOT_FOUND');
    }
    // Invoices print on the same browser.
    const invoice = await t.api('/invoices/current.pdf', { key: team.apiKey });
    expect(invoice.status).toBe(503);
    expect(invoice.body.error.code).toBe('E_LABEL_UNAVAILABLE');
    expect(invoice.headers.get('retry-after')).toBe('60');
    for (const header of ['x-ratelimit-limit', 'x-ratelimit-remaining']) expect(invoice.headers.get(header)).toMatch(/^\d+$/);
    expect(invoice.headers.get('x-service-request-id')).toBeTruthy();
  });

  it('spends no label job attempts and keeps the label pending; a restart with a browser renders it', async () => {
    const ds = t.runtime.database.dataSource;
    // The relay has handed the label job over: it waits, untaken, for a worker with a browser.
    await waitFor(async () => {
      const [row] = await ds.query('SELECT published_at FROM outbox_events WHERE aggregate_id = $1', [pending.id]);
      return row?.published_at ? true : undefined;
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(logs.filter((l) => l.event === 'job.failed' || l.event === 'request.failed')).toEqual([]);
    expect((await t.api(`/shipments/${pending.id}`, { key: team.apiKey })).body.status).toBe('CREATED');
    expect(await ds.query('SELECT 1 FROM shipment_labels WHERE shipment_id = $1', [pending.id])).toHaveLength(0);

    // The restart comes later than the label sweep's grace period after the booking.
    await ds.query(`UPDATE shipments SET created_at = created_at - interval '5 minutes' WHERE id = $1`, [pending.id]);
    await t.close();
    restarted = await bootTestApp({ worker: true, dataDir, env: database });
    const ready: any = await (await fetch(`${restarted.url}/health/ready`)).json();
    expect(ready.features).toEqual({ labels: 'ok' });
    // Rendered by the worker's start-up sweep, not on demand: the status moves without a GET.
    // Watched in the database: polling the API every 100 ms would spend the key's 60 requests a
    // minute while a busy host starts the browser and renders.
    await waitFor(async () => {
      const [row] = await restarted!.runtime.database.dataSource.query('SELECT status FROM shipments WHERE id = $1', [pending.id]);
      return row?.status === 'LABEL_GENERATED' ? true : undefined;
    }, 30_000);
    expect((await restarted.api(`/shipments/${pending.id}`, { key: team.apiKey })).body.status).toBe('LABEL_GENERATED');
    const label = await fetch(`${restarted.url}/api/v1/labels/${pending.id}`, { headers: { authorization: `Bearer ${team.apiKey}` } });
    expect(label.status).toBe(200);
    expect(
      Buffer.from(await label.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  }, 120_000);
});
