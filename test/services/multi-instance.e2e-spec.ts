import { RunningCarrierSandbox, startCarrierSandbox } from '@lgw/carrier-sandbox';
import { generatedBatchLines, uploadBatch, waitForBatch } from '../support/batch-csv';
import { ratesBody } from '../support/fixtures';
import { apiCall, batchTrackingNumbers, createTeam as newTeam, processSuiteEnv, sleep, until } from '../support/gateway-client';
import { GatewayChild, GatewayProcesses, startGatewayProcesses } from '../support/gateway-processes';
import { freePort, PrivateRedis, startPrivateRedis } from '../support/private-redis';
import { startWebhookReceiver, WebhookReceiver } from '../support/webhook-receiver';

type Json = any;

/**
 * The production shape on one machine: two api and two worker processes on one PostgreSQL
 * database and a private Redis. Whatever one replica does, the other must not do again.
 */
describe('two api and two worker processes on one PostgreSQL and Redis', () => {
  let redis: PrivateRedis;
  let sandbox: RunningCarrierSandbox;
  let receiver: WebhookReceiver;
  let gw: GatewayProcesses;
  let apiB: GatewayChild;
  let urlB: string;
  let carriers: string[];

  const request = apiCall;
  const createTeam = (name: string, perMinute?: number) => newTeam(gw, name, perMinute);

  beforeAll(async () => {
    redis = await startPrivateRedis();
    receiver = await startWebhookReceiver();
    sandbox = await startCarrierSandbox({ port: 0, host: '127.0.0.1', autoAdvanceSeconds: 0 });
    gw = await startGatewayProcesses({
      sandboxUrl: sandbox.url,
      port: await freePort(),
      env: processSuiteEnv(redis.url, receiver.caFile),
    });
    await gw.startApi();
    const portB = await freePort();
    apiB = await gw.spawnApi(portB);
    urlB = `http://127.0.0.1:${portB}`;
    gw.spawnWorker();
    const probe = await createTeam('Probe', 100_000);
    carriers = (await request(gw.url, probe.key, '/carriers')).body.carriers.map((c: Json) => c.code);
  }, 120_000);

  afterAll(async () => {
    await gw?.close();
    await sandbox?.close();
    await receiver?.close();
    await redis?.stop();
  });

  it('admit exactly 60 requests of one key across both apis', async () => {
    expect(apiB.pid).toBeGreaterThan(0);
    const team = await createTeam('Limited');
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => request(i % 2 ? gw.url : urlB, team.key, '/shipments?limit=1').then((r) => r.status)),
    );
    expect(results.filter((s) => s === 200)).toHaveLength(60);
    expect(results.filter((s) => s === 429)).toHaveLength(40);
  });

  it('complete a fulfilment batch once, with one shipment per order', async () => {
    const team = await createTeam('Batcher', 100_000);
    const submitted = await uploadBatch(urlB, team.key, [...generatedBatchLines(1_500)].join(''));
    expect(submitted.status).toBe(202);
    const done = await waitForBatch((p) => request(gw.url, team.key, p), submitted.body.id, 60_000);
    expect(done).toMatchObject({ status: 'COMPLETED', row_count: 1_500, accepted_count: 1_500, rejected_count: 0 });
    const trackingOf = batchTrackingNumbers(done);
    expect(new Set(trackingOf.values()).size).toBe(trackingOf.size);
    expect((await request(urlB, team.key, '/shipments?limit=1')).body.total).toBe(trackingOf.size);
    // The carrier booked each order once.
    const carrier = (await request(gw.url, team.key, `/shipments?limit=1`)).body.shipments[0].carrier.code;
    const atCarrier = (await fetch(`${sandbox.url}/sandbox/v1/carriers/${carrier}/shipments`).then((r) => r.json())) as Json;
    const mine = atCarrier.shipments.filter((s: Json) => [...trackingOf.values()].includes(s.tracking_number));
    expect(mine).toHaveLength(trackingOf.size);
  }, 90_000);

  it('deliver every webhook message once and process every carrier event once, for each carrier', async () => {
    const team = await createTeam('Hooks', 100_000);
    expect((await request(gw.url, team.key, '/webhooks/config', { method: 'POST', body: { url: `${receiver.url}/multi` } })).status).toBe(
      200,
    );
    const shipments: Json[] = [];
    for (const [i, carrier] of carriers.flatMap((c) => [c, c]).entries()) {
      const base = i % 2 ? gw.url : urlB;
      const rated = await request(base, team.key, '/rates', { method: 'POST', body: ratesBody() });
      const quote = rated.body.quotes.find((q: Json) => q.carrier.code === carrier);
      const booked = await request(base, team.key, '/shipments', { method: 'POST', body: { quote_id: quote.quote_id, ...ratesBody() } });
      expect(booked.status).toBe(201);
      shipments.push(booked.body);
    }
    // Each carrier reports three steps; both workers poll every carrier.
    for (const code of ['PICKED_UP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY']) {
      for (const s of shipments) {
        const res = await fetch(`${sandbox.url}/sandbox/v1/carriers/${s.carrier.code}/shipments/${s.tracking_number}/events`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ code }),
        });
        expect(res.status).toBe(201);
      }
      await sleep(300);
    }
    for (const s of shipments) {
      await until(`${s.id} out for delivery`, 20_000, async () => {
        const res = await request(gw.url, team.key, `/shipments/${s.id}/tracking`);
        return res.body.status === 'OUT_FOR_DELIVERY' ? res.body : undefined;
      });
    }
    // Every carrier event once in the tracking history.
    for (const s of shipments) {
      const events = (await request(urlB, team.key, `/shipments/${s.id}/tracking`)).body.events as Json[];
      const keys = events.map((e) => `${e.code}@${e.occurred_at}`);
      expect(new Set(keys).size).toBe(keys.length);
      for (const code of ['PICKED_UP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY']) expect(events.filter((e) => e.code === code)).toHaveLength(1);
    }
    // Every message delivered, once: the log says delivered on the first attempt, the receiver got
    // each id once. (Steps seen in one poll make one status change, so the count varies.)
    const statusOf = (id: string) => JSON.parse(receiver.at('/multi').find((r) => r.headers['webhook-id'] === id)?.body ?? 'null');
    let lastSeen = '';
    const log = await until(
      () => `every delivery recorded (${lastSeen})`,
      30_000,
      async () => {
        const list = (await request(gw.url, team.key, '/webhooks/deliveries?limit=100')).body.deliveries as Json[];
        lastSeen = list.map((d) => `${d.type}/${d.state}/${d.attempts}`).join(' ');
        if (!list.every((d) => d.state === 'delivered')) return undefined;
        const out = new Set(
          list
            .map((d) => statusOf(d.id))
            .filter((p) => p?.data.shipment.status === 'OUT_FOR_DELIVERY')
            .map((p) => p.data.shipment.id),
        );
        return shipments.every((s) => out.has(s.id)) ? list : undefined;
      },
    );
    await sleep(1_000);
    const got = receiver.at('/multi');
    const ids = got.map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(log.length);
    expect(log.every((d) => d.attempts === 1)).toBe(true);
    // One message per shipment and status change: no carrier event turned into two.
    const changes = got.map((r) => JSON.parse(r.body)).map((p) => `${p.data.shipment.id}:${p.type}:${p.data.shipment.status}`);
    expect(new Set(changes).size).toBe(changes.length);
    for (const s of shipments) expect(changes).toContain(`${s.id}:shipment.created:CREATED`);
  }, 120_000);
});
