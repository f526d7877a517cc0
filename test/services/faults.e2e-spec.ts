import { generatedBatchLines, uploadBatch, waitForBatch } from '../support/batch-csv';
import { ratesBody } from '../support/fixtures';
import { apiCall, batchTrackingNumbers, createTeam, processSuiteEnv, sleep, until } from '../support/gateway-client';
import { GatewayChild, GatewayProcesses, startGatewayProcesses } from '../support/gateway-processes';
import { freePort, PrivateRedis, startPrivateRedis } from '../support/private-redis';
import { startWebhookReceiver, WebhookReceiver } from '../support/webhook-receiver';

type Json = any;
/** How long the carriers stay unreachable (the sandbox process stopped with SIGSTOP). */
const OUTAGE_MS = 30_000;

/**
 * Faults on the production shape: a worker killed with SIGKILL in the middle of a batch and
 * of webhook deliveries while a second worker runs, and every carrier frozen for 30 s (the
 * sandbox process stopped, then continued: connections hang rather than fail). After recovery
 * nothing is missing and nothing happened twice.
 */
describe('a worker killed mid-batch and mid-delivery while the carriers are down for 30 s', () => {
  let redis: PrivateRedis;
  let receiver: WebhookReceiver;
  let sandbox: GatewayChild;
  let sandboxUrl: string;
  let gw: GatewayProcesses;

  const control = (method: string, path: string, body?: Json) =>
    fetch(`${sandboxUrl}/sandbox/v1${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as Json }));

  beforeAll(async () => {
    redis = await startPrivateRedis();
    receiver = await startWebhookReceiver();
    const sandboxPort = await freePort();
    sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
    sandbox = GatewayChild.start('sandbox', 'apps/carrier-sandbox/main.ts', { SANDBOX_PORT: String(sandboxPort), HOST: '127.0.0.1' });
    await until('sandbox up', 30_000, () =>
      control('GET', '/health').then(
        (r) => (r.status === 200 ? true : undefined),
        () => undefined,
      ),
    );
    gw = await startGatewayProcesses({
      sandboxUrl,
      port: await freePort(),
      env: processSuiteEnv(redis.url, receiver.caFile, {
        WEBHOOK_TIMEOUT_MS: '2000',
        WEBHOOK_RETRY_SCHEDULE_MS: '500,500,500,500,500,500,500,500',
        CARRIER_TIMEOUT_MS: '2000',
      }),
    });
    await gw.startApi();
    gw.spawnWorker();
  }, 120_000);

  afterAll(async () => {
    await gw?.close();
    await sandbox?.kill();
    await receiver?.close();
    await redis?.stop();
  });

  it('loses nothing and does nothing twice', async () => {
    const team = await createTeam(gw, 'Faults', 100_000);
    const call = (path: string, init?: { method?: string; body?: Json }) => apiCall(gw.url, team.key, path, init);
    // The batch's shipments belong to a team of their own (no webhook endpoint).
    const batchTeam = await createTeam(gw, 'Faults Batch', 100_000);
    const batchCall = (path: string) => apiCall(gw.url, batchTeam.key, path);
    // The first deliveries hang until the sender's timeout: in flight when the worker dies.
    receiver.reply('/faults', (nth) => (nth <= 3 ? { hang: true } : { status: 200 }));
    expect((await call('/webhooks/config', { method: 'POST', body: { url: `${receiver.url}/faults` } })).status).toBe(200);
    const carriers: string[] = (await call('/carriers')).body.carriers.map((c: Json) => c.code);
    const shipments: Json[] = [];
    for (const carrier of carriers) {
      const quote = (await call('/rates', { method: 'POST', body: ratesBody() })).body.quotes.find((q: Json) => q.carrier.code === carrier);
      const booked = await call('/shipments', { method: 'POST', body: { quote_id: quote.quote_id, ...ratesBody() } });
      expect(booked.status).toBe(201);
      shipments.push(booked.body);
    }
    // A batch slow enough at the carrier to be mid-way when the worker dies.
    for (const carrier of carriers) await control('PUT', `/carriers/${carrier}/fault`, { mode: 'slow', latency_ms: 800 });
    const submitted = await uploadBatch(gw.url, batchTeam.key, [...generatedBatchLines(3_000)].join(''));
    expect(submitted.status).toBe(202);
    await until('batch booking and a delivery in flight', 30_000, async () => {
      const batch = (await batchCall(`/fulfilment/batches/${submitted.body.id}`)).body;
      return batch.phase === 'booking' && receiver.at('/faults').length > 0 ? true : undefined;
    });
    for (const s of shipments) {
      const res = await control('POST', `/carriers/${s.carrier.code}/shipments/${s.tracking_number}/events`, { code: 'PICKED_UP' });
      expect(res.status).toBe(201);
    }

    // Kill -9 one worker; freeze every carrier.
    expect((await gw.worker!.kill()).signal).toBe('SIGKILL');
    sandbox.signal('SIGSTOP');
    const outageEnds = Date.now() + OUTAGE_MS;
    // Bookings meanwhile are refused with 503 and Retry-After, never left half-done.
    const quote = (await call('/rates', { method: 'POST', body: ratesBody() })).body.quotes[0];
    const refused = await call('/shipments', { method: 'POST', body: { quote_id: quote.quote_id, ...ratesBody() } });
    expect(refused.status).toBe(503);
    expect(refused.body.error.code).toBe('E_CARRIER_UNAVAILABLE');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    await sleep(outageEnds - Date.now());
    sandbox.signal('SIGCONT');
    for (const carrier of carriers) await control('PUT', `/carriers/${carrier}/fault`, { mode: 'none' });

    // The batch: completed once, one carrier booking per order.
    const done = await waitForBatch(batchCall, submitted.body.id, 150_000);
    expect(done).toMatchObject({ status: 'COMPLETED', row_count: 3_000, accepted_count: 3_000, rejected_count: 0 });
    const trackingOf = batchTrackingNumbers(done);
    expect(new Set(trackingOf.values()).size).toBe(trackingOf.size);
    const batchCarrier = (await batchCall(`/shipments?limit=1`)).body.shipments[0].carrier.code;
    const atCarrier = (await control('GET', `/carriers/${batchCarrier}/shipments`)).body.shipments as Json[];
    const numbers = new Set(trackingOf.values());
    expect(atCarrier.filter((s) => numbers.has(s.tracking_number))).toHaveLength(trackingOf.size);
    expect(new Set(atCarrier.map((s) => s.client_reference)).size).toBe(atCarrier.length);
    expect((await batchCall('/shipments?limit=1')).body.total).toBe(trackingOf.size);

    // Tracking: the event reported before the outage is processed, once.
    for (const s of shipments) {
      const tracking = await until(`${s.id} picked up`, 30_000, async () => {
        const body = (await call(`/shipments/${s.id}/tracking`)).body;
        return body.status === 'PICKED_UP' ? body : undefined;
      });
      expect(tracking.events.filter((e: Json) => e.code === 'PICKED_UP')).toHaveLength(1);
    }

    // Webhooks: every message delivered, the pick-up of each shipment among them; one message
    // per change; a redelivery keeps its id.
    const payloadOf = (id: string) => JSON.parse(receiver.at('/faults').find((r) => r.headers['webhook-id'] === id)!.body);
    let lastSeen = '';
    const log = await until(
      () => `every message delivered (${lastSeen})`,
      60_000,
      async () => {
        const list = (await call('/webhooks/deliveries?limit=100')).body.deliveries as Json[];
        lastSeen = list.map((d) => `${d.type}/${d.state}/${d.attempts}`).join(' ');
        if (!list.every((d) => d.state === 'delivered')) return undefined;
        const pickedUp = new Set(
          list
            .map((d) => payloadOf(d.id))
            .filter((p) => p.data.shipment.status === 'PICKED_UP')
            .map((p) => p.data.shipment.id),
        );
        return shipments.every((s) => pickedUp.has(s.id)) ? list : undefined;
      },
    );
    const received = new Set(receiver.at('/faults').map((r) => r.headers['webhook-id']));
    expect(received.size).toBe(log.length);
    const changes = log.map((d) => payloadOf(d.id)).map((p) => `${p.data.shipment.id}:${p.type}:${p.data.shipment.status}`);
    expect(new Set(changes).size).toBe(changes.length);
    for (const s of shipments) expect(changes).toContain(`${s.id}:shipment.created:CREATED`);
  }, 300_000);
});
