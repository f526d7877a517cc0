import { DynamicModule, Global, Module, Type } from '@nestjs/common';
import { AccessModule, TenantModes } from '@lgw/access';
import { AddressesModule, ADDRESS_DIRECTORY, ADDRESS_VERIFICATION_SETTINGS } from '@lgw/addresses';
import { BillingModule, INVOICE_RENDERER, EINVOICE_SELLER, FATOORA, FatooraHttpClient } from '@lgw/billing';
import {
  CarrierAccessModule,
  CARRIER_REGISTRY,
  TEST_CARRIER_CONTROL,
  CARRIER_CONNECTION_REPOSITORY,
  CARRIER_CREDENTIAL_SCHEMAS,
  CarrierConnectionRepositoryPort,
  CarrierRegistryPort,
  CarrierConnectionResolver,
  CARRIER_CATALOGUE,
  QUOTE_CONNECTIONS,
  RATE_CARDS,
} from '@lgw/carrier-access';
import { CatalogueModule } from '@lgw/catalogue';
import { CodModule, COD_SETTINGS } from '@lgw/cod';
import { FulfilmentModule } from '@lgw/fulfilment';
import { OperationsModule } from '@lgw/operations';
import { PickupsReturnsModule } from '@lgw/pickups-returns';
import { RatingModule, QUOTE_REPOSITORY, QuoteRepositoryPort } from '@lgw/rating';
import { ShippingModule, LABEL_RENDERER, LABEL_FORMAT_RENDERER, LABEL_MERGER, MANIFEST_RENDERER, RENDERER_STATUS } from '@lgw/shipping';
import { TRACKING_METRICS, TrackingModule } from '@lgw/tracking';
import {
  TRACKING_SYNC_SETTINGS,
  JOB_QUEUE,
  JOB_WORKER,
  OUTBOX,
  RECURRING_JOBS,
  IDEMPOTENCY_STORE,
  CLOCK,
  GATEWAY_SETTINGS,
  RESOURCE_LINKS,
  GatewaySettings,
  RATE_LIMITER,
  CSV_CODEC,
  ClockPort,
  WEBHOOK_SECRET_CIPHER,
  WebhookSecretCipherPort,
  DATA_SOURCE,
  GATEWAY_RUNTIME,
  REDIS,
} from '@lgw/kernel';
import {
  WebhooksModule,
  WEBHOOK_SENDER,
  WEBHOOK_DELIVERY_METRICS,
  WEBHOOK_SETTINGS,
  WebhookSettings,
  WEBHOOK_AUTO_DISABLE_AFTER_MS,
  WEBHOOK_RETRY_SCHEDULE_MS,
} from '@lgw/webhooks';
import { DATABASE, SqlIdempotencyStore, SqlOutbox } from '@lgw/database';
import {
  EMAIL_SENDER,
  NOTIFICATION_CONFIG,
  NotificationConfig,
  NotificationsModule,
  SMS_SENDER,
  TEST_EMAIL_SENDER,
  TEST_SMS_SENDER,
  SandboxMailboxSender,
  SmtpEmailSender,
  UnifonicSmsSender,
} from '@lgw/notifications';

import { AesGcmSecretCipher, APP_CONFIG, FastCsvCodec, simulatorSmsAppSid } from '@lgw/platform';
import {
  CARRIER_CATALOGUE as CATALOGUE_DATA,
  registryCatalogue,
  carrierCredentialSchemas,
  ModalCarrierRegistry,
  RateCardRepository,
  SandboxControlClient,
} from '@lgw/carriers';
import { LabelMerger } from '@lgw/labels';
import { GatewayRuntime } from './gateway-runtime';
import { apiResourceLinksAt } from '@lgw/http-api';

/** Rotation keeps the old secret signing beside the new one for a day (ADR 0019). */
const ROTATION_OVERLAP_MS = 24 * 3_600_000;

/** Every catalogue service level must have a price: a missing card stops the boot, not a quote. */
function loadRateCards(directory: string | undefined): RateCardRepository {
  const cards = RateCardRepository.load({ directory });
  const missing = cards.missing(CATALOGUE_DATA.flatMap((c) => c.service_levels.map((s) => s.code)));
  if (missing.length > 0) throw new Error(`no rate card for service levels: ${missing.join(', ')}`);
  return cards;
}

/** Each context binds its own ports and use cases; this module composes them over the process's resources. */
const CONTEXT_MODULES: Array<Type<unknown>> = [
  AccessModule,
  AddressesModule,
  CarrierAccessModule,
  CodModule,
  RatingModule,
  ShippingModule,
  PickupsReturnsModule,
  TrackingModule,
  WebhooksModule,
  NotificationsModule,
  BillingModule,
  CatalogueModule,
  FulfilmentModule,
  OperationsModule,
];

/**
 * The composition root: binds the process's resources (data source, configuration, queues,
 * renderers, carrier adapters, the webhook sender, the address register, settings) and composes the
 * contexts' modules, which bind their own ports and use cases.
 */
@Global()
@Module({})
export class GatewayCoreModule {
  static forRoot(runtime: GatewayRuntime): DynamicModule {
    const settings: GatewaySettings = {
      apiKeyPrefix: runtime.config.apiKeyPrefix,
      rateLimitPerMinute: runtime.config.rateLimitPerMinute,
      quoteTtlSeconds: runtime.config.quoteTtlSeconds,
      idempotencyLeaseMs: runtime.config.idempotencyLeaseMs,
      intentRecoveryAfterMs: runtime.config.intentRecoveryAfterMs,
      auditRetentionDays: runtime.config.auditRetentionDays,
      recipientPagePerTokenPerMinute: runtime.config.recipientPagePerTokenPerMinute,
      recipientPagePerAddressPerMinute: runtime.config.recipientPagePerAddressPerMinute,
    };
    const webhookSettings: WebhookSettings = {
      retryScheduleMs: runtime.config.webhookRetryScheduleMs ?? WEBHOOK_RETRY_SCHEDULE_MS,
      timeoutMs: runtime.config.webhookTimeoutMs,
      perTeamConcurrency: runtime.config.webhookTeamConcurrency,
      disableAfterMs: WEBHOOK_AUTO_DISABLE_AFTER_MS,
      rotationOverlapMs: ROTATION_OVERLAP_MS,
    };
    const notifications = runtime.config.notifications;
    const notificationConfig: NotificationConfig = {
      publicBaseUrl: runtime.config.publicBaseUrl,
      sendLeaseMs: notifications.sendLeaseMs,
      maxAttempts: notifications.maxAttempts,
      backoffMs: notifications.retryBackoffMs,
    };
    const providers = [
      { provide: GATEWAY_RUNTIME, useValue: runtime },
      { provide: APP_CONFIG, useValue: runtime.config },
      { provide: GATEWAY_SETTINGS, useValue: settings },
      { provide: RESOURCE_LINKS, useValue: apiResourceLinksAt(runtime.config.publicBaseUrl) },
      { provide: DATA_SOURCE, useValue: runtime.database.dataSource },
      { provide: DATABASE, useValue: runtime.database },
      { provide: REDIS, useValue: runtime.redis ?? null },
      { provide: RATE_LIMITER, useValue: runtime.rateLimiter },
      { provide: QUOTE_CONNECTIONS, useExisting: QUOTE_REPOSITORY },
      { provide: CARRIER_CATALOGUE, useValue: registryCatalogue },
      { provide: RATE_CARDS, useValue: loadRateCards(runtime.config.rateCardsDir) },
      { provide: CLOCK, useValue: { now: () => new Date() } },
      { provide: IDEMPOTENCY_STORE, useValue: new SqlIdempotencyStore(runtime.database.dataSource) },
      { provide: TEST_CARRIER_CONTROL, useValue: new SandboxControlClient(runtime.testSandboxUrl) },
      {
        provide: CARRIER_REGISTRY,
        inject: [TenantModes],
        useFactory: (modes: TenantModes) => new ModalCarrierRegistry(runtime.carriers, runtime.testCarriers, (id) => modes.of(id)),
      },
      { provide: JOB_QUEUE, useValue: runtime.jobs.queue },
      { provide: JOB_WORKER, useValue: runtime.jobs.worker },
      { provide: RECURRING_JOBS, useValue: runtime.jobs.recurring },
      { provide: LABEL_RENDERER, useValue: runtime.labelRenderer },
      { provide: LABEL_FORMAT_RENDERER, useValue: runtime.labelFormatRenderer },
      { provide: LABEL_MERGER, useValue: new LabelMerger() },
      { provide: MANIFEST_RENDERER, useValue: runtime.manifestRenderer },
      { provide: RENDERER_STATUS, useValue: runtime.rendererStatus },
      { provide: OUTBOX, useValue: new SqlOutbox(runtime.database.dataSource) },
      { provide: TRACKING_SYNC_SETTINGS, useValue: runtime.config.trackingSync },
      { provide: TRACKING_METRICS, useValue: { countUnknownCode: (carrier: string) => runtime.metrics.countUnknownTrackingCode(carrier) } },
      { provide: INVOICE_RENDERER, useValue: runtime.invoiceRenderer },
      { provide: CSV_CODEC, useValue: new FastCsvCodec() },
      { provide: WEBHOOK_SETTINGS, useValue: webhookSettings },
      { provide: WEBHOOK_SENDER, useValue: runtime.webhookSender },
      { provide: WEBHOOK_DELIVERY_METRICS, useValue: runtime.metrics },
      { provide: WEBHOOK_SECRET_CIPHER, useValue: new AesGcmSecretCipher(runtime.config.webhookSecretKey) },
      { provide: FATOORA, useValue: new FatooraHttpClient({ baseUrl: runtime.fatooraBaseUrl }) },
      { provide: EINVOICE_SELLER, useValue: runtime.config.seller },
      { provide: COD_SETTINGS, useValue: { overdueDays: runtime.config.codOverdueDays } },
      { provide: ADDRESS_DIRECTORY, useValue: runtime.addressDirectory },
      { provide: CARRIER_CREDENTIAL_SCHEMAS, useValue: carrierCredentialSchemas(runtime.config.env) },
      {
        provide: CarrierConnectionResolver,
        inject: [CARRIER_CONNECTION_REPOSITORY, CARRIER_REGISTRY, WEBHOOK_SECRET_CIPHER, CLOCK, QUOTE_REPOSITORY],
        // Knows which platform connections the live adapters were built with at start (docs/adr/0065).
        useFactory: (
          connections: CarrierConnectionRepositoryPort,
          carriers: CarrierRegistryPort,
          cipher: WebhookSecretCipherPort,
          clock: ClockPort,
          quotes: QuoteRepositoryPort,
        ) => {
          const resolver = new CarrierConnectionResolver(connections, carriers, cipher, clock, quotes);
          resolver.markApplied(runtime.platformConnections);
          return resolver;
        },
      },
      { provide: NOTIFICATION_CONFIG, useValue: notificationConfig },
      {
        provide: SMS_SENDER,
        useValue: new UnifonicSmsSender({ baseUrl: runtime.smsBaseUrl, appSid: notifications.smsAppSid, timeoutMs: 10_000 }),
      },
      {
        provide: EMAIL_SENDER,
        useValue: new SmtpEmailSender({ url: notifications.smtpUrl, from: notifications.smtpFrom, timeoutMs: 15_000 }),
      },
      // A test scope's notices: the test sandbox's simulators, never the live providers (docs/adr/0086).
      {
        provide: TEST_SMS_SENDER,
        useValue: new UnifonicSmsSender({
          baseUrl: `${runtime.testSandboxUrl}/sandbox/unifonic`,
          appSid: simulatorSmsAppSid(runtime.config.env),
          timeoutMs: 10_000,
        }),
      },
      {
        provide: TEST_EMAIL_SENDER,
        useValue: new SandboxMailboxSender({ baseUrl: `${runtime.testSandboxUrl}/sandbox/mail`, timeoutMs: 10_000 }),
      },
      { provide: ADDRESS_VERIFICATION_SETTINGS, useValue: { enabled: runtime.config.address.verificationEnabled } },
    ];
    return {
      module: GatewayCoreModule,
      imports: CONTEXT_MODULES,
      providers,
      exports: providers.map((p) => ('provide' in p ? p.provide : p)),
    };
  }
}
