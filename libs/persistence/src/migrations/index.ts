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
];
