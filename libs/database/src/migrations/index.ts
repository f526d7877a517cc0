import { TeamsAndKeys1732100000000 } from './1732100000000-teams-and-keys.migration';
import { Quotes1732100001000 } from './1732100001000-quotes.migration';
import { Shipments1732100002000 } from './1732100002000-shipments.migration';
import { Labels1732100006000 } from './1732100006000-labels.migration';
import { PassthroughAudit1732100005000 } from './1732100005000-passthrough-audit.migration';
import { Documents1732100004000 } from './1732100004000-documents.migration';
import { ApiKeyLastUsed1732100091000 } from './1732100091000-api-key-last-used.migration';
import { BillingAndCatalogue1732100092000 } from './1732100092000-billing-and-catalogue.migration';
import { BillingReceipts1732100093000 } from './1732100093000-billing-receipts.migration';
import { FulfilmentBatches1732100094000 } from './1732100094000-fulfilment-batches.migration';
import { CarrierIntents1732100130000 } from './1732100130000-carrier-intents.migration';
import { Webhooks1732100170000 } from './1732100170000-webhooks.migration';
import { SignedQuotes1732100310000 } from './1732100310000-signed-quotes.migration';
import { DocumentChunks1732100330000 } from './1732100330000-document-chunks.migration';
import { TrackingFidelity1732100360000 } from './1732100360000-tracking-fidelity.migration';
import { BatchOrderHandoff1732100400000 } from './1732100400000-batch-order-handoff.migration';
import { ShipmentSearch1732100410000 } from './1732100410000-shipment-search.migration';
import { Einvoicing1732100460000 } from './1732100460000-einvoicing.migration';
import { CashOnDelivery1732100420000 } from './1732100420000-cash-on-delivery.migration';
import { Pickups1732100430000 } from './1732100430000-pickups.migration';
import { CustomerReturns1732100431000 } from './1732100431000-customer-returns.migration';
import { LabelFormats1732100440000 } from './1732100440000-label-formats.migration';
import { Manifests1732100441000 } from './1732100441000-manifests.migration';
import { ShipmentLabelFormat1732100442000 } from './1732100442000-shipment-label-format.migration';
import { ReturnReason1732100450000 } from './1732100450000-return-reason.migration';
import { TestMode1732100470000 } from './1732100470000-test-mode.migration';
import { TeamAddressVerification1732100520000 } from './1732100520000-team-address-verification.migration';
import { IdempotencyOutcome1732100530000 } from './1732100530000-idempotency-outcome.migration';
import { CodOpenSummary1732100535000 } from './1732100535000-cod-open-summary.migration';
import { CarrierConnections1732100540000 } from './1732100540000-carrier-connections.migration';
import { ShippingRulesAndCarrierPerformance1732100640000 } from './1732100640000-shipping-rules-and-carrier-performance.migration';
import { Notifications1732100650000 } from './1732100650000-notifications.migration';
import { ShipmentPieces1732100660000 } from './1732100660000-shipment-pieces.migration';
import { ProofOfDelivery1732100670000 } from './1732100670000-proof-of-delivery.migration';
import { ShipmentConnection1732100680000 } from './1732100680000-shipment-connection.migration';
import { CarrierPerformanceMonthly1732100690000 } from './1732100690000-carrier-performance-monthly.migration';
import { CarrierPerformanceLanes1732100700000 } from './1732100700000-carrier-performance-lanes.migration';
import { CodPayoutsPerAccount1732100710000 } from './1732100710000-cod-payouts-per-account.migration';
import { TrackingEventPiece1732100720000 } from './1732100720000-tracking-event-piece.migration';
import { LabelPdfStorage1732100730000 } from './1732100730000-label-pdf-storage.migration';
import { TrackingSchedule1732100740000 } from './1732100740000-tracking-schedule.migration';
import { ShipmentCityKeyIndex1732100550000 } from './1732100550000-shipment-city-key-index.migration';
import { CarrierWebhookTokens1732100610000 } from './1732100610000-carrier-webhook-tokens.migration';
import { ScopedKeysAndAudit1732100620000 } from './1732100620000-scoped-keys-and-audit.migration';
import { DeliveryIssues1732100630000 } from './1732100630000-delivery-issues.migration';
import { RecipientTracking1732100631000 } from './1732100631000-recipient-tracking.migration';

/** Every migration, oldest first. Both PostgreSQL and embedded PGlite run the same list. */
export const MIGRATIONS = [
  TeamsAndKeys1732100000000,
  Quotes1732100001000,
  Shipments1732100002000,
  Labels1732100006000,
  PassthroughAudit1732100005000,
  Documents1732100004000,
  ApiKeyLastUsed1732100091000,
  BillingAndCatalogue1732100092000,
  BillingReceipts1732100093000,
  FulfilmentBatches1732100094000,
  CarrierIntents1732100130000,
  Webhooks1732100170000,
  SignedQuotes1732100310000,
  DocumentChunks1732100330000,
  TrackingFidelity1732100360000,
  BatchOrderHandoff1732100400000,
  ShipmentSearch1732100410000,
  Einvoicing1732100460000,
  CashOnDelivery1732100420000,
  Pickups1732100430000,
  CustomerReturns1732100431000,
  LabelFormats1732100440000,
  Manifests1732100441000,
  ShipmentLabelFormat1732100442000,
  ReturnReason1732100450000,
  TestMode1732100470000,
  TeamAddressVerification1732100520000,
  IdempotencyOutcome1732100530000,
  CodOpenSummary1732100535000,
  CarrierConnections1732100540000,
  ShipmentCityKeyIndex1732100550000,
  CarrierWebhookTokens1732100610000,
  ScopedKeysAndAudit1732100620000,
  DeliveryIssues1732100630000,
  RecipientTracking1732100631000,
  ShippingRulesAndCarrierPerformance1732100640000,
  Notifications1732100650000,
  ShipmentPieces1732100660000,
  ProofOfDelivery1732100670000,
  ShipmentConnection1732100680000,
  CarrierPerformanceMonthly1732100690000,
  CarrierPerformanceLanes1732100700000,
  CodPayoutsPerAccount1732100710000,
  TrackingEventPiece1732100720000,
  LabelPdfStorage1732100730000,
  TrackingSchedule1732100740000,
];
