import { readFileSync } from 'node:fs';
import Redis from 'ioredis';
import type { Logger } from 'pino';
import {
  AddressDirectoryPort,
  CachedAddressDirectory,
  MemoryAddressCacheStore,
  NearAddressCacheStore,
  RedisAddressCacheStore,
  SplAddressClient,
} from '@lgw/addresses';
import { armFaultPoints, RateLimiterPort } from '@lgw/kernel';
import { InvoiceRendererPort } from '@lgw/billing';
import { LabelFormatRendererPort, LabelRendererPort, ManifestRendererPort, RendererStatusPort } from '@lgw/shipping';
import { CarrierConnectionRecord, SeedPlatformConnectionsUseCase, SqlCarrierConnectionRepository } from '@lgw/carrier-access';
import {
  ChromiumBrowserPool,
  PuppeteerInvoiceRenderer,
  PuppeteerLabelFormatsRenderer,
  PuppeteerLabelRenderer,
  PuppeteerManifestRenderer,
} from '@lgw/labels';
import { createJobQueue, JobQueueRuntime, throttled } from '@lgw/queue';
import {
  CarrierRegistry,
  CarrierRegistrySettings,
  carrierCredentialSchemas,
  createCarrierRegistry,
  defaultSandboxUrl,
} from '@lgw/carriers';
import { Database, openDatabase } from '@lgw/database';
import {
  AppConfig,
  createLogger,
  failFastRedisOptions,
  GatewayMetrics,
  InMemoryRateLimiter,
  MetricsServer,
  RedisRateLimiter,
  startMetricsServer,
  AesGcmSecretCipher,
} from '@lgw/platform';
import { WebhookHttpSender } from '@lgw/webhooks';
import { countBrowserEvent, instrumentJobWorker, instrumentLabelRenderer } from '../metrics/instrumentation';

/**
 * The process-wide resources every app (api, worker, all-in-one, cli) builds once
 * before Nest starts: connections are async and must exist before modules bind ports.
 */
export interface GatewayRuntime {
  readonly config: AppConfig;
  readonly logger: Logger;
  readonly database: Database;
  readonly redis?: Redis;
  readonly rateLimiter: RateLimiterPort;
  readonly carriers: CarrierRegistry;
  /** The platform's carrier connections the live adapters were built with (docs/adr/0065). */
  readonly platformConnections: readonly CarrierConnectionRecord[];
  /** The sandbox simulators test-mode tenants always use (docs/adr/0060-test-mode-tenancy.md). */
  readonly testCarriers: CarrierRegistry;
  /** The sandbox those simulators run in (its control API drives test shipments). */
  readonly testSandboxUrl: string;
  /** Producer side is used by every process; only worker processes start the consumer. */
  readonly jobs: JobQueueRuntime;
  /** Chromium starts on the first render, so processes that never render never launch it. */
  readonly labelRenderer: LabelRendererPort;
  readonly labelFormatRenderer: LabelFormatRendererPort;
  readonly manifestRenderer: ManifestRendererPort;
  /** Tax invoices print on the same Chromium pool as labels. */
  readonly invoiceRenderer: InvoiceRendererPort;
  /** Whether that pool can print now (a browser installed, its last launch not failed). */
  readonly rendererStatus: RendererStatusPort;
  /** One keep-alive HTTPS agent per process for webhook deliveries (and test messages). */
  readonly webhookSender: WebhookHttpSender;
  /** This process's Prometheus metrics; served on METRICS_PORT when set (ADR 0035). */
  readonly metrics: GatewayMetrics;
  /** The metrics listener, when METRICS_PORT is set. */
  readonly metricsServer?: MetricsServer;
  /** ZATCA's Fatoora API: ZATCA_BASE_URL, else the carrier sandbox's simulator (docs/adr/0056). */
  readonly fatooraBaseUrl: string;
  /** Unifonic's SMS API: SMS_BASE_URL, else the carrier sandbox's simulator (docs/adr/0086). */
  readonly smsBaseUrl: string;
  /** The National Address register behind its shared cache (docs/adr/0052). */
  readonly addressDirectory: AddressDirectoryPort;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  /** Tests keep embedded databases in memory. */
  readonly inMemoryDatabase?: boolean;
  /** A new embedded database starts from this migrated one (DatabaseSettings.embeddedSeedFile). */
  readonly embeddedSeedFile?: string;
  readonly logger?: Logger;
  /**
   * Carrier endpoints and resilience. `sandboxUrl` points every carrier at a running carrier
   * sandbox (all-in-one, tests); otherwise carrier URLs come from the environment.
   */
  readonly carrierSettings?: CarrierRegistrySettings;
  /**
   * Where test mode's carriers live: default the sandbox of carrierSettings.sandboxUrl, else
   * SANDBOX_URL or the local sandbox (SANDBOX_PORT). Never the live carriers' URLs.
   */
  readonly testSandboxUrl?: string;
  /** Redis key prefix of the job queues (tests isolate runs with their own). */
  readonly queuePrefix?: string;
  /** The `process` label of every metric: api, worker, gateway (all-in-one). */
  readonly processName?: string;
}

export async function createRuntime(config: AppConfig, options: RuntimeOptions = {}): Promise<GatewayRuntime> {
  const logger = options.logger ?? createLogger(config.logLevel);
  armFaultPoints(config.faultPoints);
  // Carrier settings are read by names built from each carrier's code (<CODE>_*): from the
  // environment the configuration was read from, unless the caller gives its own.
  const carrierEnv = options.carrierSettings?.env ?? config.env;
  const metrics = new GatewayMetrics(options.processName ?? 'gateway');
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    inMemory: options.inMemoryDatabase,
    embeddedSeedFile: options.embeddedSeedFile,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
  });
  let redis: Redis | undefined;
  let rateLimiter: RateLimiterPort;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, failFastRedisOptions(config.redisCommandTimeoutMs));
    redis.on(
      'error',
      throttled(5_000, (err) => logger.warn({ event: 'redis.error', err: err.message }, 'redis error')),
    );
    rateLimiter = new RedisRateLimiter(redis, logger);
    // Without an offline queue, requests arriving before the first connection would fail;
    // a process started during an outage still starts, degraded.
    await connected(redis, 3_000);
  } else {
    rateLimiter = new InMemoryRateLimiter();
  }
  const carrierObserver = {
    call: metrics.observeCarrierCall.bind(metrics),
    circuit: metrics.setCircuitState.bind(metrics),
  };
  // The platform's credentials live in the database, seeded once from the environment (docs/adr/0065).
  const platform = await new SeedPlatformConnectionsUseCase(
    new SqlCarrierConnectionRepository(database.dataSource),
    carrierCredentialSchemas(carrierEnv),
    new AesGcmSecretCipher(config.webhookSecretKey),
  ).execute();
  if (platform.unreadable.length > 0) {
    logger.error(
      { event: 'carrier_connections.unreadable', carriers: platform.unreadable },
      'platform carrier connections sealed with another WEBHOOK_SECRET_KEY: those carriers use the environment credentials until an operator saves their connection again',
    );
  }
  const carriers = createCarrierRegistry({
    ...options.carrierSettings,
    env: carrierEnv,
    platformCredentials: platform.credentials,
    resilience: { ...options.carrierSettings?.resilience, observer: carrierObserver },
  });
  const testSandboxUrl = (options.testSandboxUrl ?? options.carrierSettings?.sandboxUrl ?? defaultSandboxUrl(carrierEnv)).replace(
    /\/+$/,
    '',
  );
  const testCarriers = createCarrierRegistry({
    sandboxUrl: testSandboxUrl,
    // Only resilience and sandbox settings: no live credential ever reaches the simulators.
    env: Object.fromEntries(Object.entries(carrierEnv).filter(([name]) => /^(CARRIER|SANDBOX)_/.test(name))),
    resilience: { ...options.carrierSettings?.resilience, observer: carrierObserver },
  });
  const queueRuntime = createJobQueue({
    redisUrl: config.redisUrl,
    prefix: options.queuePrefix ?? config.queuePrefix,
    logger,
    closeTimeoutMs: config.shutdownTimeoutMs,
    lockDurationMs: config.queueLockDurationMs,
    stalledIntervalMs: config.queueStalledIntervalMs,
  });
  const jobs: JobQueueRuntime = { ...queueRuntime, worker: instrumentJobWorker(queueRuntime.worker, queueRuntime, metrics) };
  const browserPool = new ChromiumBrowserPool({
    executablePath: config.puppeteerExecutablePath,
    pageCount: config.labelBrowserPages,
    cacheDir: config.puppeteerCacheDir,
    onEvent: (event) => {
      countBrowserEvent(metrics, event);
      logger.info({ event: 'labels.browser', detail: event }, 'label browser event');
    },
  });
  const labels = browserPool.availability();
  if (!labels.available) {
    // The one line an operator needs: the service runs, labels wait (docs/adr/0034).
    logger.warn(
      { event: 'labels.unavailable', reason: labels.reason },
      `labels unavailable: ${labels.reason}; GET /labels answers 503 E_LABEL_UNAVAILABLE and labels stay pending until a process with a browser starts`,
    );
  }
  const labelRenderer = instrumentLabelRenderer(new PuppeteerLabelRenderer(browserPool), metrics);
  const invoiceRenderer = new PuppeteerInvoiceRenderer(browserPool);
  const webhookSender = new WebhookHttpSender({
    timeoutMs: config.webhookTimeoutMs,
    allowPrivateTargets: config.webhookAllowPrivateTargets,
    ca: config.webhookCaFile ? readFileSync(config.webhookCaFile) : undefined,
  });
  const metricsServer = config.metricsPort === undefined ? undefined : await startMetricsServer(metrics, config.metricsPort, config.host);
  logger.info(
    { event: 'runtime.ready', database: database.mode, redis: Boolean(redis), metricsPort: metricsServer?.port },
    'runtime ready',
  );
  return {
    config,
    logger,
    database,
    redis,
    rateLimiter,
    carriers,
    platformConnections: platform.records,
    testCarriers,
    testSandboxUrl,
    jobs,
    labelRenderer,
    labelFormatRenderer: new PuppeteerLabelFormatsRenderer(browserPool),
    manifestRenderer: new PuppeteerManifestRenderer(browserPool),
    invoiceRenderer,
    rendererStatus: browserPool,
    webhookSender,
    metrics,
    metricsServer,
    fatooraBaseUrl: fatooraBaseUrl(config, options.carrierSettings),
    smsBaseUrl: config.notifications.smsBaseUrl ?? `${sandboxBaseUrl(config, options.carrierSettings)}/sandbox/unifonic`,
    addressDirectory: addressDirectory(config, options.carrierSettings, redis, metrics),
    close: async () => {
      await jobs.close();
      webhookSender.close();
      await browserPool.close();
      await carriers.close();
      await testCarriers.close();
      redis?.disconnect();
      await database.close();
      await metricsServer?.close();
    },
  };
}

/** The carrier sandbox this process talks to: the one it was given, else the local one on SANDBOX_PORT. */
function sandboxBaseUrl(config: AppConfig, settings: CarrierRegistrySettings | undefined): string {
  return settings?.sandboxUrl?.replace(/\/+$/, '') ?? config.sandboxUrl?.replace(/\/+$/, '') ?? `http://127.0.0.1:${config.sandboxPort}`;
}

const FATOORA_PORTAL = 'https://gw-fatoora.zatca.gov.sa/e-invoicing/developer-portal';

function fatooraBaseUrl(config: AppConfig, settings: CarrierRegistrySettings | undefined): string {
  if (config.zatcaBaseUrl) return config.zatcaBaseUrl;
  return settings?.sandboxUrl ? `${settings.sandboxUrl}/sandbox/zatca/e-invoicing/developer-portal` : FATOORA_PORTAL;
}

/**
 * ADDRESS_SERVICE_URL, else the carrier sandbox's simulator; cached in Redis when there is one
 * (shared by every api replica), else in this process's memory (embedded mode).
 */
function addressDirectory(
  config: AppConfig,
  settings: CarrierRegistrySettings | undefined,
  redis: Redis | undefined,
  metrics: GatewayMetrics,
): AddressDirectoryPort {
  const sandbox = settings?.sandboxUrl?.replace(/\/+$/, '') ?? `http://127.0.0.1:${config.sandboxPort}`;
  const service = new SplAddressClient({
    baseUrl: config.address.url ?? `${sandbox}/sandbox/spl`,
    apiKey: config.address.key,
    timeoutMs: config.address.timeoutMs,
    breakerThreshold: config.address.breakerThreshold,
    breakerHalfOpenMs: config.address.breakerHalfOpenMs,
    observer: metrics.observeAddressLookup.bind(metrics),
  });
  // Redis is shared by the replicas; each keeps a 30 s copy of what it read, so a booking to a
  // destination seen recently does not ask Redis again (docs/adr/0068).
  const store = redis
    ? new NearAddressCacheStore(new RedisAddressCacheStore(redis, config.address.cachePrefix), NEAR_ADDRESS_CACHE_SECONDS)
    : new MemoryAddressCacheStore();
  return new CachedAddressDirectory(service, store, {
    ttlSeconds: config.address.cacheTtlSeconds,
    negativeTtlSeconds: config.address.cacheNegativeTtlSeconds,
    observer: metrics.countAddressCache.bind(metrics),
  });
}

const NEAR_ADDRESS_CACHE_SECONDS = 30;

/** Waits until the client is connected, or gives up quietly after `ms`. */
function connected(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    timer.unref();
    redis.once('ready', done);
  });
}
