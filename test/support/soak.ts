import { startCarrierSandbox } from '@lgw/carrier-sandbox';
import { generatedBatchLines, uploadBatch } from './batch-csv';
import { ratesBody } from './fixtures';
import { apiCall, createTeam, processSuiteEnv, sleep } from './gateway-client';
import { startGatewayProcesses } from './gateway-processes';
import { freePort, startPrivateRedis } from './private-redis';
import { startWebhookReceiver } from './webhook-receiver';

/** One scrape of a process's health gauges. */
export interface SoakSample {
  readonly atS: number;
  readonly rssMb: number;
  readonly handles: number;
  /** Event-loop delay p99 since the previous scrape. */
  readonly lagP99Ms: number;
}

export interface SoakThirds {
  readonly rssMb: number;
  readonly handles: number;
  readonly lagP99Ms: number;
}

export interface SoakResult {
  readonly minutes: number;
  readonly requests: number;
  readonly statuses: Record<string, number>;
  /** Requests per second answered in the first and in the last third of the run. */
  readonly requestsPerSecond: { readonly first: number; readonly last: number };
  readonly batches: number;
  readonly webhooksReceived: number;
  /** Per process (api, worker): means over the first and the last third of the run. */
  readonly processes: Record<string, { first: SoakThirds; last: SoakThirds; samples: number }>;
}

function gauge(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `));
  if (!line) throw new Error(`metric ${name} missing`);
  return Number(line.slice(line.lastIndexOf(' ') + 1));
}

function mean(samples: SoakSample[], pick: (s: SoakSample) => number): number {
  return samples.reduce((sum, s) => sum + pick(s), 0) / Math.max(1, samples.length);
}

function thirds(samples: SoakSample[]): { first: SoakThirds; last: SoakThirds } {
  const third = Math.max(1, Math.floor(samples.length / 3));
  const summary = (part: SoakSample[]): SoakThirds => ({
    rssMb: Math.round(mean(part, (s) => s.rssMb) * 10) / 10,
    handles: Math.round(mean(part, (s) => s.handles) * 10) / 10,
    lagP99Ms: Math.round(mean(part, (s) => s.lagP99Ms) * 10) / 10,
  });
  return { first: summary(samples.slice(0, third)), last: summary(samples.slice(-third)) };
}

/**
 * Mixed traffic against an api and a worker process on a scratch PostgreSQL database and a
 * private Redis for `minutes`: quotes, bookings, reads, tracking events from the carriers,
 * webhook deliveries and a small fulfilment batch every 20 s. Both processes are scraped on
 * their metrics port every 5 s for RSS, open handles and event-loop lag.
 */
export async function runSoak(options: {
  minutes: number;
  clients?: number;
  /** Traffic before the measured minutes (default 30 s): JIT, pools and heap sizing settle there, so growth after it is what leaks. */
  warmupSeconds?: number;
  log?: (line: string) => void;
}): Promise<SoakResult> {
  const log = options.log ?? (() => undefined);
  const redis = await startPrivateRedis();
  const receiver = await startWebhookReceiver();
  const sandbox = await startCarrierSandbox({ port: 0, host: '127.0.0.1', autoAdvanceSeconds: 0 });
  const [apiMetrics, workerMetrics] = [await freePort(), await freePort()];
  const gw = await startGatewayProcesses({
    sandboxUrl: sandbox.url,
    port: await freePort(),
    env: processSuiteEnv(redis.url, receiver.caFile, { METRICS_PORT: String(workerMetrics), TRACKING_POLL_INTERVAL_MS: '500' }),
  });
  try {
    if (gw.mode !== 'services') throw new Error('the soak runs the production shape: LGW_TEST_MODE=services');
    await gw.startApi({ METRICS_PORT: String(apiMetrics) });
    const team = await createTeam(gw, 'Soak', 1_000_000);
    const call = (path: string, init?: { method?: string; body?: unknown }) => apiCall(gw.url, team.key, path, init);
    await call('/webhooks/config', { method: 'POST', body: { url: `${receiver.url}/soak` } });

    const started = Date.now() + (options.warmupSeconds ?? 30) * 1000;
    const endsAt = started + options.minutes * 60_000;
    const statuses: Record<string, number> = {};
    const answeredAt: number[] = [];
    const count = (status: number) => {
      statuses[status] = (statuses[status] ?? 0) + 1;
      answeredAt.push(Date.now());
    };
    const samples: Record<string, SoakSample[]> = { api: [], worker: [] };
    let batches = 0;

    const scrape = async () => {
      for (const [name, port] of [
        ['api', apiMetrics],
        ['worker', workerMetrics],
      ] as const) {
        const text = await fetch(`http://127.0.0.1:${port}/metrics`).then((r) => r.text());
        samples[name].push({
          atS: Math.round((Date.now() - started) / 1000),
          rssMb: gauge(text, 'process_resident_memory_bytes') / 1024 / 1024,
          handles: gauge(text, 'nodejs_active_handles_total'),
          lagP99Ms: gauge(text, 'nodejs_eventloop_lag_p99_seconds') * 1000,
        });
      }
    };
    const client = async () => {
      const mine: { id: string; carrier: string; tracking: string; step: number }[] = [];
      while (Date.now() < endsAt) {
        const rated = await call('/rates', { method: 'POST', body: ratesBody() });
        count(rated.status);
        const quote = rated.body?.quotes?.[Math.floor(Math.random() * rated.body.quotes.length)];
        if (quote) {
          const booked = await call('/shipments', { method: 'POST', body: { quote_id: quote.quote_id, ...ratesBody() } });
          count(booked.status);
          if (booked.status === 201)
            mine.push({ id: booked.body.id, carrier: booked.body.carrier.code, tracking: booked.body.tracking_number, step: 0 });
        }
        for (const path of ['/shipments?limit=20', `/shipments/${mine.at(-1)?.id ?? 'none'}`, '/webhooks/deliveries?limit=20']) {
          count((await call(path)).status);
        }
        // Each carrier moves one of this client's parcels a step; tracking sync picks it up.
        const moving = mine.find((s) => s.step < 3);
        if (moving) {
          const code = ['PICKED_UP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY'][moving.step++];
          await fetch(`${sandbox.url}/sandbox/v1/carriers/${moving.carrier}/shipments/${moving.tracking}/events`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ code }),
          });
        }
        if (mine.length > 200) mine.splice(0, 100);
        await sleep(50);
      }
    };
    const batcher = async () => {
      while (Date.now() < endsAt) {
        const submitted = await uploadBatch(gw.url, team.key, [...generatedBatchLines(30)].join(''));
        count(submitted.status);
        if (submitted.status === 202) batches++;
        await sleep(20_000);
      }
    };
    const sampler = async () => {
      await sleep(Math.max(0, started - Date.now()));
      while (Date.now() < endsAt) {
        await scrape();
        const last = samples.api.at(-1)!;
        log(`t=${last.atS}s api rss=${last.rssMb.toFixed(1)}MB handles=${last.handles} lag99=${last.lagP99Ms.toFixed(1)}ms`);
        await sleep(5_000);
      }
    };
    await Promise.all([sampler(), batcher(), ...Array.from({ length: options.clients ?? 3 }, client)]);
    await scrape();
    return {
      minutes: options.minutes,
      requests: Object.values(statuses).reduce((a, b) => a + b, 0),
      statuses,
      requestsPerSecond: {
        first: Math.round(
          answeredAt.filter((t) => t >= started && t < started + (endsAt - started) / 3).length / ((endsAt - started) / 3000),
        ),
        last: Math.round(answeredAt.filter((t) => t >= endsAt - (endsAt - started) / 3).length / ((endsAt - started) / 3000)),
      },
      batches,
      webhooksReceived: receiver.at('/soak').length,
      processes: Object.fromEntries(Object.entries(samples).map(([name, list]) => [name, { ...thirds(list), samples: list.length }])),
    };
  } finally {
    await gw.close();
    await sandbox.close();
    await receiver.close();
    await redis.stop();
  }
}
