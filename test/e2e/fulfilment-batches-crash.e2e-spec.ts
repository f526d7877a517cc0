import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { RunningCarrierSandbox, startCarrierSandbox } from '@lgw/carrier-sandbox';
import { generatedBatchLines, uploadBatch, waitForBatch } from '../support/batch-csv';
import { CountingProxy } from '../support/counting-proxy';
import { SERVICES_MODE, TEST_HTTP_ENV, TEST_REDIS_URL, WITHOUT_BROWSER, createScratchDatabase } from '../support/test-mode';
import { seedDataDir } from '../support/embedded-seed';
import { afterRetryAfter } from '../support/eventually';

const ROOT = resolve(__dirname, '..', '..');
const ADMIN_TOKEN = 'crash-admin-token';
const ROWS = 20_000;

/** The gateway in its own process group, so SIGKILL takes it down at once and whole. */
class GatewayProcess {
  private child?: ChildProcess;
  constructor(
    private readonly env: Record<string, string>,
    readonly port: number,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, ['-r', './bench/support/register.js', 'test/support/gateway-process.ts'], {
      cwd: ROOT,
      env: { ...process.env, NODE_OPTIONS: '', ...this.env, PORT: String(this.port) },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    let stderr = '';
    child.stderr?.on('data', (d) => (stderr += String(d)));
    await new Promise<void>((resolveReady, reject) => {
      const timer = setTimeout(() => reject(new Error(`gateway did not start: ${stderr}`)), 60_000);
      child.stdout?.on('data', (d) => {
        if (String(d).includes('ready')) {
          clearTimeout(timer);
          resolveReady();
        }
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`gateway exited with ${code}: ${stderr}`));
      });
    });
    child.removeAllListeners('exit');
  }

  /** SIGKILL to the whole group: no shutdown hook runs, nothing is flushed. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child?.pid || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid, 'SIGKILL');
    await exited;
  }

  async api(path: string, key: string): Promise<{ status: number; body: any; retryAfter: string | null }> {
    const res = await fetch(`${this.url}/api/v1${path}`, { headers: { authorization: `Bearer ${key}` } });
    return { status: res.status, body: await res.json(), retryAfter: res.headers.get('retry-after') };
  }
}

/**
 * The batch as a client reads it: a 503 (the restarted worker's recovery can hold every database
 * connection of a starved host for seconds) is retried after its Retry-After, as the contract
 * asks of clients; any other answer but 200 fails with what it said.
 */
async function batchOf(gateway: GatewayProcess, key: string, id: string): Promise<any> {
  const { status, body } = await afterRetryAfter(
    () => gateway.api(`/fulfilment/batches/${id}`, key),
    (answer) => answer.retryAfter,
    { attempts: 10, capMs: 5000 },
  );
  if (status !== 200) throw new Error(`GET batch ${id}: ${status} ${JSON.stringify(body)}`);
  return body;
}

/** Polls until `predicate` holds for the batch, every few milliseconds (bounded). */
async function watchUntil(gateway: GatewayProcess, key: string, id: string, predicate: (b: any) => boolean): Promise<any> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const body = await batchOf(gateway, key, id);
    if (predicate(body)) return body;
    if (body.status !== 'PROCESSING') throw new Error(`batch finished before the kill point: ${body.status} ${body.phase}`);
    if (Date.now() > deadline) throw new Error(`kill point not reached: ${JSON.stringify(body)}`);
    await new Promise((r) => setTimeout(r, 15));
  }
}

describe(`fulfilment batches survive SIGKILL of the worker (real child process, ${SERVICES_MODE ? 'BullMQ' : 'in-process'} jobs)`, () => {
  let sandbox: RunningCarrierSandbox;
  /** Between the gateway and the sandbox: counts the orders each uploaded file carries. */
  let proxy: CountingProxy;
  let gateway: GatewayProcess;
  let dataDir: string;
  let dropDatabase: (() => Promise<void>) | undefined;
  let apiKey: string;

  beforeAll(async () => {
    sandbox = await startCarrierSandbox({ port: 0, host: '127.0.0.1', autoAdvanceSeconds: 0 });
    proxy = new CountingProxy(sandbox.url);
    await proxy.start();
    dataDir = mkdtempSync(join(tmpdir(), 'lgw-crash-'));
    if (!SERVICES_MODE) await seedDataDir(dataDir);
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      ...TEST_HTTP_ENV,
      ADMIN_TOKEN,
      LOG_LEVEL: 'silent',
      WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
      GATEWAY_SANDBOX_URL: proxy.url,
      GATEWAY_QUEUE_PREFIX: `lgw-crash-${Math.random().toString(36).slice(2, 10)}`,
      // What is killed here is the batch; its labels wait for a browser instead of drawing some
      // 18,000 pages beside it (labels-merge proves a batch's labels).
      ...WITHOUT_BROWSER,
    };
    // The database must outlive the kill. PGlite on the Node filesystem does not survive a
    // SIGKILL of its own process (a catalog file can be lost on reopen: it syncs nothing), so
    // both variants keep the data in PostgreSQL; what differs is the job queue under test:
    // in-process (lost with the process, recovered at start) or BullMQ (stalled-job recovery).
    const db = await createScratchDatabase();
    dropDatabase = db.drop;
    env.DATABASE_URL = db.url;
    if (SERVICES_MODE) {
      env.REDIS_URL = TEST_REDIS_URL;
      // BullMQ takes the killed worker's batch job back once its lock has expired and a stalled
      // check has seen it: 30-60 s per kill with the defaults, the most of this suite's time.
      // A 10 s lock (renewed every 5 s while the job runs) and a check every 2 s give the same
      // stalled-job recovery within 10-14 s.
      env.QUEUE_LOCK_DURATION_MS = '10000';
      env.QUEUE_STALLED_INTERVAL_MS = '2000';
    }
    gateway = new GatewayProcess(env, 7700 + Math.floor(Math.random() * 90));
    await gateway.start();
    const team = await fetch(`${gateway.url}/admin/v1/teams`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Crash Team' }),
    }).then((r): Promise<any> => r.json());
    apiKey = team.api_key;
    await fetch(`${gateway.url}/admin/v1/teams/${team.team.id}/rate-limit`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ per_minute: 1_000_000 }),
    });
  }, 90_000);

  afterAll(async () => {
    await gateway?.kill();
    await proxy?.close();
    await sandbox?.close();
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Every order booked once at the carrier, under the tracking number the gateway reports. */
  async function expectExactlyOnce(done: any): Promise<number> {
    expect(done).toMatchObject({ status: 'COMPLETED', row_count: ROWS, accepted_count: ROWS, rejected_count: 0 });
    const rows = done.result_csv
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((line: string) => line.split(','));
    const numberOf = new Map<string, string>();
    for (const row of rows) {
      const tracking = row[11];
      expect(tracking).toMatch(/\S/);
      if (numberOf.has(row[0])) expect(numberOf.get(row[0])).toBe(tracking);
      numberOf.set(row[0], tracking);
    }
    const orders = numberOf.size;
    expect(new Set(numberOf.values()).size).toBe(orders);

    const carrier = await fetch(`${sandbox.url}/sandbox/v1/carriers/darb/shipments`).then((r): Promise<any> => r.json());
    const mine = carrier.shipments.filter((s: any) => [...numberOf.values()].includes(s.tracking_number));
    expect(mine).toHaveLength(orders);
    const carrierOrders = new Set(carrier.shipments.map((s: any) => s.client_reference));
    expect(carrierOrders.size).toBe(carrier.shipments.length);

    const list = await gateway.api('/shipments?limit=1', apiKey);
    expect(list.body.total).toBe(orders);
    // The gateway's shipment for each carrier order is the one the carrier knows (same id, same number).
    const sample = carrier.shipments.slice(0, 20);
    for (const s of sample) {
      const shipment = await gateway.api(`/shipments/${s.client_reference}`, apiKey);
      expect(shipment.status).toBe(200);
      expect(shipment.body.tracking_number).toBe(s.tracking_number);
    }
    return orders;
  }

  async function resetCarrier(): Promise<void> {
    await fetch(`${sandbox.url}/sandbox/v1/reset`, { method: 'POST' });
    proxy.orders.clear();
  }

  /** (phase, processed_rows) as one comparable number: phases in their order, rows within. */
  const PHASES = ['queued', 'validating', 'booking', 'writing_result', 'done'];
  const progressOf = (b: any) => PHASES.indexOf(b.phase ?? 'done') * 1_000_000 + (b.processed_rows ?? 0);

  /** Follows a batch to its end, failing if its progress ever goes back below `floor`. */
  async function followMonotone(id: string, floor: number): Promise<any> {
    let last = floor;
    const deadline = Date.now() + 150_000;
    for (;;) {
      const body = await batchOf(gateway, apiKey, id);
      if (body.status !== 'PROCESSING') return body;
      const now = progressOf(body);
      expect({ phase: body.phase, processed_rows: body.processed_rows, back: now < last }).toMatchObject({ back: false });
      last = now;
      if (Date.now() > deadline) throw new Error(`batch did not finish: ${JSON.stringify(body)}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  it('killed mid-validation, restarted: completes once', async () => {
    await resetCarrier();
    const submitted = await uploadBatch(gateway.url, apiKey, [...generatedBatchLines(ROWS)].join(''));
    expect(submitted.status).toBe(202);
    const seen = await watchUntil(gateway, apiKey, submitted.body.id, (b) => b.phase === 'validating' && b.processed_rows >= 4000);
    await gateway.kill();
    expect(seen.processed_rows).toBeLessThan(ROWS);
    await gateway.start();
    // Re-validation after the restart counts again from the top: what was reported stays.
    await followMonotone(submitted.body.id, progressOf(seen));
    await expectExactlyOnce(await waitForBatch((p) => gateway.api(p, apiKey), submitted.body.id, 150_000));
    expect(proxy.duplicates()).toEqual([]);
  }, 240_000);

  it('killed mid-booking, restarted: same tracking numbers, no second carrier order', async () => {
    const before = await gateway.api('/shipments?limit=1', apiKey);
    await resetCarrier();
    const submitted = await uploadBatch(gateway.url, apiKey, [...generatedBatchLines(ROWS)].join(''));
    const seen = await watchUntil(gateway, apiKey, submitted.body.id, (b) => b.phase === 'booking' && b.processed_rows > 0);
    await gateway.kill();
    expect(seen.processed_rows).toBeLessThan(ROWS);
    const carrierAtKill = await fetch(`${sandbox.url}/sandbox/v1/carriers/darb/shipments`).then((r): Promise<any> => r.json());
    expect(carrierAtKill.total).toBeGreaterThan(0);
    await gateway.start();
    const done = await waitForBatch((p) => gateway.api(p, apiKey), submitted.body.id, 150_000);
    // Orders the carrier had before the kill kept their numbers.
    const result = new Set(done.result_csv.split('\n').map((l: string) => l.split(',')[11]));
    for (const s of carrierAtKill.shipments) expect(result.has(s.tracking_number)).toBe(true);
    const after = await gateway.api('/shipments?limit=1', apiKey);
    const carrier = await fetch(`${sandbox.url}/sandbox/v1/carriers/darb/shipments`).then((r): Promise<any> => r.json());
    expect(after.body.total - before.body.total).toBe(carrier.total);
    expect(new Set(carrier.shipments.map((s: any) => s.client_reference)).size).toBe(carrier.total);
    expect(done).toMatchObject({ status: 'COMPLETED', row_count: ROWS, accepted_count: ROWS });
  }, 240_000);

  it('killed twice while files leave, restarted: no order reaches the carrier twice (counted at a proxy), progress never goes back', async () => {
    const before = await gateway.api('/shipments?limit=1', apiKey);
    await resetCarrier();
    const submitted = await uploadBatch(gateway.url, apiKey, [...generatedBatchLines(ROWS)].join(''));
    // First kill as soon as files are leaving; the second once the restarted worker sends again.
    const first = await watchUntil(gateway, apiKey, submitted.body.id, () => proxy.orders.size > 0);
    await gateway.kill();
    const sentAtFirstKill = proxy.orders.size;
    await gateway.start();
    const second = await watchUntil(gateway, apiKey, submitted.body.id, () => proxy.orders.size > sentAtFirstKill);
    expect(progressOf(second)).toBeGreaterThanOrEqual(progressOf(first));
    await gateway.kill();
    expect(proxy.orders.size).toBeLessThan(ROWS);
    await gateway.start();
    const done = await followMonotone(submitted.body.id, progressOf(second));
    expect(done.status).toBe('COMPLETED');
    const batch = await waitForBatch((p) => gateway.api(p, apiKey), submitted.body.id, 150_000);
    expect(batch).toMatchObject({ status: 'COMPLETED', row_count: ROWS, accepted_count: ROWS });
    const orders = new Set(
      batch.result_csv
        .trimEnd()
        .split('\n')
        .slice(1)
        .map((line: string) => line.split(',')[0]),
    ).size;
    const after = await gateway.api('/shipments?limit=1', apiKey);
    const carrier = await fetch(`${sandbox.url}/sandbox/v1/carriers/darb/shipments`).then((r): Promise<any> => r.json());
    expect(after.body.total - before.body.total).toBe(orders);
    expect(carrier.total).toBe(orders);
    // Every order reached the carrier, each exactly once, whatever the carrier would have answered.
    expect(proxy.duplicates()).toEqual([]);
    expect(proxy.orders.size).toBe(orders);
  }, 300_000);
});
