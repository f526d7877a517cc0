import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { RunningCarrierSandbox, startCarrierSandbox } from '@lgw/carrier-sandbox';
import { ERROR_CATALOGUE } from '@lgw/kernel';
import { batchCsv, validRow } from '../support/batch-csv';
import { ratesBody } from '../support/fixtures';
import { GatewayProcesses, startGatewayProcesses } from '../support/gateway-processes';
import { freePort, PrivatePostgres, PrivateRedis } from '../support/private-services';
import { bootTestApp, TestApp } from '../support/test-app';
import { SERVICES_MODE } from '../support/test-mode';
import { eventually, sleep } from '../support/eventually';

/**
 * Losing the database or Redis (docs/adr/0028-dependency-loss.md): while a dependency is away
 * the api answers 503 E_SERVICE_UNAVAILABLE with Retry-After within a second, never a 500 or a
 * 4xx; when it comes back, the same api and worker processes carry on by themselves, and no
 * domain event is lost (shipments booked before and after get their labels).
 */
type Json = any;

/** A dependency-loss answer is bounded: fail fast, never hold the client. */
const MAX_OUTAGE_ANSWER_MS = 1_000;
/**
 * The worker's Chromium starts this much later than usual, so its first label jobs are still
 * running, and the next ones still waiting in Redis, when Redis loses them.
 */
const SLOW_BROWSER_START_S = 4;

describe(`readiness reports each dependency and how rate limits count (${SERVICES_MODE ? 'PostgreSQL and Redis' : 'embedded: PGlite in-process and no Redis, so the outage tests are services-mode only'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp();
  }, 90_000);
  afterAll(async () => {
    await t?.close();
  });

  it('is ready with the database, and names the rate-limit store', async () => {
    const res = await fetch(`${t.url}/health/ready`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'ok',
      checks: SERVICES_MODE ? { database: 'ok', redis: 'ok', rate_limit: 'redis' } : { database: 'ok', rate_limit: 'memory' },
      features: { labels: 'ok' },
    });
  });
});

// Embedded mode has no Redis to lose and its database lives inside the process: the outage
// suites below exist in services mode only (npm run test:services).
if (SERVICES_MODE) {
  describe('dependency loss, services mode only (api + worker processes on a private PostgreSQL cluster and a private Redis)', () => {
    let sandbox: RunningCarrierSandbox;
    let redis: PrivateRedis;
    let postgres: PrivatePostgres;
    let gw: GatewayProcesses;
    let apiKey: string;
    let carrier: string;

    const call = async (path: string, init: { method?: string; body?: Json; form?: FormData; key?: string | null } = {}) => {
      const headers: Record<string, string> = {};
      const key = init.key === undefined ? apiKey : init.key;
      if (key) headers.authorization = `Bearer ${key}`;
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      const started = performance.now();
      const res = await fetch(`${gw.url}${path.startsWith('/admin') || path.startsWith('/health') ? '' : '/api/v1'}${path}`, {
        method: init.method ?? 'GET',
        headers,
        body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
        signal: AbortSignal.timeout(15_000),
      });
      const bytes = Buffer.from(await res.arrayBuffer());
      const ms = performance.now() - started;
      const json =
        (res.headers.get('content-type') ?? '').includes('json') && bytes.length ? JSON.parse(bytes.toString('utf8')) : undefined;
      return { status: res.status, headers: res.headers, body: json, bytes, ms };
    };
    const adminCall = (method: string, path: string, body?: Json) =>
      fetch(`${gw.url}/admin/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${gw.adminToken}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    const quote = async (): Promise<Json> => {
      const rated = await call('/rates', { method: 'POST', body: ratesBody() });
      expect(rated.status).toBe(200);
      return rated.body.quotes.find((q: Json) => q.carrier.code === carrier);
    };
    const book = async (q: Json): Promise<string> => {
      const booked = await call('/shipments', { method: 'POST', body: { quote_id: q.quote_id, ...ratesBody() } });
      expect(booked.status).toBe(201);
      return booked.body.id;
    };

    /** The 503 of a lost dependency: envelope, Retry-After, the usual headers, answered fast. */
    const expectServiceUnavailable = (res: Awaited<ReturnType<typeof call>>, what: string, apiRoute = true) => {
      expect({ what, status: res.status, code: res.body?.error?.code }).toEqual({ what, status: 503, code: 'E_SERVICE_UNAVAILABLE' });
      expect(res.body.error.message_en).toBe(ERROR_CATALOGUE.E_SERVICE_UNAVAILABLE.message_en);
      expect(res.body.error.message_ar).toBe(ERROR_CATALOGUE.E_SERVICE_UNAVAILABLE.message_ar);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(res.headers.get('x-service-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      if (apiRoute) {
        expect(Number(res.headers.get('x-ratelimit-limit'))).toBeGreaterThan(0);
        expect(res.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
      }
      expect({ what, fast: res.ms < MAX_OUTAGE_ANSWER_MS }).toEqual({ what, fast: true });
    };

    /**
     * Every booking's event was carried out by the worker: the shipment reached LABEL_GENERATED
     * with its label stored as a PDF, and it was billed exactly once.
     */
    const expectCarriedOut = async (ids: string[]) => {
      for (const id of ids) {
        await eventually(`label of ${id}`, async () => {
          const shipment = await call(`/shipments/${id}`);
          return shipment.body?.status === 'LABEL_GENERATED' ? true : undefined;
        });
        const label = await call(`/labels/${id}`);
        expect(label.status).toBe(200);
        expect(label.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      }
      const billed = await eventually('every booking billed', async () => {
        const rows = await sql(
          `SELECT shipment_id, count(*)::int AS n FROM billing_lines WHERE cause = 'shipment' AND shipment_id = ANY($1) GROUP BY 1`,
          [ids],
        );
        return rows.length === ids.length ? rows : undefined;
      });
      expect(billed.every((r) => r.n === 1)).toBe(true);
    };

    const sql = async (text: string, params: unknown[] = []): Promise<Json[]> => {
      const db = new Client({ connectionString: postgres.url });
      await db.connect();
      try {
        return (await db.query(text, params)).rows;
      } finally {
        await db.end();
      }
    };
    /** No domain event left unpublished: the relay got every one out. */
    const unpublishedEvents = async (): Promise<number> =>
      (await sql('SELECT count(*)::int AS n FROM outbox_events WHERE published_at IS NULL'))[0].n;

    const browserDir = mkdtempSync(join(tmpdir(), 'lgw-slow-chromium-'));

    beforeAll(async () => {
      const slowBrowser = join(browserDir, 'chromium');
      const chromium = process.env.PUPPETEER_EXECUTABLE_PATH || '/usr/bin/chromium';
      writeFileSync(slowBrowser, `#!/bin/sh\nsleep ${SLOW_BROWSER_START_S}\nexec ${chromium} "$@"\n`);
      chmodSync(slowBrowser, 0o755);
      [redis, postgres] = await Promise.all([PrivateRedis.start(), PrivatePostgres.start()]);
      sandbox = await startCarrierSandbox({ port: 0, host: '127.0.0.1', autoAdvanceSeconds: 0 });
      gw = await startGatewayProcesses({
        sandboxUrl: sandbox.url,
        port: await freePort(),
        services: { databaseUrl: postgres.url, redisUrl: redis.url },
        env: { RATE_LIMIT_PER_MINUTE: '100000', TRACKING_POLL_INTERVAL_MS: '60000', PUPPETEER_EXECUTABLE_PATH: slowBrowser },
      });
      await gw.startApi();
      const team = (await (await adminCall('POST', '/teams', { name: 'Outage Trading' })).json()) as Json;
      apiKey = team.api_key;
      carrier = (await call('/carriers')).body.carriers[0].code;
    }, 90_000);

    afterAll(async () => {
      await gw?.close();
      await sandbox?.close();
      await redis?.stop();
      await postgres?.destroy();
      rmSync(browserDir, { recursive: true, force: true });
    });

    it('Redis flushed and restarted empty: rating and booking go on (quotes are signed, not stored), the worker resumes by itself', async () => {
      const bookable = await quote();
      const toCancel = await book(await quote());
      const bookedBefore: string[] = [];
      for (let i = 0; i < 4; i++) bookedBefore.push(await book(await quote()));
      await eventually('the bookings relayed to the queue', async () => {
        const [row] = await sql(
          `SELECT count(*)::int AS n FROM outbox_events WHERE type = 'shipment.created' AND aggregate_id = ANY($1) AND published_at IS NOT NULL`,
          [bookedBefore],
        );
        return row.n === bookedBefore.length ? true : undefined;
      });
      // Their label jobs are in Redis, running (the browser is starting) or waiting (two run at
      // a time); the relay's schedule too. All of it goes.
      const waiting = await sql(`SELECT id FROM shipments WHERE id = ANY($1) AND status = 'CREATED'`, [bookedBefore]);
      expect(waiting.length).toBe(bookedBefore.length);
      await redis.crash();

      // Rating needs no I/O and a quote is its own signed record (ADR 0031): a quote issued before
      // the loss still books, and one issued during it too.
      const rated = await call('/rates', { method: 'POST', body: ratesBody() });
      expect({ status: rated.status, fast: rated.ms < MAX_OUTAGE_ANSWER_MS }).toEqual({ status: 200, fast: true });
      const bookedDuring = [await book(bookable), await book(rated.body.quotes.find((x: Json) => x.carrier.code === carrier))];
      // What needs only the database keeps working, rate-limited per replica meanwhile.
      const read = await call(`/shipments/${bookedBefore[0]}`);
      expect(read.status).toBe(200);
      expect(read.ms).toBeLessThan(MAX_OUTAGE_ANSWER_MS);
      expect(read.headers.get('x-ratelimit-limit')).toBe('100000');
      // So is a cancel: the carrier and the database are all it needs.
      const cancelled = await call(`/shipments/${toCancel}/cancel`, { method: 'POST', body: { reason: 'Redis outage drill' } });
      expect({ status: cancelled.status, shipment: cancelled.body?.status }).toEqual({ status: 200, shipment: 'CANCELLED' });
      const ready = await call('/health/ready');
      expect({ status: ready.status, body: ready.body }).toEqual({
        status: 200,
        body: {
          status: 'degraded',
          checks: { database: 'ok', redis: 'down', rate_limit: 'memory-per-replica' },
          features: expect.any(Object),
        },
      });

      await sleep(2_000);
      await redis.start();
      const q = await eventually('rating after Redis is back', async () => {
        const again = await call('/rates', { method: 'POST', body: ratesBody() });
        return again.status === 200 ? again.body.quotes.find((x: Json) => x.carrier.code === carrier) : undefined;
      });
      const bookedAfter = [await book(q), await book(await quote())];
      await expectCarriedOut([...bookedBefore, ...bookedDuring, ...bookedAfter]);
      await eventually('an empty outbox', async () => ((await unpublishedEvents()) === 0 ? true : undefined));
      const readyAgain = await call('/health/ready');
      expect(readyAgain.body).toEqual({
        status: 'ok',
        checks: { database: 'ok', redis: 'ok', rate_limit: 'redis' },
        features: expect.any(Object),
      });
      expect(gw.running()).toEqual({ api: true, worker: true });
    }, 60_000);

    it('PostgreSQL stopped for 10 s: every route answers 503 fast, then everything resumes without a restart', async () => {
      const bookedBefore = await book(await quote());
      const bookable = await quote();
      await postgres.stop();
      const stoppedAt = Date.now();

      // Multipart bodies are read once: a fresh form per request.
      const documentForm = () => {
        const form = new FormData();
        form.append('type', 'commercial_invoice');
        form.append('file', new Blob([Buffer.from('%PDF-1.4\n%outage drill\n%%EOF\n')], { type: 'application/pdf' }), 'invoice.pdf');
        return form;
      };
      const batchForm = () => {
        const form = new FormData();
        form.append('file', new Blob([batchCsv([validRow(1)])], { type: 'text/csv' }), 'orders.csv');
        return form;
      };
      const routes: Array<{
        what: string;
        path: string;
        method?: string;
        body?: Json;
        form?: () => FormData;
        key?: string | null;
        apiRoute?: boolean;
      }> = [
        { what: 'GET /shipments', path: '/shipments' },
        { what: 'GET /shipments/{id}', path: `/shipments/${bookedBefore}` },
        { what: 'POST /shipments', path: '/shipments', method: 'POST', body: { quote_id: bookable.quote_id, ...ratesBody() } },
        { what: 'POST /shipments/{id}/cancel', path: `/shipments/${bookedBefore}/cancel`, method: 'POST', body: { reason: 'outage' } },
        { what: 'GET /labels/{id}', path: `/labels/${bookedBefore}` },
        { what: 'GET /shipments/{id}/tracking', path: `/shipments/${bookedBefore}/tracking` },
        { what: 'GET /invoices', path: '/invoices' },
        { what: 'GET /webhooks/config', path: '/webhooks/config' },
        { what: 'POST /shipments/{id}/documents', path: `/shipments/${bookedBefore}/documents`, method: 'POST', form: documentForm },
        { what: 'GET /shipments/{id}/documents', path: `/shipments/${bookedBefore}/documents` },
        {
          what: 'PATCH /shipments/{id}/destination',
          path: `/shipments/${bookedBefore}/destination`,
          method: 'PATCH',
          body: ratesBody().destination as Json,
        },
        { what: 'POST /fulfilment/batches', path: '/fulfilment/batches', method: 'POST', form: batchForm },
        { what: 'POST /data-readiness', path: '/data-readiness', method: 'POST' },
        { what: 'a well-formed key the api has not seen', path: '/shipments', key: `lgw_live_${'ab'.repeat(32)}` },
        { what: 'GET /admin/v1/teams', path: '/admin/v1/teams', apiRoute: false },
      ];
      let rounds = 0;
      while (Date.now() - stoppedAt < 10_000) {
        for (const route of routes) {
          const res =
            route.apiRoute === false
              ? await (async () => {
                  const started = performance.now();
                  const r = await adminCall('GET', '/teams');
                  return {
                    status: r.status,
                    headers: r.headers,
                    body: (await r.json()) as Json,
                    bytes: Buffer.alloc(0),
                    ms: performance.now() - started,
                  };
                })()
              : await call(route.path, { method: route.method, body: route.body, form: route.form?.(), key: route.key });
          expectServiceUnavailable(res, `${route.what} (round ${rounds})`, route.apiRoute !== false);
        }
        rounds += 1;
        await sleep(500);
      }
      expect(rounds).toBeGreaterThan(3);
      const ready = await call('/health/ready');
      expect({ status: ready.status, database: ready.body.checks.database }).toEqual({ status: 503, database: 'down' });

      await postgres.start();
      await eventually('the api answering from the database again', async () =>
        (await call('/shipments')).status === 200 ? true : undefined,
      );
      const bookedAfter = [await book(bookable), await book(await quote())];
      await expectCarriedOut([bookedBefore, ...bookedAfter]);
      await eventually('an empty outbox', async () => ((await unpublishedEvents()) === 0 ? true : undefined));
      expect((await call(`/shipments/${bookedBefore}`)).body.status).toBe('LABEL_GENERATED');
      // Nothing refused during the outage was half-stored: no document, no batch.
      expect((await call(`/shipments/${bookedBefore}/documents`)).body).toEqual({ documents: [] });
      expect(await sql('SELECT id FROM fulfilment_batches')).toEqual([]);
      expect(gw.running()).toEqual({ api: true, worker: true });
    }, 60_000);
  });
}
