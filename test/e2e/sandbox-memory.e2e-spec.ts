import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ratesBody } from '../support/fixtures';
import { apiCall, until } from '../support/gateway-client';
import { GatewayChild } from '../support/gateway-processes';
import { SERVICES_MODE, TEST_HTTP_ENV, TEST_REDIS_URL, createScratchDatabase } from '../support/test-mode';
import { seedDataDir } from '../support/embedded-seed';

const PORT = 7540;
const SANDBOX_PORT = 7541;
const BOOT_TIMEOUT_MS = 45_000;
type Json = any;

/**
 * `npm start` as a real process, stopped (SIGTERM) and started again on the same DATA_DIR:
 * the embedded carrier sandbox still knows every shipment booked before (docs/adr/0063).
 */
describe(`embedded carrier sandbox across a restart (${SERVICES_MODE ? 'all-in-one on PostgreSQL and Redis' : 'npm start'})`, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lgw-sandbox-memory-'));
  const url = `http://127.0.0.1:${PORT}`;
  const sandboxUrl = `http://127.0.0.1:${SANDBOX_PORT}`;
  const adminToken = `adm_${randomBytes(12).toString('hex')}`;
  let scratch: { url: string; drop(): Promise<void> } | undefined;
  let env: Record<string, string>;
  let gateway: GatewayChild | undefined;
  let liveKey: string;
  let testKey: string;

  const start = async () => {
    gateway = GatewayChild.start('gateway', 'apps/all-in-one/main.ts', env);
    const child = gateway;
    const deadline = Date.now() + BOOT_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (!child.alive) throw new Error(`gateway exited during start-up: ${child.lastErrors}`);
      const ok = await fetch(`${url}/health/live`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`gateway not ready: ${child.lastErrors}`);
  };
  const stop = async () => {
    gateway!.signal('SIGTERM');
    const exit = await gateway!.exitWithin(30_000);
    expect(exit).toEqual({ code: 0, signal: null });
  };
  const sandbox = async (method: string, path: string, body?: Json) => {
    const res = await fetch(`${sandboxUrl}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => undefined)) as Json };
  };
  const book = async (key: string, carrier: string, reference: string) => {
    const rates = await apiCall(url, key, '/rates', { method: 'POST', body: ratesBody() });
    const quote = rates.body.quotes.find((q: Json) => q.carrier.code === carrier);
    const res = await apiCall(url, key, '/shipments', { method: 'POST', body: { quote_id: quote.quote_id, ...ratesBody(), reference } });
    expect(res.status).toBe(201);
    return res.body;
  };

  beforeAll(async () => {
    scratch = SERVICES_MODE ? await createScratchDatabase() : undefined;
    if (!scratch) await seedDataDir(dataDir);
    env = {
      DATA_DIR: dataDir,
      ...TEST_HTTP_ENV,
      ADMIN_TOKEN: adminToken,
      HOST: '127.0.0.1',
      PORT: String(PORT),
      SANDBOX_PORT: String(SANDBOX_PORT),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ...(scratch
        ? {
            DATABASE_URL: scratch.url,
            REDIS_URL: TEST_REDIS_URL,
            QUEUE_PREFIX: `lgw-sbm-${randomBytes(4).toString('hex')}`,
            WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
          }
        : {}),
    };
    await start();
    const team = await fetch(`${url}/admin/v1/teams`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Restart Trading' }),
    }).then((r) => r.json() as Promise<Json>);
    liveKey = team.api_key;
    testKey = team.test_api_key;
  }, 90_000);

  afterAll(async () => {
    await gateway?.kill();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('every carrier still tracks, advances and cancels the shipments booked before the restart; test shipments still drive', async () => {
    const carriers: string[] = (await apiCall(url, liveKey, '/carriers')).body.carriers.map((c: Json) => c.code);
    expect(carriers.length).toBeGreaterThan(1);
    const booked: Record<string, { tracked: Json; cancelled: Json }> = {};
    for (const code of carriers) {
      booked[code] = { tracked: await book(liveKey, code, `keep-${code}`), cancelled: await book(liveKey, code, `drop-${code}`) };
    }
    const driven = await book(testKey, carriers[0], 'test-keep');

    await stop();
    expect(existsSync(join(dataDir, 'carrier-sandbox.json'))).toBe(true);
    await start();

    for (const code of carriers) {
      const { tracked, cancelled } = booked[code];
      // The simulated carrier itself still has it...
      expect((await sandbox('GET', `/sandbox/v1/carriers/${code}/shipments/${tracked.tracking_number}`)).status).toBe(200);
      // ...moves it when told to, and the gateway's tracking follows its scans.
      const scan = await sandbox('POST', `/sandbox/v1/carriers/${code}/shipments/${tracked.tracking_number}/events`, {
        code: 'PICKED_UP',
      });
      expect(scan.status).toBe(201);
      const tracking = await until(`${code} tracking after restart`, 20_000, async () => {
        const res = await apiCall(url, liveKey, `/shipments/${tracked.id}/tracking`);
        return res.status === 200 && res.body.status === 'PICKED_UP' ? res.body : undefined;
      });
      expect(tracking.tracking_number).toBe(tracked.tracking_number);

      // The carrier accepts the cancellation of a booking it made before the restart.
      const cancel = await apiCall(url, liveKey, `/shipments/${cancelled.id}/cancel`, {
        method: 'POST',
        body: { reason: 'restart check' },
      });
      if (cancel.status !== 200) {
        // The carrier took the cancellation; the gateway answers 409 only when a tracking poll
        // recorded the carrier's CANCELLED while it was calling the carrier (then it is cancelled).
        expect(`${code} ${cancel.status} ${cancel.body?.error?.code}`).toBe(`${code} 409 E_CANCEL_NOT_ALLOWED`);
        expect((await apiCall(url, liveKey, `/shipments/${cancelled.id}`)).body.status).toBe('CANCELLED');
      }
      const atCarrier = await sandbox('GET', `/sandbox/v1/carriers/${code}/shipments/${cancelled.tracking_number}`);
      expect(atCarrier.body).toMatchObject({ cancelled: true });
    }

    const drove = await apiCall(url, testKey, `/test/shipments/${driven.id}/events`, {
      method: 'POST',
      body: { code: 'OUT_FOR_DELIVERY' },
    });
    expect(drove.status).toBe(201);
    expect(drove.body).toMatchObject({ status: 'OUT_FOR_DELIVERY', tracking_number: driven.tracking_number });
  }, 120_000);
});
