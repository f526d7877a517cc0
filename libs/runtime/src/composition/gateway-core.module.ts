import { DynamicModule, Global, Module } from '@nestjs/common';
import {
  PurgeExpiredUseCase,
  RETENTION,
  RelayOutboxUseCase,
  RedriveOutboxUseCase,
  RecoverCarrierIntentsUseCase,
  SqlRetention,
} from '@lgw/operations';
import {
  GetTrackingUseCase,
  SyncTrackingUseCase,
  TRACKING_REPOSITORY,
  TRACKING_SYNC_SETTINGS,
  RecordTestEventUseCase,
  SqlTrackingRepository,
} from '@lgw/tracking';
import {
  GetLabelUseCase,
  MergeLabelsUseCase,
  LABEL_RENDERER,
  LABEL_FORMAT_RENDERER,
  LABEL_MERGER,
  MANIFEST_RENDERER,
  MANIFEST_REPOSITORY,
  ManifestsUseCase,
  RENDERER_STATUS,
  LABEL_STORE,
  RenderLabelUseCase,
  LabelRendering,
  SweepLabelsUseCase,
  CancelShipmentUseCase,
  CreateShipmentUseCase,
  GetShipmentUseCase,
  ListShipmentsUseCase,
  ExportShipmentsUseCase,
  SHIPMENT_REPOSITORY,
  SHIPMENT_DESTINATION_WRITER,
  UpdateDestinationUseCase,
  DOCUMENT_STORE,
  SHIPMENT_DOCUMENT_REPOSITORY,
  ListShipmentDocumentsUseCase,
  UploadShipmentDocumentUseCase,
  SqlLabelStore,
  SqlShipmentRepository,
  SqlShipmentDestinationWriter,
  FilesystemDocumentStore,
  PostgresDocumentStore,
  SqlShipmentDocumentRepository,
  SqlManifestRepository,
} from '@lgw/shipping';
import {
  CARRIER_INTENTS,
  INTENT_RECOVERY,
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
  ApiKeyPrincipals,
  AuthenticateApiKeyUseCase,
  CreateTeamUseCase,
  IssueApiKeyUseCase,
  RevokeApiKeyUseCase,
  SetRateLimitUseCase,
  TEAM_REPOSITORY,
  TenantModes,
  ListTeamsUseCase,
  ListApiKeysUseCase,
  SetAddressVerificationUseCase,
  SqlTeamRepository,
} from '@lgw/access';
import {
  CARRIER_REGISTRY,
  TEST_CARRIER_CONTROL,
  PASSTHROUGH_AUDIT,
  ForwardToCarrierUseCase,
  ListPassthroughAuditUseCase,
  CARRIER_CONNECTION_REPOSITORY,
  CARRIER_CREDENTIAL_SCHEMAS,
  CarrierConnectionRepositoryPort,
  CarrierRegistryPort,
  CreateCarrierConnectionUseCase,
  ListCarrierConnectionsUseCase,
  ListConnectionRequirementsUseCase,
  CarrierConnectionResolver,
  RevokeCarrierConnectionUseCase,
  CARRIER_CATALOGUE,
  QUOTE_CONNECTIONS,
  RATE_CARDS,
  SqlCarrierIntentStore,
  SqlPassthroughAuditRepository,
  SqlCarrierConnectionRepository,
} from '@lgw/carrier-access';
import {
  ListBatchesUseCase,
  BATCH_FILE_STORE,
  DownloadBatchCsvUseCase,
  FULFILMENT_BATCH_REPOSITORY,
  GetBatchUseCase,
  ProcessBatchUseCase,
  RecoverBatchesUseCase,
  SubmitBatchUseCase,
  FilesystemBatchFileStore,
  PostgresBatchFileStore,
  SqlFulfilmentBatchRepository,
} from '@lgw/fulfilment';
import { GetRatesUseCase, QUOTE_REPOSITORY, QuoteRepositoryPort, SignedQuoteRepository } from '@lgw/rating';
import {
  BILLING_LEDGER,
  INVOICE_RENDERER,
  GetInvoiceUseCase,
  GetIssuedInvoiceUseCase,
  ListInvoicesUseCase,
  RecordBillingEventUseCase,
  RenderInvoicePdfUseCase,
  SweepBillingUseCase,
  SetBillingProfileUseCase,
  SubmitEinvoicesUseCase,
  IssueEinvoicesUseCase,
  OnboardEgsUseCase,
  GetEinvoiceXmlUseCase,
  EINVOICE_STORE,
  EINVOICE_CRYPTO,
  EINVOICE_SELLER,
  FATOORA,
  SqlBillingLedger,
  SqlEinvoiceStore,
  FatooraHttpClient,
  ZatcaEinvoiceCrypto,
} from '@lgw/billing';
import {
  CATALOGUE_REPOSITORY,
  GetCatalogueProductUseCase,
  ListCatalogueProductsUseCase,
  ScoreDataReadinessUseCase,
  UpsertCatalogueProductsUseCase,
  SqlCatalogueRepository,
} from '@lgw/catalogue';
import {
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
  WEBHOOK_SENDER,
  WEBHOOK_SETTINGS,
  WEBHOOK_SIGNER,
  WebhookSettings,
  WEBHOOK_AUTO_DISABLE_AFTER_MS,
  WEBHOOK_RETRY_SCHEDULE_MS,
  StandardWebhooksSigner,
  SqlWebhookEndpointRepository,
  SqlWebhookMessageRepository,
} from '@lgw/webhooks';
import {
  COD_REMITTANCE_REPOSITORY,
  COD_SETTINGS,
  GetCodSummaryUseCase,
  GetRemittanceUseCase,
  ImportRemittancesUseCase,
  ListRemittancesUseCase,
  ListUnmatchedPayoutLinesUseCase,
  SqlCodRemittanceRepository,
} from '@lgw/cod';
import {
  SchedulePickupUseCase,
  ListPickupsUseCase,
  GetPickupUseCase,
  CancelPickupUseCase,
  CreateReturnUseCase,
  PICKUP_REPOSITORY,
  SqlPickupRepository,
} from '@lgw/pickups-returns';
import { ADDRESS_DIRECTORY, ADDRESS_VERIFICATION_SETTINGS, DestinationAddressCheck, VerifyAddressUseCase } from '@lgw/addresses';
import { AesGcmSecretCipher, APP_CONFIG, FastCsvCodec } from '@lgw/platform';
import {
  CARRIER_CATALOGUE as CATALOGUE_DATA,
  carrierCredentialSchemas,
  findCarrier,
  ModalCarrierRegistry,
  RateCardRepository,
  SandboxControlClient,
} from '@lgw/carriers';
import { SqlIdempotencyStore, SqlOutbox } from '@lgw/database';
import { LabelMerger } from '@lgw/labels';
import { GatewayRuntime } from './gateway-runtime';
import { apiResourceLinks } from '@lgw/http-api';

/** Services over ports that several use cases share (never a use case injected into another). */
const SHARED_SERVICES = [ApiKeyPrincipals, LabelRendering, DestinationAddressCheck];

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
  ExportShipmentsUseCase,
  ListBatchesUseCase,
  GetShipmentUseCase,
  CancelShipmentUseCase,
  RenderLabelUseCase,
  GetLabelUseCase,
  MergeLabelsUseCase,
  ManifestsUseCase,
  RelayOutboxUseCase,
  RedriveOutboxUseCase,
  SweepLabelsUseCase,
  GetTrackingUseCase,
  SyncTrackingUseCase,
  PurgeExpiredUseCase,
  RecordBillingEventUseCase,
  GetInvoiceUseCase,
  GetIssuedInvoiceUseCase,
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
  RecoverCarrierIntentsUseCase,
  SetBillingProfileUseCase,
  SubmitEinvoicesUseCase,
  IssueEinvoicesUseCase,
  OnboardEgsUseCase,
  GetEinvoiceXmlUseCase,
  ImportRemittancesUseCase,
  ListRemittancesUseCase,
  ListUnmatchedPayoutLinesUseCase,
  GetRemittanceUseCase,
  GetCodSummaryUseCase,
  SchedulePickupUseCase,
  ListPickupsUseCase,
  GetPickupUseCase,
  CancelPickupUseCase,
  CreateReturnUseCase,
  VerifyAddressUseCase,
  SetAddressVerificationUseCase,
  RecordTestEventUseCase,
  CreateCarrierConnectionUseCase,
  ListCarrierConnectionsUseCase,
  ListConnectionRequirementsUseCase,
  RevokeCarrierConnectionUseCase,
];

/** Rotation keeps the old secret signing beside the new one for a day (ADR 0019). */
const ROTATION_OVERLAP_MS = 24 * 3_600_000;

/** Every catalogue service level must have a price: a missing card stops the boot, not a quote. */
function loadRateCards(directory: string | undefined): RateCardRepository {
  const cards = RateCardRepository.load({ directory });
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
      idempotencyLeaseMs: runtime.config.idempotencyLeaseMs,
      intentRecoveryAfterMs: runtime.config.intentRecoveryAfterMs,
    };
    const webhookSettings: WebhookSettings = {
      retryScheduleMs: runtime.config.webhookRetryScheduleMs ?? WEBHOOK_RETRY_SCHEDULE_MS,
      timeoutMs: runtime.config.webhookTimeoutMs,
      perTeamConcurrency: runtime.config.webhookTeamConcurrency,
      disableAfterMs: WEBHOOK_AUTO_DISABLE_AFTER_MS,
      rotationOverlapMs: ROTATION_OVERLAP_MS,
    };
    const teams = new SqlTeamRepository(runtime.database.dataSource);
    const modes = new TenantModes(teams);
    const providers = [
      { provide: GATEWAY_RUNTIME, useValue: runtime },
      { provide: APP_CONFIG, useValue: runtime.config },
      { provide: GATEWAY_SETTINGS, useValue: settings },
      { provide: RESOURCE_LINKS, useValue: apiResourceLinks },
      { provide: DATA_SOURCE, useValue: runtime.database.dataSource },
      { provide: REDIS, useValue: runtime.redis ?? null },
      { provide: RATE_LIMITER, useValue: runtime.rateLimiter },
      { provide: TEAM_REPOSITORY, useValue: teams },
      {
        provide: QUOTE_REPOSITORY,
        // Signed ids in both modes (ADR 0031): rating writes nothing; used marks live in the database.
        useValue: new SignedQuoteRepository(
          runtime.database.dataSource,
          runtime.config.quoteSigningKey,
          runtime.database.mode === 'embedded',
        ),
      },
      { provide: QUOTE_CONNECTIONS, useExisting: QUOTE_REPOSITORY },
      { provide: CARRIER_CATALOGUE, useValue: { all: () => CATALOGUE_DATA, find: findCarrier } },
      { provide: RATE_CARDS, useValue: loadRateCards(runtime.config.rateCardsDir) },
      { provide: CLOCK, useValue: { now: () => new Date() } },
      { provide: SHIPMENT_REPOSITORY, useValue: new SqlShipmentRepository(runtime.database.dataSource) },
      { provide: IDEMPOTENCY_STORE, useValue: new SqlIdempotencyStore(runtime.database.dataSource) },
      { provide: CARRIER_INTENTS, useValue: new SqlCarrierIntentStore(runtime.database.dataSource) },
      { provide: PICKUP_REPOSITORY, useValue: new SqlPickupRepository(runtime.database.dataSource) },
      { provide: INTENT_RECOVERY, useExisting: RecoverCarrierIntentsUseCase },
      { provide: TenantModes, useValue: modes },
      { provide: TEST_CARRIER_CONTROL, useValue: new SandboxControlClient(runtime.testSandboxUrl) },
      { provide: CARRIER_REGISTRY, useValue: new ModalCarrierRegistry(runtime.carriers, runtime.testCarriers, (id) => modes.of(id)) },
      { provide: JOB_QUEUE, useValue: runtime.jobs.queue },
      { provide: JOB_WORKER, useValue: runtime.jobs.worker },
      { provide: RECURRING_JOBS, useValue: runtime.jobs.recurring },
      { provide: LABEL_RENDERER, useValue: runtime.labelRenderer },
      { provide: LABEL_FORMAT_RENDERER, useValue: runtime.labelFormatRenderer },
      { provide: LABEL_MERGER, useValue: new LabelMerger() },
      { provide: MANIFEST_RENDERER, useValue: runtime.manifestRenderer },
      { provide: MANIFEST_REPOSITORY, useValue: new SqlManifestRepository(runtime.database.dataSource) },
      { provide: RENDERER_STATUS, useValue: runtime.rendererStatus },
      { provide: LABEL_STORE, useValue: new SqlLabelStore(runtime.database.dataSource) },
      { provide: OUTBOX, useValue: new SqlOutbox(runtime.database.dataSource) },
      { provide: RETENTION, useValue: new SqlRetention(runtime.database.dataSource) },
      { provide: TRACKING_REPOSITORY, useValue: new SqlTrackingRepository(runtime.database.dataSource) },
      { provide: TRACKING_SYNC_SETTINGS, useValue: runtime.config.trackingSync },
      { provide: BILLING_LEDGER, useValue: new SqlBillingLedger(runtime.database.dataSource) },
      { provide: CATALOGUE_REPOSITORY, useValue: new SqlCatalogueRepository(runtime.database.dataSource) },
      { provide: INVOICE_RENDERER, useValue: runtime.invoiceRenderer },
      {
        provide: SHIPMENT_DESTINATION_WRITER,
        useValue: new SqlShipmentDestinationWriter(runtime.database.dataSource),
      },
      {
        provide: DOCUMENT_STORE,
        // Like batch files: in PostgreSQL when there is one, so api pods need no volume (docs/adr/0033).
        useValue:
          runtime.database.mode === 'embedded'
            ? new FilesystemDocumentStore(runtime.config.dataDir)
            : new PostgresDocumentStore(runtime.database.dataSource),
      },
      {
        provide: SHIPMENT_DOCUMENT_REPOSITORY,
        useValue: new SqlShipmentDocumentRepository(runtime.database.dataSource),
      },
      { provide: PASSTHROUGH_AUDIT, useValue: new SqlPassthroughAuditRepository(runtime.database.dataSource) },
      { provide: FULFILMENT_BATCH_REPOSITORY, useValue: new SqlFulfilmentBatchRepository(runtime.database.dataSource) },
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
      { provide: WEBHOOK_ENDPOINT_REPOSITORY, useValue: new SqlWebhookEndpointRepository(runtime.database.dataSource) },
      { provide: WEBHOOK_MESSAGE_REPOSITORY, useValue: new SqlWebhookMessageRepository(runtime.database.dataSource) },
      { provide: WEBHOOK_SENDER, useValue: runtime.webhookSender },
      { provide: WEBHOOK_SIGNER, useValue: new StandardWebhooksSigner() },
      { provide: WEBHOOK_SECRET_CIPHER, useValue: new AesGcmSecretCipher(runtime.config.webhookSecretKey) },
      { provide: EINVOICE_STORE, useValue: new SqlEinvoiceStore(runtime.database.dataSource) },
      { provide: EINVOICE_CRYPTO, useValue: new ZatcaEinvoiceCrypto() },
      { provide: FATOORA, useValue: new FatooraHttpClient({ baseUrl: runtime.fatooraBaseUrl }) },
      { provide: EINVOICE_SELLER, useValue: runtime.config.seller },
      { provide: COD_REMITTANCE_REPOSITORY, useValue: new SqlCodRemittanceRepository(runtime.database.dataSource) },
      { provide: COD_SETTINGS, useValue: { overdueDays: runtime.config.codOverdueDays } },
      { provide: ADDRESS_DIRECTORY, useValue: runtime.addressDirectory },
      { provide: CARRIER_CONNECTION_REPOSITORY, useValue: new SqlCarrierConnectionRepository(runtime.database.dataSource) },
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
      { provide: ADDRESS_VERIFICATION_SETTINGS, useValue: { enabled: runtime.config.address.verificationEnabled } },
      ...SHARED_SERVICES,
      ...USE_CASES,
    ];
    return {
      module: GatewayCoreModule,
      providers,
      exports: providers.map((p) => ('provide' in p ? p.provide : p)),
    };
  }
}
