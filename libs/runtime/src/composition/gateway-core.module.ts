import { DynamicModule, Global, Module } from '@nestjs/common';
import {
  PurgeExpiredUseCase,
  RETENTION,
  GetTrackingUseCase,
  SyncTrackingUseCase,
  TRACKING_REPOSITORY,
  TRACKING_SYNC_SETTINGS,
  trackingSyncSettingsFrom,
  GetLabelUseCase,
  JOB_QUEUE,
  JOB_WORKER,
  LABEL_RENDERER,
  LABEL_STORE,
  OUTBOX,
  RECURRING_JOBS,
  RelayOutboxUseCase,
  RenderLabelUseCase,
  SweepLabelsUseCase,
  AuthenticateApiKeyUseCase,
  CancelShipmentUseCase,
  CARRIER_REGISTRY,
  CreateShipmentUseCase,
  GetShipmentUseCase,
  IDEMPOTENCY_STORE,
  IdempotentRequestService,
  ListShipmentsUseCase,
  SHIPMENT_REPOSITORY,
  CARRIER_CATALOGUE,
  CLOCK,
  GetRatesUseCase,
  QUOTE_REPOSITORY,
  RATE_CARDS,
  CreateTeamUseCase,
  GATEWAY_SETTINGS,
  GatewaySettings,
  IssueApiKeyUseCase,
  RATE_LIMITER,
  RevokeApiKeyUseCase,
  SetRateLimitUseCase,
  TEAM_REPOSITORY,
  ListTeamsUseCase,
  ListApiKeysUseCase,
  BILLING_LEDGER,
  INVOICE_RENDERER,
  INVOICE_SELLER,
  GetInvoiceUseCase,
  ListInvoicesUseCase,
  RecordBillingEventUseCase,
  RenderInvoicePdfUseCase,
  SweepBillingUseCase,
  CATALOGUE_REPOSITORY,
  GetCatalogueProductUseCase,
  ListCatalogueProductsUseCase,
  ScoreDataReadinessUseCase,
  UpsertCatalogueProductsUseCase,
  SHIPMENT_DESTINATION_WRITER,
  UpdateDestinationUseCase,
  DOCUMENT_STORE,
  SHIPMENT_DOCUMENT_REPOSITORY,
  ListShipmentDocumentsUseCase,
  UploadShipmentDocumentUseCase,
  PASSTHROUGH_AUDIT,
  ForwardToCarrierUseCase,
  ListPassthroughAuditUseCase,
  BATCH_FILE_STORE,
  CSV_CODEC,
  DownloadBatchCsvUseCase,
  FULFILMENT_BATCH_REPOSITORY,
  GetBatchUseCase,
  ProcessBatchUseCase,
  RecoverBatchesUseCase,
  SubmitBatchUseCase,
  ConfigureWebhookUseCase,
  DeliverWebhookMessageUseCase,
  DispatchWebhookMessagesUseCase,
  FanOutWebhookEventUseCase,
  GetWebhookConfigUseCase,
  ListWebhookDeliveriesUseCase,
  RetryWebhookDeliveryUseCase,
  RotateWebhookSecretUseCase,
  SendTestWebhookUseCase,
  WEBHOOK_ENDPOINT_REPOSITORY,
  WEBHOOK_MESSAGE_REPOSITORY,
  WEBHOOK_SECRET_CIPHER,
  WEBHOOK_SENDER,
  WEBHOOK_SETTINGS,
  WEBHOOK_SIGNER,
  WebhookSettings,
} from '@lgw/application';
import { WEBHOOK_AUTO_DISABLE_AFTER_MS, WEBHOOK_RETRY_SCHEDULE_MS } from '@lgw/domain';
import { AesGcmSecretCipher, StandardWebhooksSigner } from '@lgw/webhooks';
import { CARRIER_CATALOGUE as CATALOGUE_DATA, findCarrier, RateCardRepository } from '@lgw/carriers';
import {
  TypeOrmBillingLedger,
  TypeOrmCatalogueRepository,
  RedisQuoteRepository,
  TypeOrmIdempotencyStore,
  TypeOrmLabelStore,
  TypeOrmOutbox,
  TypeOrmQuoteRepository,
  TypeOrmShipmentRepository,
  TypeOrmRetention,
  TypeOrmTeamRepository,
  TypeOrmTrackingRepository,
  TypeOrmShipmentDestinationWriter,
  FilesystemDocumentStore,
  TypeOrmShipmentDocumentRepository,
  TypeOrmPassthroughAuditRepository,
  FilesystemBatchFileStore,
  PostgresBatchFileStore,
  TypeOrmFulfilmentBatchRepository,
  TypeOrmWebhookEndpointRepository,
  TypeOrmWebhookMessageRepository,
} from '@lgw/persistence';
import { APP_CONFIG, FastCsvCodec } from '@lgw/platform';
import { GatewayRuntime } from './gateway-runtime';
import { DATA_SOURCE, GATEWAY_RUNTIME, REDIS } from './tokens';

const USE_CASES = [
  AuthenticateApiKeyUseCase,
  CreateTeamUseCase,
  IssueApiKeyUseCase,
  RevokeApiKeyUseCase,
  SetRateLimitUseCase,
  ListTeamsUseCase,
  ListApiKeysUseCase,
  GetRatesUseCase,
  CreateShipmentUseCase,
  ListShipmentsUseCase,
  GetShipmentUseCase,
  CancelShipmentUseCase,
  IdempotentRequestService,
  RenderLabelUseCase,
  GetLabelUseCase,
  RelayOutboxUseCase,
  SweepLabelsUseCase,
  GetTrackingUseCase,
  SyncTrackingUseCase,
  PurgeExpiredUseCase,
  RecordBillingEventUseCase,
  GetInvoiceUseCase,
  ListInvoicesUseCase,
  RenderInvoicePdfUseCase,
  SweepBillingUseCase,
  UpsertCatalogueProductsUseCase,
  ListCatalogueProductsUseCase,
  GetCatalogueProductUseCase,
  ScoreDataReadinessUseCase,
  UpdateDestinationUseCase,
  UploadShipmentDocumentUseCase,
  ListShipmentDocumentsUseCase,
  ForwardToCarrierUseCase,
  ListPassthroughAuditUseCase,
  SubmitBatchUseCase,
  GetBatchUseCase,
  DownloadBatchCsvUseCase,
  ProcessBatchUseCase,
  RecoverBatchesUseCase,
  ConfigureWebhookUseCase,
  GetWebhookConfigUseCase,
  RotateWebhookSecretUseCase,
  FanOutWebhookEventUseCase,
  DispatchWebhookMessagesUseCase,
  DeliverWebhookMessageUseCase,
  ListWebhookDeliveriesUseCase,
  RetryWebhookDeliveryUseCase,
  SendTestWebhookUseCase,
];

/** Rotation keeps the old secret signing beside the new one for a day (ADR 0019). */
const ROTATION_OVERLAP_MS = 24 * 3_600_000;

/** Every catalogue service level must have a price: a missing card stops the boot, not a quote. */
function loadRateCards(): RateCardRepository {
  const cards = RateCardRepository.load();
  const missing = cards.missing(CATALOGUE_DATA.flatMap((c) => c.service_levels.map((s) => s.code)));
  if (missing.length > 0) throw new Error(`no rate card for service levels: ${missing.join(', ')}`);
  return cards;
}

/** The composition root: the only place ports are bound to adapters. */
@Global()
@Module({})
export class GatewayCoreModule {
  static forRoot(runtime: GatewayRuntime): DynamicModule {
    const settings: GatewaySettings = {
      apiKeyPrefix: runtime.config.apiKeyPrefix,
      rateLimitPerMinute: runtime.config.rateLimitPerMinute,
      quoteTtlSeconds: runtime.config.quoteTtlSeconds,
    };
    const webhookSettings: WebhookSettings = {
      retryScheduleMs: runtime.config.webhookRetryScheduleMs ?? WEBHOOK_RETRY_SCHEDULE_MS,
      timeoutMs: runtime.config.webhookTimeoutMs,
      perTeamConcurrency: runtime.config.webhookTeamConcurrency,
      disableAfterMs: WEBHOOK_AUTO_DISABLE_AFTER_MS,
      rotationOverlapMs: ROTATION_OVERLAP_MS,
    };
    const providers = [
      { provide: GATEWAY_RUNTIME, useValue: runtime },
      { provide: APP_CONFIG, useValue: runtime.config },
      { provide: GATEWAY_SETTINGS, useValue: settings },
      { provide: DATA_SOURCE, useValue: runtime.database.dataSource },
      { provide: REDIS, useValue: runtime.redis ?? null },
      { provide: RATE_LIMITER, useValue: runtime.rateLimiter },
      { provide: TEAM_REPOSITORY, useValue: new TypeOrmTeamRepository(runtime.database.dataSource) },
      {
        provide: QUOTE_REPOSITORY,
        // Quotes live 15 minutes: in Redis with a TTL when there is one, else in the database.
        useValue: runtime.redis
          ? new RedisQuoteRepository(runtime.redis)
          : new TypeOrmQuoteRepository(runtime.database.dataSource),
      },
      { provide: CARRIER_CATALOGUE, useValue: { all: () => CATALOGUE_DATA, find: findCarrier } },
      { provide: RATE_CARDS, useValue: loadRateCards() },
      { provide: CLOCK, useValue: { now: () => new Date() } },
      { provide: SHIPMENT_REPOSITORY, useValue: new TypeOrmShipmentRepository(runtime.database.dataSource) },
      { provide: IDEMPOTENCY_STORE, useValue: new TypeOrmIdempotencyStore(runtime.database.dataSource) },
      { provide: CARRIER_REGISTRY, useValue: runtime.carriers },
      { provide: JOB_QUEUE, useValue: runtime.jobs.queue },
      { provide: JOB_WORKER, useValue: runtime.jobs.worker },
      { provide: RECURRING_JOBS, useValue: runtime.jobs.recurring },
      { provide: LABEL_RENDERER, useValue: runtime.labelRenderer },
      { provide: LABEL_STORE, useValue: new TypeOrmLabelStore(runtime.database.dataSource) },
      { provide: OUTBOX, useValue: new TypeOrmOutbox(runtime.database.dataSource) },
      { provide: RETENTION, useValue: new TypeOrmRetention(runtime.database.dataSource) },
      { provide: TRACKING_REPOSITORY, useValue: new TypeOrmTrackingRepository(runtime.database.dataSource) },
      {
        provide: TRACKING_SYNC_SETTINGS,
        useValue: trackingSyncSettingsFrom(runtime.config.trackingPollIntervalMs, process.env),
      },
      { provide: BILLING_LEDGER, useValue: new TypeOrmBillingLedger(runtime.database.dataSource) },
      { provide: CATALOGUE_REPOSITORY, useValue: new TypeOrmCatalogueRepository(runtime.database.dataSource) },
      { provide: INVOICE_RENDERER, useValue: runtime.invoiceRenderer },
      {
        provide: INVOICE_SELLER,
        useValue: { name: runtime.config.invoiceSellerName, vatNumber: runtime.config.invoiceSellerVatNumber },
      },
      {
        provide: SHIPMENT_DESTINATION_WRITER,
        useValue: new TypeOrmShipmentDestinationWriter(runtime.database.dataSource),
      },
      { provide: DOCUMENT_STORE, useValue: new FilesystemDocumentStore(runtime.config.dataDir) },
      {
        provide: SHIPMENT_DOCUMENT_REPOSITORY,
        useValue: new TypeOrmShipmentDocumentRepository(runtime.database.dataSource),
      },
      { provide: PASSTHROUGH_AUDIT, useValue: new TypeOrmPassthroughAuditRepository(runtime.database.dataSource) },
      { provide: FULFILMENT_BATCH_REPOSITORY, useValue: new TypeOrmFulfilmentBatchRepository(runtime.database.dataSource) },
      {
        provide: BATCH_FILE_STORE,
        // With PostgreSQL the files go there too, so no replica needs a shared volume (docs/adr/0024).
        useValue:
          runtime.database.mode === 'embedded'
            ? new FilesystemBatchFileStore(runtime.config.dataDir)
            : new PostgresBatchFileStore(runtime.database.dataSource),
      },
      { provide: CSV_CODEC, useValue: new FastCsvCodec() },
      { provide: WEBHOOK_SETTINGS, useValue: webhookSettings },
      { provide: WEBHOOK_ENDPOINT_REPOSITORY, useValue: new TypeOrmWebhookEndpointRepository(runtime.database.dataSource) },
      { provide: WEBHOOK_MESSAGE_REPOSITORY, useValue: new TypeOrmWebhookMessageRepository(runtime.database.dataSource) },
      { provide: WEBHOOK_SENDER, useValue: runtime.webhookSender },
      { provide: WEBHOOK_SIGNER, useValue: new StandardWebhooksSigner() },
      { provide: WEBHOOK_SECRET_CIPHER, useValue: new AesGcmSecretCipher(runtime.config.webhookSecretKey) },
      ...USE_CASES,
    ];
    return {
      module: GatewayCoreModule,
      providers,
      exports: providers.map((p) => ('provide' in p ? p.provide : p)),
    };
  }
}
