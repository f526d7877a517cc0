import { Global, Module, Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DATA_SOURCE } from '@lgw/kernel';
import { DATABASE, Database } from '@lgw/database';
import { APP_CONFIG, AppConfig } from '@lgw/platform';
import { CancelShipmentUseCase } from './application/cancel-shipment/cancel-shipment.use-case';
import { CreateShipmentUseCase } from './application/create-shipment/create-shipment.use-case';
import { DOCUMENT_STORE } from './application/ports/document-store.port';
import { ExportShipmentsUseCase } from './application/export-shipments/export-shipments.use-case';
import { FilesystemDocumentStore } from './persistence/documents/filesystem-document.store';
import { GetLabelUseCase } from './application/labels/get-label/get-label.use-case';
import { GetShipmentUseCase } from './application/get-shipment/get-shipment.use-case';
import { LABEL_STORE } from './application/ports/label-store.port';
import { LabelRendering, RenderLabelUseCase } from './application/labels/render-label/render-label.use-case';
import { RenderBatchLabelsUseCase } from './application/labels/render-batch-labels/render-batch-labels.use-case';
import { ListShipmentDocumentsUseCase } from './application/documents/list-shipment-documents/list-shipment-documents.use-case';
import { ListShipmentsUseCase } from './application/list-shipments/list-shipments.use-case';
import { MANIFEST_REPOSITORY } from './application/ports/manifest.port';
import { ManifestsUseCase } from './application/manifests/manage-manifests/manage-manifests.use-case';
import { MergeLabelsUseCase } from './application/labels/merge-labels/merge-labels.use-case';
import { PostgresDocumentStore } from './persistence/documents/postgres-document.store';
import { SHIPMENT_DESTINATION_WRITER } from './application/ports/shipment-destination.port';
import { SHIPMENT_DOCUMENT_REPOSITORY } from './application/ports/shipment-document.repository.port';
import { SHIPMENT_REPOSITORY } from './application/ports/shipment.repository.port';
import { SqlLabelStore } from './persistence/labels/sql-label.store';
import { SqlManifestRepository } from './persistence/manifests/sql-manifest.repository';
import { SqlShipmentDestinationWriter } from './persistence/sql-shipment-destination.writer';
import { SqlShipmentDocumentRepository } from './persistence/documents/sql-shipment-document.repository';
import { SqlShipmentRepository } from './persistence/sql-shipment.repository';
import { SweepLabelsUseCase } from './application/labels/sweep-labels/sweep-labels.use-case';
import { UpdateDestinationUseCase } from './application/update-destination/update-destination.use-case';
import { UploadShipmentDocumentUseCase } from './application/documents/upload-shipment-document/upload-shipment-document.use-case';

import { ActOnDeliveryIssueUseCase } from './application/delivery-issues/act-on-delivery-issue/act-on-delivery-issue.use-case';
import { AutoReturnUseCase } from './application/delivery-issues/auto-return/auto-return.use-case';
import { DELIVERY_ISSUE_REPOSITORY } from './application/ports/delivery-issue.repository.port';
import { ListDeliveryIssuesUseCase } from './application/delivery-issues/list-delivery-issues/list-delivery-issues.use-case';
import { SqlDeliveryIssueRepository } from './persistence/sql-delivery-issue.repository';

const PROVIDERS: Provider[] = [
  { provide: SHIPMENT_REPOSITORY, inject: [DATA_SOURCE], useFactory: (dataSource: DataSource) => new SqlShipmentRepository(dataSource) },
  { provide: MANIFEST_REPOSITORY, inject: [DATA_SOURCE], useFactory: (dataSource: DataSource) => new SqlManifestRepository(dataSource) },
  { provide: LABEL_STORE, inject: [DATA_SOURCE], useFactory: (dataSource: DataSource) => new SqlLabelStore(dataSource) },
  {
    provide: SHIPMENT_DESTINATION_WRITER,
    inject: [DATA_SOURCE],
    useFactory: (dataSource: DataSource) => new SqlShipmentDestinationWriter(dataSource),
  },
  {
    provide: SHIPMENT_DOCUMENT_REPOSITORY,
    inject: [DATA_SOURCE],
    useFactory: (dataSource: DataSource) => new SqlShipmentDocumentRepository(dataSource),
  },
  {
    provide: DOCUMENT_STORE,
    inject: [DATABASE, APP_CONFIG],
    // Like batch files: in PostgreSQL when there is one, so api pods need no volume (docs/adr/0033).
    useFactory: (database: Database, config: AppConfig) =>
      database.mode === 'embedded' ? new FilesystemDocumentStore(config.dataDir) : new PostgresDocumentStore(database.dataSource),
  },
  {
    provide: DELIVERY_ISSUE_REPOSITORY,
    inject: [DATA_SOURCE],
    useFactory: (dataSource: DataSource) => new SqlDeliveryIssueRepository(dataSource),
  },
  ActOnDeliveryIssueUseCase,
  ListDeliveryIssuesUseCase,
  AutoReturnUseCase,
  LabelRendering,
  CreateShipmentUseCase,
  ListShipmentsUseCase,
  ExportShipmentsUseCase,
  GetShipmentUseCase,
  CancelShipmentUseCase,
  RenderLabelUseCase,
  RenderBatchLabelsUseCase,
  GetLabelUseCase,
  MergeLabelsUseCase,
  ManifestsUseCase,
  SweepLabelsUseCase,
  UpdateDestinationUseCase,
  UploadShipmentDocumentUseCase,
  ListShipmentDocumentsUseCase,
];

/**
 * Shipments, labels, manifests and customs documents (renderers come with the process: libs/runtime).
 * Binds only this context's own ports and use cases; process resources (data source, configuration,
 * queues, renderers, carrier adapters) come from the composition root.
 */
@Global()
@Module({ providers: PROVIDERS, exports: PROVIDERS })
export class ShippingModule {}
