import { availableParallelism } from 'node:os';
import { hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { EinvoiceSeller } from '@lgw/billing';
import { parseAddressRange, trackingSyncSettingsFrom, type TrackingSyncSettings } from '@lgw/kernel';
import { invoiceSellerFrom } from './einvoice-seller.config';

/** Operator settings (docs/runbook.md). Unset means the embedded default. */
export interface AppConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl?: string;
  /** Connections this process opens to PostgreSQL at most (DATABASE_POOL_SIZE, at least 2: migrations hold one for their lock and run on another); embedded mode always uses one. */
  readonly databasePoolSize: number;
  readonly redisUrl?: string;
  /** How long a pool waits for a database connection before the request answers 503 (DATABASE_CONNECT_TIMEOUT_MS). */
  readonly databaseConnectTimeoutMs: number;
  /** How long a Redis command may take before the request answers 503 (REDIS_COMMAND_TIMEOUT_MS). */
  readonly redisCommandTimeoutMs: number;
  /** After Redis lost its data, domain events published this far back are relayed again (OUTBOX_REDRIVE_WINDOW_MS). */
  readonly outboxRedriveWindowMs: number;
  readonly adminToken: string;
  /** True when the admin token was generated rather than given: startup prints it. */
  readonly adminTokenGenerated: boolean;
  readonly sandboxPort: number;
  /** A carrier sandbox already running (SANDBOX_URL): the all-in-one process then starts none. */
  readonly sandboxUrl?: string;
  /** Redis key prefix of the job queues (QUEUE_PREFIX); producers and workers must agree. */
  readonly queuePrefix?: string;
  /**
   * BullMQ's stalled-job recovery (QUEUE_LOCK_DURATION_MS, QUEUE_STALLED_INTERVAL_MS; unset: 30 s
   * and 15 s): a killed worker's job runs again within lock + 2 × interval. Shorter only where
   * kills are the point (the crash suites); a lock shorter than a loaded worker's pauses lets a
   * live job be taken as stalled.
   */
  readonly queueLockDurationMs?: number;
  readonly queueStalledIntervalMs?: number;
  /** How long a request holds its Idempotency-Key before a retry may take over (IDEMPOTENCY_LEASE_MS). */
  readonly idempotencyLeaseMs: number;
  /** Age after which the worker settles an unresolved carrier intent (INTENT_RECOVERY_AFTER_MS). */
  readonly intentRecoveryAfterMs: number;
  readonly sandboxAutoAdvanceSeconds: number;
  /** Seed of the in-process sandbox's National Address register (SANDBOX_ADDRESS_SEED); unset: the sandbox's fixed one. */
  readonly sandboxAddressSeed?: number;
  readonly quoteTtlSeconds: number;
  readonly rateLimitPerMinute: number;
  /**
   * Which peers may tell the client's address in X-Forwarded-For (TRUST_PROXY): none by default,
   * `true` for any, a hop count, or the proxies' addresses and CIDR ranges. The client address
   * decides API keys' allowed_ips, the audit trail's ip and per-address limits.
   */
  readonly trustProxy: boolean | number | string[];
  /** Recipient tracking page reads a minute, per link and per client address (RECIPIENT_PAGE_PER_TOKEN_PER_MINUTE 60, RECIPIENT_PAGE_PER_ADDRESS_PER_MINUTE 120). */
  readonly recipientPagePerTokenPerMinute: number;
  readonly recipientPagePerAddressPerMinute: number;
  /** Days audit events are kept before the retention job prunes them (AUDIT_RETENTION_DAYS, 730; 0 keeps all). */
  readonly auditRetentionDays: number;
  /**
   * The console's own budget per API key and minute, apart from the key's API limit
   * (CONSOLE_RATE_LIMIT_PER_MINUTE, 120; docs/adr/0062-console-rate-budget.md).
   */
  readonly consoleRateLimitPerMinute: number;
  readonly trackingPollIntervalMs: number;
  /** Where recipients reach this gateway (PUBLIC_BASE_URL; default http://localhost:PORT): shipments' tracking_url starts with it. */
  readonly publicBaseUrl: string;
  /** How often each shipment is asked about, and in what batches (TRACKING_*; defaults follow the poll tick). */
  readonly trackingSync: TrackingSyncSettings;
  /** A folder of rate cards laid out like the carriers folder (RATE_CARDS_DIR); unset: the cards shipped with the carriers. */
  readonly rateCardsDir?: string;
  /** How often delivery issues due for the automatic return are looked for (DELIVERY_ISSUE_SWEEP_MS, 60000; ADR 0083). */
  readonly deliveryIssueSweepMs: number;
  /** Collected cash not paid out after this many days is overdue (COD_OVERDUE_DAYS, 7). */
  readonly codOverdueDays: number;
  /** How often each carrier's cash-on-delivery payouts are read (COD_REMITTANCE_POLL_INTERVAL_MS, 2000). */
  readonly codRemittancePollIntervalMs: number;
  readonly webhookAllowPrivateTargets: boolean;
  /** AES-256 key (32 bytes) that encrypts webhook secrets at rest: WEBHOOK_SECRET_KEY, or generated into DATA_DIR when embedded. */
  readonly webhookSecretKey: Buffer;
  /**
   * HMAC key (32 bytes) that signs quote ids (docs/adr/0031): QUOTE_SIGNING_KEY; in production
   * without it, derived from WEBHOOK_SECRET_KEY; generated into DATA_DIR when embedded.
   */
  readonly quoteSigningKey: Buffer;
  /** Delays after each failed delivery attempt; the Standard Webhooks schedule unless WEBHOOK_RETRY_SCHEDULE_MS is set. */
  readonly webhookRetryScheduleMs?: readonly number[];
  readonly webhookTimeoutMs: number;
  /** Deliveries in flight per team at most (fairness between teams). */
  readonly webhookTeamConcurrency: number;
  /** PEM file of extra CA certificates trusted for webhook targets (private PKI), on top of the public roots. */
  readonly webhookCaFile?: string;
  readonly apiKeyPrefix: string;
  readonly puppeteerExecutablePath?: string;
  /**
   * Browser pages printing at once (LABEL_BROWSER_PAGES): one more than the cores by default, so a
   * core never waits while one page's document goes to or comes back from Chromium.
   */
  readonly labelBrowserPages: number;
  readonly logLevel: string;
  /** Port of the Prometheus listener (GET /metrics), apart from the API port; unset: none (METRICS_PORT, ADR 0035). */
  readonly metricsPort?: number;
  /** How long SIGTERM waits for in-flight requests and jobs before closing anyway (SHUTDOWN_TIMEOUT_MS). */
  readonly shutdownTimeoutMs: number;
  /** The operator as seller on every invoice and e-invoice (INVOICE_SELLER_*, one configuration). */
  readonly seller: EinvoiceSeller;
  /** How often e-invoices waiting for ZATCA are sent again (EINVOICE_RETRY_EVERY_MS). */
  readonly einvoiceRetryEveryMs: number;
  /** Slow and stuck clients (docs/runbook.md "Slow clients"): every bound of one HTTP connection. */
  readonly http: HttpConnectionLimits;
  /** The National Address service and its cache (docs/adr/0052-national-address-verification.md). */
  readonly address: AddressServiceConfig;
  /** ZATCA's Fatoora API (ZATCA_BASE_URL); unset: the carrier sandbox's simulator (docs/adr/0056). */
  readonly zatcaBaseUrl?: string;
  /** Puppeteer's own browser cache, the last place a Chromium is looked for (PUPPETEER_CACHE_DIR). */
  readonly puppeteerCacheDir?: string;
  /** Recipient notifications (docs/adr/0086). */
  readonly notifications: NotificationsConfig;
  /** Crash-injection points the crash suites arm (LGW_FAULT_POINT, comma-separated); none in a real deployment. */
  readonly faultPoints: readonly string[];
  /**
   * The environment this configuration was read from. Settings read by a name that is built,
   * not fixed (a carrier's <CODE>_*, the tracking poll's TRACKING_*), are looked up here by their own modules: nothing else reads process.env.
   */
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** Recipient notifications: the SMS provider, the SMTP server and the send schedule (docs/adr/0086). */
export interface NotificationsConfig {
  /** Unifonic's REST base (SMS_BASE_URL, e.g. https://el.cloud.unifonic.com); unset: the carrier sandbox's simulator. */
  readonly smsBaseUrl?: string;
  /** Unifonic's AppSid (SMS_APP_SID); unset: the sandbox simulator's. A secret: never logged. */
  readonly smsAppSid: string;
  /** smtp://user:password@host:port or smtps://… (SMTP_URL); unset: no e-mail (e-mail notices are logged FAILED, saying so). */
  readonly smtpUrl?: string;
  /** The From address of e-mail notices (SMTP_FROM, default notifications@<PUBLIC_BASE_URL's host>). */
  readonly smtpFrom: string;
  /** A send left unrecorded this long was interrupted by a crash: failed, never sent again (NOTIFICATION_SEND_LEASE_MS, 60000). */
  readonly sendLeaseMs: number;
  /** First delay before trying an unavailable provider again, doubled each time (NOTIFICATION_RETRY_BACKOFF_MS, 2000). */
  readonly retryBackoffMs: number;
  /** Tries of one notice while its provider is unavailable (NOTIFICATION_MAX_ATTEMPTS, 6). */
  readonly maxAttempts: number;
}

/** The sandbox simulator's AppSid (libs/carrier-sandbox/src/unifonic). */
export const SANDBOX_SMS_APP_SID = 'sandbox-unifonic-app-sid';

/**
 * The AppSid the sandbox's SMS simulator takes: the gateway's SMS_APP_SID where the gateway uses
 * the simulator as its provider (no SMS_BASE_URL), else its own, so a live provider's secret is
 * never what the simulator asks for (docs/adr/0086, "Test mode"). The sandbox and the gateway's
 * test-mode sender both read it here.
 */
export function simulatorSmsAppSid(env: Env): string {
  return (!nonEmpty(env.SMS_BASE_URL) && nonEmpty(env.SMS_APP_SID)) || SANDBOX_SMS_APP_SID;
}

function notificationsConfigFrom(env: Env): NotificationsConfig {
  const publicHost = new URL(publicBaseUrlFrom(env)).hostname;
  return {
    smsBaseUrl: nonEmpty(env.SMS_BASE_URL)?.replace(/\/+$/, ''),
    smsAppSid: nonEmpty(env.SMS_APP_SID) ?? SANDBOX_SMS_APP_SID,
    smtpUrl: nonEmpty(env.SMTP_URL),
    smtpFrom: nonEmpty(env.SMTP_FROM) ?? `notifications@${publicHost}`,
    sendLeaseMs: intFrom(env, 'NOTIFICATION_SEND_LEASE_MS', 60_000, 100),
    retryBackoffMs: intFrom(env, 'NOTIFICATION_RETRY_BACKOFF_MS', 2_000, 10),
    maxAttempts: intFrom(env, 'NOTIFICATION_MAX_ATTEMPTS', 6, 1),
  };
}

/** The carrier sandbox server as a deployable of its own (apps/carrier-sandbox). */
export interface SandboxConfig {
  readonly port: number;
  readonly host: string;
  /** Memory only unless given a directory to keep the simulated carriers' state in (SANDBOX_DATA_DIR). */
  readonly dataDir?: string;
  /** Seconds between automatic lifecycle steps; 0 = only the control API moves shipments (SANDBOX_AUTO_ADVANCE_SECONDS). */
  readonly autoAdvanceSeconds: number;
  /** Seed of the simulated National Address register (SANDBOX_ADDRESS_SEED); unset: the sandbox's fixed one. */
  readonly addressSeed?: number;
  /** The key the simulated National Address service accepts (ADDRESS_SERVICE_KEY); unset: the sandbox's own. */
  readonly addressServiceKey?: string;
  /** For the simulated carriers' accounts, read by names built from each carrier's code (<CODE>_*). */
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** How the gateway verifies Saudi addresses against the National Address register. */
export interface AddressServiceConfig {
  /** ADDRESS_VERIFICATION: `on` (default) verifies Saudi destinations at booking and destination change; `off` books without asking. */
  readonly verificationEnabled: boolean;
  /** ADDRESS_SERVICE_URL; unset: the carrier sandbox's simulator (`<sandbox>/sandbox/spl`). */
  readonly url?: string;
  /** ADDRESS_SERVICE_KEY, sent as `api_key`; unset: the sandbox simulator's key. Never logged. */
  readonly key: string;
  /** Deadline of one look-up, its retry included (ADDRESS_SERVICE_TIMEOUT_MS). */
  readonly timeoutMs: number;
  /** Consecutive failed look-ups that open the circuit (ADDRESS_BREAKER_THRESHOLD). */
  readonly breakerThreshold: number;
  /** How long the open circuit refuses before one trial (ADDRESS_BREAKER_HALF_OPEN_MS). */
  readonly breakerHalfOpenMs: number;
  /** Found addresses are cached this long (ADDRESS_CACHE_TTL_SECONDS, at most 30 days). */
  readonly cacheTtlSeconds: number;
  /** "No such address" is cached this long (ADDRESS_CACHE_NEGATIVE_TTL_SECONDS). */
  readonly cacheNegativeTtlSeconds: number;
  /** Redis key prefix of the shared cache (ADDRESS_CACHE_PREFIX). */
  readonly cachePrefix: string;
}

/** What the carrier sandbox's National Address simulator accepts by default. */
export const SANDBOX_ADDRESS_SERVICE_KEY = 'sandbox-national-address-key';
const MAX_ADDRESS_CACHE_TTL_SECONDS = 30 * 24 * 3600;

function addressConfigFrom(env: Env): AddressServiceConfig {
  const switchValue = (nonEmpty(env.ADDRESS_VERIFICATION) ?? 'on').toLowerCase();
  if (!['on', 'off'].includes(switchValue)) throw new Error(`ADDRESS_VERIFICATION must be on or off, got "${env.ADDRESS_VERIFICATION}"`);
  const ttl = intFrom(env, 'ADDRESS_CACHE_TTL_SECONDS', 24 * 3600, 1);
  if (ttl > MAX_ADDRESS_CACHE_TTL_SECONDS) throw new Error(`ADDRESS_CACHE_TTL_SECONDS must be at most ${MAX_ADDRESS_CACHE_TTL_SECONDS}`);
  return {
    verificationEnabled: switchValue === 'on',
    url: nonEmpty(env.ADDRESS_SERVICE_URL)?.replace(/\/+$/, ''),
    key: nonEmpty(env.ADDRESS_SERVICE_KEY) ?? SANDBOX_ADDRESS_SERVICE_KEY,
    timeoutMs: intFrom(env, 'ADDRESS_SERVICE_TIMEOUT_MS', 2_000, 50),
    breakerThreshold: intFrom(env, 'ADDRESS_BREAKER_THRESHOLD', 5, 1),
    breakerHalfOpenMs: intFrom(env, 'ADDRESS_BREAKER_HALF_OPEN_MS', 5_000, 100),
    cacheTtlSeconds: ttl,
    cacheNegativeTtlSeconds: Math.min(intFrom(env, 'ADDRESS_CACHE_NEGATIVE_TTL_SECONDS', 300, 1), ttl),
    cachePrefix: nonEmpty(env.ADDRESS_CACHE_PREFIX) ?? 'lgw:address:v1:',
  };
}

/** How long a client may take over each part of a request before the gateway gives up on it. */
export interface HttpConnectionLimits {
  /** The request line and headers must arrive within this (HTTP_HEADERS_TIMEOUT_MS); else 408. */
  readonly headersTimeoutMs: number;
  /** A request body may stall (no byte arriving) this long at most (HTTP_BODY_TIMEOUT_MS); else 408. */
  readonly bodyTimeoutMs: number;
  /** The whole request, head and body, must arrive within this (HTTP_REQUEST_TIMEOUT_MS); else 408. */
  readonly requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this (HTTP_KEEP_ALIVE_TIMEOUT_MS). */
  readonly keepAliveTimeoutMs: number;
  /**
   * An answer given before its request body arrived (an early 413 or 422) reads and discards the
   * rest when the declared body is at most this big, keeping the connection; a larger or unsized
   * body gets `Connection: close` (HTTP_DRAIN_MAX_BYTES).
   */
  readonly drainMaxBytes: number;
}

type Env = Record<string, string | undefined>;

/** Measured on two cores (docs/performance.md, labels in bulk): 1 page 87, 2 137, 3 157, 4 161 labels/s. */
function defaultLabelBrowserPages(): number {
  return Math.min(16, Math.max(2, availableParallelism() + 1));
}

function intFrom<F extends number | undefined = number>(env: Env, name: string, fallback: F, min = 0): number | F {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name} must be an integer >= ${min}, got "${raw}"`);
  }
  return value;
}

/** TRUST_PROXY: unset or `false` trusts no forwarding header; `true`, a hop count, or a comma list of addresses and CIDR ranges. */
function trustProxyFrom(env: Env): boolean | number | string[] {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw || raw.toLowerCase() === 'false') return false;
  if (raw.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  const ranges = raw.split(',').map((r) => r.trim());
  const bad = ranges.filter((r) => parseAddressRange(r) === null);
  if (bad.length > 0) {
    throw new Error(
      `TRUST_PROXY must be true, false, a hop count or addresses/CIDR ranges separated by commas; not ${bad.map((b) => `"${b}"`).join(', ')}`,
    );
  }
  return ranges;
}

function boolFrom(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  return raw === 'true' || raw === '1' || raw === 'yes';
}

function nonEmpty(value: string | undefined): string | undefined {
  return value && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * The admin token is either given or generated once per DATA_DIR and kept in
 * DATA_DIR/admin-token, so restarts of an embedded install keep working scripts.
 */
function resolveAdminToken(env: Env, dataDir: string): { token: string; generated: boolean } {
  const given = nonEmpty(env.ADMIN_TOKEN);
  if (given) return { token: given, generated: false };
  const file = join(dataDir, 'admin-token');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored) return { token: stored, generated: true };
  }
  mkdirSync(dataDir, { recursive: true });
  const token = `adm_${randomBytes(24).toString('hex')}`;
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  return { token, generated: true };
}

/**
 * The key of webhook secrets at rest. Replicas must share it, so a production install
 * (DATABASE_URL set) must give it; an embedded install generates one into
 * DATA_DIR/webhook-secret-key on first start and keeps it.
 */
function resolveWebhookSecretKey(env: Env, dataDir: string): Buffer {
  const given = keyFrom(env.WEBHOOK_SECRET_KEY, 'WEBHOOK_SECRET_KEY');
  if (given) return given;
  if (nonEmpty(env.DATABASE_URL)) {
    throw new Error('WEBHOOK_SECRET_KEY is required when DATABASE_URL is set (openssl rand -base64 32); every replica needs the same key');
  }
  return generatedKey(dataDir, 'webhook-secret-key');
}

/**
 * The key that signs quote ids. Every replica must verify what any replica issued, so in
 * production it is QUOTE_SIGNING_KEY or, when that is not given, derived from the shared
 * WEBHOOK_SECRET_KEY (HKDF with its own label: the two keys can never be used for each
 * other's purpose). Embedded installs generate one into DATA_DIR/quote-signing-key.
 */
function resolveQuoteSigningKey(env: Env, dataDir: string, webhookSecretKey: Buffer): Buffer {
  const given = keyFrom(env.QUOTE_SIGNING_KEY, 'QUOTE_SIGNING_KEY');
  if (given) return given;
  if (nonEmpty(env.DATABASE_URL)) return Buffer.from(hkdfSync('sha256', webhookSecretKey, '', 'lgw quote signing v1', 32));
  return generatedKey(dataDir, 'quote-signing-key');
}

/** A 32-byte key given as base64 or 64 hex digits. */
function keyFrom(value: string | undefined, name: string): Buffer | undefined {
  const given = nonEmpty(value);
  if (!given) return undefined;
  const key = /^[0-9a-f]{64}$/i.test(given) ? Buffer.from(given, 'hex') : Buffer.from(given, 'base64');
  if (key.length !== 32) throw new Error(`${name} must be 32 bytes, as base64 or 64 hex digits (openssl rand -base64 32)`);
  return key;
}

/** Generated on first start into DATA_DIR/<file> and kept (embedded installs). */
function generatedKey(dataDir: string, file: string): Buffer {
  const path = join(dataDir, file);
  if (existsSync(path)) return Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(path, `${key.toString('base64')}\n`, { mode: 0o600 });
  return key;
}

function scheduleFrom(env: Env): number[] | undefined {
  const raw = nonEmpty(env.WEBHOOK_RETRY_SCHEDULE_MS);
  if (!raw) return undefined;
  const delays = raw.split(',').map((d) => Number(d.trim()));
  if (delays.some((d) => !Number.isInteger(d) || d < 0)) {
    throw new Error(`WEBHOOK_RETRY_SCHEDULE_MS must be comma-separated integers (ms), got "${raw}"`);
  }
  return delays;
}

export function loadConfig(env: Env = process.env): AppConfig {
  const dataDir = resolve(nonEmpty(env.DATA_DIR) ?? './.data');
  const admin = resolveAdminToken(env, dataDir);
  const webhookSecretKey = resolveWebhookSecretKey(env, dataDir);
  return {
    port: intFrom(env, 'PORT', 3000),
    host: nonEmpty(env.HOST) ?? '0.0.0.0',
    dataDir,
    databaseUrl: nonEmpty(env.DATABASE_URL),
    databasePoolSize: intFrom(env, 'DATABASE_POOL_SIZE', 10, 2),
    redisUrl: nonEmpty(env.REDIS_URL),
    databaseConnectTimeoutMs: intFrom(env, 'DATABASE_CONNECT_TIMEOUT_MS', 3_000, 100),
    redisCommandTimeoutMs: intFrom(env, 'REDIS_COMMAND_TIMEOUT_MS', 1_000, 50),
    outboxRedriveWindowMs: intFrom(env, 'OUTBOX_REDRIVE_WINDOW_MS', 15 * 60_000, 0),
    adminToken: admin.token,
    adminTokenGenerated: admin.generated,
    sandboxPort: intFrom(env, 'SANDBOX_PORT', 3100),
    sandboxUrl: nonEmpty(env.SANDBOX_URL),
    queuePrefix: nonEmpty(env.QUEUE_PREFIX),
    queueLockDurationMs: intFrom(env, 'QUEUE_LOCK_DURATION_MS', undefined, 1_000),
    queueStalledIntervalMs: intFrom(env, 'QUEUE_STALLED_INTERVAL_MS', undefined, 100),
    // Both well above the longest carrier call (CARRIER_TIMEOUT_MS, 5 s by default).
    idempotencyLeaseMs: intFrom(env, 'IDEMPOTENCY_LEASE_MS', 30_000, 100),
    intentRecoveryAfterMs: intFrom(env, 'INTENT_RECOVERY_AFTER_MS', 30_000, 100),
    sandboxAutoAdvanceSeconds: intFrom(env, 'SANDBOX_AUTO_ADVANCE_SECONDS', 0),
    sandboxAddressSeed: seedFrom(env),
    quoteTtlSeconds: intFrom(env, 'QUOTE_TTL_SECONDS', 900, 1),
    rateLimitPerMinute: intFrom(env, 'RATE_LIMIT_PER_MINUTE', 60, 1),
    trustProxy: trustProxyFrom(env),
    recipientPagePerTokenPerMinute: intFrom(env, 'RECIPIENT_PAGE_PER_TOKEN_PER_MINUTE', 60, 1),
    recipientPagePerAddressPerMinute: intFrom(env, 'RECIPIENT_PAGE_PER_ADDRESS_PER_MINUTE', 120, 1),
    auditRetentionDays: intFrom(env, 'AUDIT_RETENTION_DAYS', 730, 0),
    consoleRateLimitPerMinute: intFrom(env, 'CONSOLE_RATE_LIMIT_PER_MINUTE', 120, 1),
    trackingPollIntervalMs: intFrom(env, 'TRACKING_POLL_INTERVAL_MS', 1000, 50),
    publicBaseUrl: publicBaseUrlFrom(env),
    trackingSync: trackingSyncFrom(env, intFrom(env, 'TRACKING_POLL_INTERVAL_MS', 1000, 50)),
    rateCardsDir: nonEmpty(env.RATE_CARDS_DIR),
    deliveryIssueSweepMs: intFrom(env, 'DELIVERY_ISSUE_SWEEP_MS', 60_000, 50),
    codOverdueDays: intFrom(env, 'COD_OVERDUE_DAYS', 7, 1),
    codRemittancePollIntervalMs: intFrom(env, 'COD_REMITTANCE_POLL_INTERVAL_MS', 2000, 50),
    webhookAllowPrivateTargets: boolFrom(env, 'WEBHOOK_ALLOW_PRIVATE_TARGETS', false),
    webhookSecretKey,
    quoteSigningKey: resolveQuoteSigningKey(env, dataDir, webhookSecretKey),
    webhookRetryScheduleMs: scheduleFrom(env),
    webhookTimeoutMs: intFrom(env, 'WEBHOOK_TIMEOUT_MS', 15_000, 100),
    webhookTeamConcurrency: intFrom(env, 'WEBHOOK_TEAM_CONCURRENCY', 4, 1),
    webhookCaFile: nonEmpty(env.WEBHOOK_CA_FILE),
    apiKeyPrefix: nonEmpty(env.API_KEY_PREFIX) ?? 'lgw',
    puppeteerExecutablePath: nonEmpty(env.PUPPETEER_EXECUTABLE_PATH),
    labelBrowserPages: intFrom(env, 'LABEL_BROWSER_PAGES', defaultLabelBrowserPages(), 1),
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'info',
    metricsPort: nonEmpty(env.METRICS_PORT) === undefined ? undefined : intFrom(env, 'METRICS_PORT', 0),
    shutdownTimeoutMs: intFrom(env, 'SHUTDOWN_TIMEOUT_MS', 25_000, 0),
    seller: invoiceSellerFrom(env),
    einvoiceRetryEveryMs: intFrom(env, 'EINVOICE_RETRY_EVERY_MS', 60_000, 100),
    http: httpLimitsFrom(env),
    address: addressConfigFrom(env),
    zatcaBaseUrl: nonEmpty(env.ZATCA_BASE_URL)?.replace(/\/$/, ''),
    puppeteerCacheDir: nonEmpty(env.PUPPETEER_CACHE_DIR),
    notifications: notificationsConfigFrom(env),
    faultPoints: (nonEmpty(env.LGW_FAULT_POINT) ?? '').split(',').filter((name) => name !== ''),
    env,
  };
}

export function loadSandboxConfig(env: Env = process.env): SandboxConfig {
  return {
    port: intFrom(env, 'SANDBOX_PORT', 3100),
    host: nonEmpty(env.HOST) ?? '0.0.0.0',
    dataDir: nonEmpty(env.SANDBOX_DATA_DIR),
    autoAdvanceSeconds: secondsFrom(env, 'SANDBOX_AUTO_ADVANCE_SECONDS'),
    addressSeed: seedFrom(env),
    addressServiceKey: nonEmpty(env.ADDRESS_SERVICE_KEY),
    env,
  };
}

/** A number of seconds >= 0, fractions allowed (the sandbox deployable's pace); unset: 0. */
function secondsFrom(env: Env, name: string): number {
  const raw = nonEmpty(env[name]);
  const value = raw === undefined ? 0 : Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number >= 0, got "${raw}"`);
  return value;
}

/** SANDBOX_ADDRESS_SEED when it is a number; otherwise the sandbox keeps its fixed seed. */
function seedFrom(env: Env): number | undefined {
  const raw = nonEmpty(env.SANDBOX_ADDRESS_SEED);
  const value = raw === undefined ? NaN : Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

/** The TRACKING_* intervals given; the tracking feature fills in the rest from the poll tick. */
function trackingSyncFrom(env: Env, tickMs: number): TrackingSyncSettings {
  return trackingSyncSettingsFrom(tickMs, {
    lastMileIntervalMs: intFrom(env, 'TRACKING_LAST_MILE_INTERVAL_MS', undefined, 1),
    activeIntervalMs: intFrom(env, 'TRACKING_ACTIVE_INTERVAL_MS', undefined, 1),
    maxIntervalMs: intFrom(env, 'TRACKING_MAX_INTERVAL_MS', undefined, 1),
    failureDelayMs: intFrom(env, 'TRACKING_FAILURE_DELAY_MS', undefined, 1),
    terminalGraceMs: intFrom(env, 'TRACKING_TERMINAL_GRACE_MS', undefined, 0),
    terminalIntervalMs: intFrom(env, 'TRACKING_TERMINAL_INTERVAL_MS', undefined, 1),
    batchSize: intFrom(env, 'TRACKING_BATCH_SIZE', undefined, 1),
    leaseMs: intFrom(env, 'TRACKING_LEASE_MS', undefined, 1000),
  });
}

/** Where to find a Chromium (PUPPETEER_EXECUTABLE_PATH, PUPPETEER_CACHE_DIR): the gateway's, and harnesses' that launch one. */
export function chromiumSettingsFrom(env: Env = process.env): { executablePath?: string; cacheDir?: string } {
  return { executablePath: nonEmpty(env.PUPPETEER_EXECUTABLE_PATH), cacheDir: nonEmpty(env.PUPPETEER_CACHE_DIR) };
}

function httpLimitsFrom(env: Env): HttpConnectionLimits {
  const requestTimeoutMs = intFrom(env, 'HTTP_REQUEST_TIMEOUT_MS', 120_000, 100);
  const headersTimeoutMs = intFrom(env, 'HTTP_HEADERS_TIMEOUT_MS', 10_000, 100);
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new Error(`HTTP_HEADERS_TIMEOUT_MS (${headersTimeoutMs}) must not exceed HTTP_REQUEST_TIMEOUT_MS (${requestTimeoutMs})`);
  }
  return {
    headersTimeoutMs,
    bodyTimeoutMs: intFrom(env, 'HTTP_BODY_TIMEOUT_MS', 15_000, 100),
    requestTimeoutMs,
    keepAliveTimeoutMs: intFrom(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', 72_000, 100),
    drainMaxBytes: intFrom(env, 'HTTP_DRAIN_MAX_BYTES', 1024 * 1024, 0),
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');

/** PUBLIC_BASE_URL without its trailing slash: an absolute http(s) URL; unset, this process's own port on localhost. */
function publicBaseUrlFrom(env: Env): string {
  const value = nonEmpty(env.PUBLIC_BASE_URL);
  if (value === undefined) return `http://localhost:${intFrom(env, 'PORT', 3000)}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PUBLIC_BASE_URL must be an absolute http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`PUBLIC_BASE_URL must be an absolute http(s) URL, got "${value}"`);
  return value.replace(/\/+$/, '');
}
