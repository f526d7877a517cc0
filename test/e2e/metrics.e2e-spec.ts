import { book } from '../support/booking';
import { bootTestApp, TestApp } from '../support/test-app';
import { startWebhookReceiver, WebhookReceiver } from '../support/webhook-receiver';

/** One sample line of the Prometheus text format: name{labels} value. */
interface Sample {
  readonly name: string;
  readonly labels: Record<string, string>;
  readonly value: number;
}

function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1]] = pair[2];
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

/** Sum of the samples of one family matching the labels given. */
function total(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

describe('metrics: GET /metrics on METRICS_PORT, apart from the API', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let metricsUrl: string;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await bootTestApp({
      worker: true,
      env: {
        METRICS_PORT: '0',
        RATE_LIMIT_PER_MINUTE: '20',
        WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
        WEBHOOK_CA_FILE: receiver.caFile,
        WEBHOOK_TIMEOUT_MS: '3000',
      },
    });
    metricsUrl = `http://127.0.0.1:${t.runtime.metricsServer!.port}/metrics`;
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  async function scrape(): Promise<Sample[]> {
    const res = await fetch(metricsUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseSamples(await res.text());
  }

  it('is not served on the API port', async () => {
    expect(t.runtime.metricsServer!.port).not.toBe(Number(new URL(t.url).port));
    expect((await fetch(`${t.url}/metrics`)).status).toBe(404);
  });

  it('counts real traffic: routes by pattern, 429s, carrier calls, jobs, labels, webhooks, the event loop', async () => {
    const team = await t.createTeam('Metrics');
    const busy = await t.createTeam('Busy');
    await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 1000 });
    expect((await t.api('/webhooks/config', { method: 'POST', key: team.apiKey, body: { url: `${receiver.url}/hooks` } })).status).toBe(
      200,
    );
    const shipment = await book(t, team);
    for (let i = 0; i < 3; i++) expect((await t.api(`/shipments/${shipment.id}`, { key: team.apiKey })).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await t.api('/carriers', { key: team.testApiKey })).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await t.api('/shipments', { key: busy.apiKey })).status);
    const refused = statuses.filter((s) => s === 429).length;
    expect(refused).toBe(5);

    // The worker renders the label and delivers the webhook; wait until both are counted.
    const deadline = Date.now() + 30_000;
    let samples = await scrape();
    while (
      Date.now() < deadline &&
      (total(samples, 'lgw_job_duration_seconds_count', { queue: 'labels', outcome: 'ok' }) < 1 ||
        total(samples, 'lgw_webhook_deliveries_total', { outcome: 'delivered' }) < 1)
    ) {
      await new Promise((r) => setTimeout(r, 250));
      samples = await scrape();
    }

    // Requests by route pattern and status: the id never appears, the three GETs are counted.
    const byId = { method: 'GET', route: '/api/v1/shipments/:id', status: '200' };
    expect(total(samples, 'lgw_http_request_duration_seconds_count', byId)).toBe(3);
    expect(total(samples, 'lgw_http_request_duration_seconds_count', { ...byId, mode: 'live' })).toBe(3);
    // Test-key traffic is labelled apart (docs/test-mode.md).
    expect(total(samples, 'lgw_http_request_duration_seconds_count', { route: '/api/v1/carriers', mode: 'test' })).toBe(2);
    expect(total(samples, 'lgw_http_request_duration_seconds_count', { route: '/api/v1/carriers', mode: 'live' })).toBe(0);
    expect(samples.some((s) => s.name.startsWith('lgw_http') && Object.values(s.labels).some((v) => v.includes(shipment.id)))).toBe(false);
    expect(total(samples, 'lgw_http_request_duration_seconds_count', { route: '/api/v1/shipments', status: '429' })).toBe(refused);
    expect(total(samples, 'lgw_rate_limit_rejections_total')).toBe(refused);
    expect(total(samples, 'lgw_http_request_duration_seconds_count', { method: 'POST', route: '/api/v1/shipments', status: '201' })).toBe(
      1,
    );

    // The booking's carrier call, and every carrier's circuit reported closed.
    const carrier = shipment.carrier?.code ?? shipment.carrier;
    expect(total(samples, 'lgw_carrier_call_duration_seconds_count', { carrier, outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    for (const code of t.runtime.carriers.codes) {
      expect(total(samples, 'lgw_carrier_circuit_state', { carrier: code, breaker: 'operations', state: 'closed' })).toBe(1);
      expect(total(samples, 'lgw_carrier_circuit_state', { carrier: code, breaker: 'operations', state: 'open' })).toBe(0);
    }

    // Jobs per queue, the label render and its browser, webhook outcomes.
    expect(total(samples, 'lgw_job_duration_seconds_count', { queue: 'labels', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(total(samples, 'lgw_job_duration_seconds_count', { queue: 'outbox', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(total(samples, 'lgw_label_render_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(total(samples, 'lgw_label_browser_events_total', { event: 'launched' })).toBeGreaterThanOrEqual(1);
    expect(total(samples, 'lgw_webhook_deliveries_total', { outcome: 'delivered' })).toBeGreaterThanOrEqual(1);
    expect(receiver.received.length).toBeGreaterThanOrEqual(1);
    for (const state of ['waiting', 'active', 'delayed']) {
      expect(samples.some((s) => s.name === 'lgw_queue_depth' && s.labels.queue === 'labels' && s.labels.state === state)).toBe(true);
    }

    // Process health: event-loop lag, RSS and handles, all labelled with the process.
    expect(samples.find((s) => s.name === 'nodejs_eventloop_lag_p99_seconds')?.value).toBeGreaterThan(0);
    expect(total(samples, 'process_resident_memory_bytes')).toBeGreaterThan(10 * 1024 * 1024);
    expect(samples.find((s) => s.name === 'nodejs_active_handles_total')?.labels.process).toBe('gateway');
  }, 60_000);
});
