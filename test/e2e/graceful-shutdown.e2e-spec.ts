import { request as httpRequest } from 'node:http';
import { RunningCarrierSandbox, startCarrierSandbox } from '@lgw/carrier-sandbox';
import { generatedBatchLines, uploadBatch, waitForBatch } from '../support/batch-csv';
import { ratesBody } from '../support/fixtures';
import { batchTrackingNumbers, createTeam } from '../support/gateway-client';
import { GatewayProcesses, startGatewayProcesses } from '../support/gateway-processes';
import { SERVICES_MODE } from '../support/test-mode';

const PORT = 7530;
const SHUTDOWN_TIMEOUT_MS = 20_000;
type Json = any;

/** What one request under load came to: its answer, or the socket error it failed with. */
type Outcome = { status: number; body: string } | { error: string };

/**
 * One request on a connection of its own, as a load balancer spreads them: the answer, or the
 * error code (ECONNREFUSED once the listener is closed; ECONNRESET would be a request cut off).
 */
function send(url: string, apiKey: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = httpRequest(url, { agent: false, headers: { authorization: `Bearer ${apiKey}` } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end();
  });
}

describe(`graceful shutdown on SIGTERM (${SERVICES_MODE ? 'api and worker processes' : 'embedded all-in-one'})`, () => {
  let sandbox: RunningCarrierSandbox;
  let gw: GatewayProcesses;
  let apiKey: string;
  let carrier: string;
  let carriers: string[];

  const call = async (path: string, init: { method?: string; body?: Json } = {}) => {
    const res = await fetch(`${gw.url}/api/v1${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${apiKey}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  const fault = (mode: string, latencyMs = 0, codes = [carrier]) =>
    Promise.all(
      codes.map((code) =>
        fetch(`${sandbox.url}/sandbox/v1/carriers/${code}/fault`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ mode, latency_ms: latencyMs }),
        }),
      ),
    );

  beforeAll(async () => {
    sandbox = await startCarrierSandbox({ port: 0, host: '127.0.0.1', autoAdvanceSeconds: 0 });
    gw = await startGatewayProcesses({
      sandboxUrl: sandbox.url,
      port: PORT,
      env: { RATE_LIMIT_PER_MINUTE: '100000', SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) },
    });
    await gw.startApi();
    apiKey = (await createTeam(gw, 'Shutdown Trading')).key;
    carriers = (await call('/carriers')).body.carriers.map((c: Json) => c.code);
    carrier = carriers[0];
  }, 90_000);

  afterAll(async () => {
    await gw?.close();
    await sandbox?.close();
  });

  it('api: under load, every request is answered or never processed (refused at connect); the booking in flight completes; exit 0', async () => {
    // Access-log lines tell which requests the api processed.
    await gw.startApi({ LOG_LEVEL: 'info' });
    const processed = gw.api!.watchOutput(/"event":"http\.request".*"path":"\/api\/v1\/shipments"/);
    const rated = await call('/rates', { method: 'POST', body: ratesBody() });
    const quote = rated.body.quotes.find((q: Json) => q.carrier.code === carrier);
    // The carrier takes 2 s to answer: the booking is still at the carrier when SIGTERM arrives.
    await fault('slow', 2_000);
    const booking = call('/shipments', { method: 'POST', body: { quote_id: quote.quote_id, ...ratesBody() } });

    const outcomes: Outcome[] = [];
    let stop = false;
    const loop = async () => {
      while (!stop) outcomes.push(await send(`${gw.url}/api/v1/shipments?limit=1`, apiKey));
    };
    const loops = Array.from({ length: 4 }, loop);
    await new Promise((r) => setTimeout(r, 700));
    const answeredBefore = outcomes.length;
    const sigterm = Date.now();
    gw.api!.signal('SIGTERM');
    const exit = await gw.api!.exitWithin(SHUTDOWN_TIMEOUT_MS + 10_000);
    const drainMs = Date.now() - sigterm;
    // A moment of refused connections after the exit, as a client sees a replica gone.
    await new Promise((r) => setTimeout(r, 200));
    stop = true;
    await Promise.all(loops);
    const booked = await booking;
    await fault('none');
    await gw.startApi();

    expect(exit).toEqual({ code: 0, signal: null });
    expect(drainMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    // It waited for the carrier's answer rather than cutting the booking off.
    expect(booked.status).toBe(201);
    expect(answeredBefore).toBeGreaterThan(0);
    // No 5xx, no other status: a request the api took is answered normally.
    const answered = outcomes.filter((o): o is { status: number; body: string } => 'status' in o);
    expect(answered.filter((o) => o.status !== 200)).toEqual([]);
    // A request that got no answer was never processed: every processed request (plus the
    // POST booking) was answered. Such a request failed at connect (ECONNREFUSED), or, when it
    // was still in the kernel's accept queue as the listener closed, was reset unread.
    const failed = outcomes.filter((o): o is { error: string } => 'error' in o);
    expect(processed.count).toBe(answered.length + 1);
    expect(failed.filter((o) => o.error !== 'ECONNREFUSED' && o.error !== 'ECONNRESET')).toEqual([]);
    expect(failed.filter((o) => o.error === 'ECONNREFUSED').length).toBeGreaterThan(0);

    // The booking is recorded: a fresh api process finds it.
    const shipment = await call(`/shipments/${booked.body.id}`);
    expect(shipment.status).toBe(200);
    expect(shipment.body.tracking_number).toBe(booked.body.tracking_number);
  }, 90_000);

  it('worker: SIGTERM mid-batch exits 0 within the bound; the batch completes once, by this worker or the next', async () => {
    const before = (await call('/shipments?limit=1')).body.total;
    // A batch whose carrier calls take a while, so SIGTERM lands while it is running.
    // The batch carrier takes 1.5 s per order file: SIGTERM lands while the batch is at the carrier.
    await fault('slow', 1_500, carriers);
    const submitted = await uploadBatch(gw.url, apiKey, [...generatedBatchLines(3_000)].join(''));
    expect(submitted.status).toBe(202);
    const id = submitted.body.id;
    for (const deadline = Date.now() + 20_000; ;) {
      const seen = (await call(`/fulfilment/batches/${id}`)).body;
      if (seen.phase === 'booking' && seen.status === 'PROCESSING') break;
      if (seen.status !== 'PROCESSING') throw new Error(`batch finished before SIGTERM: ${seen.status} ${seen.phase}`);
      if (Date.now() > deadline) throw new Error(`batch never started: ${seen.status} ${seen.phase}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    // The process that runs jobs: the worker, or the all-in-one process in embedded mode.
    const runner = (SERVICES_MODE ? gw.worker : gw.api)!;
    runner.signal('SIGTERM');
    const exit = await runner.exitWithin(SHUTDOWN_TIMEOUT_MS + 10_000);
    await fault('none', 0, carriers);
    expect(exit).toEqual({ code: 0, signal: null });
    // The next worker (a fresh all-in-one process in embedded mode) finishes what was left.
    if (SERVICES_MODE) gw.spawnWorker();
    else await gw.startApi();
    const done = await waitForBatch(call, id, 60_000);
    expect(done).toMatchObject({ status: 'COMPLETED', rejected_count: 0 });
    expect(done.accepted_count).toBe(done.row_count);
    // One shipment per order, none twice: distinct orders, distinct tracking numbers, and as many new shipments.
    const trackingOf = batchTrackingNumbers(done);
    expect(new Set(trackingOf.values()).size).toBe(trackingOf.size);
    expect((await call('/shipments?limit=1')).body.total - before).toBe(trackingOf.size);
  }, 90_000);
});
