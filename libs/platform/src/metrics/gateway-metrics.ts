import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { KeyedHistogram } from './keyed-histogram';

/** Waiting, running and delayed jobs of one queue, read when Prometheus scrapes. */
export interface QueueDepth {
  readonly waiting: number;
  readonly active: number;
  readonly delayed: number;
}

export type CircuitStateName = 'closed' | 'open' | 'half-open';
const CIRCUIT_STATES: readonly CircuitStateName[] = ['closed', 'open', 'half-open'];

/** Latency buckets (seconds) shared by HTTP and carrier calls: 5 ms to 10 s. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Jobs run from milliseconds (relay tick) to minutes (a large fulfilment batch). */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300];
const RENDER_BUCKETS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The process's Prometheus metrics (ADR 0035): one registry per process, families named
 * `lgw_*` plus prom-client's process and Node.js defaults (RSS, handles, event-loop lag).
 * Recording is a label lookup and an add; everything that needs I/O (queue depth) is read
 * only when scraped.
 */
export class GatewayMetrics {
  readonly registry = new Registry();
  private readonly httpDuration: KeyedHistogram<'method' | 'route' | 'status' | 'mode'>;
  private readonly rateLimited: Counter;
  private readonly requestTimeouts: Counter;
  private readonly jobDuration: Histogram<'queue' | 'outcome'>;
  private readonly jobFailures: Counter<'queue'>;
  private readonly carrierDuration: Histogram<'carrier' | 'operation' | 'outcome'>;
  private readonly carrierErrors: Counter<'carrier' | 'operation'>;
  private readonly circuit: Gauge<'carrier' | 'breaker' | 'state'>;
  private readonly webhookDeliveries: Counter<'outcome'>;
  private readonly labelRender: Histogram<'outcome'>;
  private readonly browserEvents: Counter<'event'>;
  private readonly addressCache: Counter<'result'>;
  private readonly unknownTrackingCodes: Counter<'carrier'>;
  private readonly addressLookups: Histogram<'outcome'>;
  private readonly depthSources: (() => Promise<Record<string, QueueDepth>>)[] = [];

  constructor(readonly process: string) {
    this.registry.setDefaultLabels({ process });
    // Event-loop lag comes with the defaults (nodejs_eventloop_lag_*), sampled every 10 ms.
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 10 });
    const registers = [this.registry];
    this.httpDuration = new KeyedHistogram(
      'lgw_http_request_duration_seconds',
      'HTTP requests by route pattern, method, status and the key mode (live, test; none without a key)',
      LATENCY_BUCKETS,
      this.registry,
    );
    this.rateLimited = new Counter({ name: 'lgw_rate_limit_rejections_total', help: 'Requests refused with 429', registers });
    this.requestTimeouts = new Counter({
      name: 'lgw_http_request_timeouts_total',
      help: 'Requests the server answered 408 itself: a client too slow to send its head or body',
      registers,
    });
    this.jobDuration = new Histogram({
      name: 'lgw_job_duration_seconds',
      help: 'Job runs by queue and outcome (ok, failed)',
      labelNames: ['queue', 'outcome'],
      buckets: JOB_BUCKETS,
      registers,
    });
    this.jobFailures = new Counter({ name: 'lgw_job_failures_total', help: 'Job runs that threw', labelNames: ['queue'], registers });
    this.carrierDuration = new Histogram({
      name: 'lgw_carrier_call_duration_seconds',
      help: 'Carrier operations (retries included) by carrier, operation and outcome (ok, rejected, unavailable)',
      labelNames: ['carrier', 'operation', 'outcome'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.carrierErrors = new Counter({
      name: 'lgw_carrier_errors_total',
      help: 'Carrier operations that got no usable answer (timeout, 5xx, open circuit, bulkhead full)',
      labelNames: ['carrier', 'operation'],
      registers,
    });
    this.circuit = new Gauge({
      name: 'lgw_carrier_circuit_state',
      help: '1 for the current state of each carrier circuit breaker, 0 for the others',
      labelNames: ['carrier', 'breaker', 'state'],
      registers,
    });
    this.webhookDeliveries = new Counter({
      name: 'lgw_webhook_deliveries_total',
      help: 'Webhook delivery attempts by outcome (delivered, retry, failed, skipped)',
      labelNames: ['outcome'],
      registers,
    });
    this.labelRender = new Histogram({
      name: 'lgw_label_render_duration_seconds',
      help: 'Label renders on Chromium by outcome',
      labelNames: ['outcome'],
      buckets: RENDER_BUCKETS,
      registers,
    });
    this.browserEvents = new Counter({
      name: 'lgw_label_browser_events_total',
      help: 'Chromium pool lifecycle: launched, retired, crashed, launch-failed',
      labelNames: ['event'],
      registers,
    });
    this.unknownTrackingCodes = new Counter({
      name: 'lgw_tracking_unknown_codes_total',
      help: "Tracking events stored with a carrier status code missing from the carrier's status map (no status change)",
      labelNames: ['carrier'],
      registers,
    });
    this.addressCache = new Counter({
      name: 'lgw_address_cache_total',
      help: 'National Address look-ups answered from the shared cache (hit) or sent to the address service (miss)',
      labelNames: ['result'],
      registers,
    });
    this.addressLookups = new Histogram({
      name: 'lgw_address_lookup_duration_seconds',
      help: 'Calls to the National Address service by outcome (found, not_found, unavailable)',
      labelNames: ['outcome'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    const sources = this.depthSources;
    new Gauge({
      name: 'lgw_queue_depth',
      help: 'Jobs per queue and state (waiting, active, delayed), read at scrape time',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        this.reset();
        for (const source of sources) {
          const depths = await source().catch(() => ({}) as Record<string, QueueDepth>);
          for (const [queue, depth] of Object.entries(depths)) {
            this.set({ queue, state: 'waiting' }, depth.waiting);
            this.set({ queue, state: 'active' }, depth.active);
            this.set({ queue, state: 'delayed' }, depth.delayed);
          }
        }
      },
    });
  }

  /** `route` is the route pattern (never the raw URL, whose ids would explode the label set). */
  observeHttp(method: string, route: string, status: number, seconds: number, mode = 'none'): void {
    this.httpDuration.observe(`${method} ${route} ${status} ${mode}`, () => ({ method, route, status: String(status), mode }), seconds);
    if (status === 429) this.rateLimited.inc();
  }

  /** A 408 written by the server for a slow client (no route ran, so no lgw_http_request_duration sample). */
  countRequestTimeout(): void {
    this.requestTimeouts.inc();
  }

  observeJob(queue: string, ok: boolean, seconds: number): void {
    this.jobDuration.observe({ queue, outcome: ok ? 'ok' : 'failed' }, seconds);
    if (!ok) this.jobFailures.inc({ queue });
  }

  observeCarrierCall(carrier: string, operation: string, outcome: 'ok' | 'rejected' | 'unavailable', seconds: number): void {
    this.carrierDuration.observe({ carrier, operation, outcome }, seconds);
    if (outcome === 'unavailable') this.carrierErrors.inc({ carrier, operation });
  }

  setCircuitState(carrier: string, breaker: string, state: CircuitStateName): void {
    for (const candidate of CIRCUIT_STATES) this.circuit.set({ carrier, breaker, state: candidate }, candidate === state ? 1 : 0);
  }

  countWebhookDelivery(outcome: string): void {
    this.webhookDeliveries.inc({ outcome });
  }

  observeLabelRender(ok: boolean, seconds: number): void {
    this.labelRender.observe({ outcome: ok ? 'ok' : 'failed' }, seconds);
  }

  countBrowserEvent(event: string): void {
    this.browserEvents.inc({ event });
  }

  countUnknownTrackingCode(carrier: string): void {
    this.unknownTrackingCodes.inc({ carrier });
  }

  countAddressCache(result: 'hit' | 'miss'): void {
    this.addressCache.inc({ result });
  }

  observeAddressLookup(outcome: 'found' | 'not_found' | 'unavailable', seconds: number): void {
    this.addressLookups.observe({ outcome }, seconds);
  }

  /** A source of queue depths (the worker's queues), polled on every scrape. */
  addQueueDepthSource(source: () => Promise<Record<string, QueueDepth>>): void {
    this.depthSources.push(source);
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
