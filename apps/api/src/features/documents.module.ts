import { Inject, Module, OnModuleInit } from '@nestjs/common';
import {
  DOCUMENT_STORE,
  ListShipmentDocumentsUseCase,
  SHIPMENT_DOCUMENT_REPOSITORY,
  UploadShipmentDocumentUseCase,
} from '@lgw/application';
import { FilesystemDocumentStore, TypeOrmShipmentDocumentRepository } from '@lgw/persistence';
import { GatewayRuntime } from '../composition/gateway-runtime';
import { GATEWAY_RUNTIME } from '../composition/tokens';
import { ShipmentDocumentsHttpController } from '../controllers/shipment-documents.http.controller';

/** An upload older than this in staging was abandoned by a crash: no request lasts that long. */
const ABANDONED_STAGING_MS = 60 * 60 * 1000;

/** Customs documents (SPEC §4 endpoint 8, plus listing): bytes under DATA_DIR, metadata in the database. */
@Module({
  controllers: [ShipmentDocumentsHttpController],
  providers: [
    {
      provide: FilesystemDocumentStore,
      useFactory: (runtime: GatewayRuntime) => new FilesystemDocumentStore(runtime.config.dataDir),
      inject: [GATEWAY_RUNTIME],
    },
    { provide: DOCUMENT_STORE, useExisting: FilesystemDocumentStore },
    {
      provide: SHIPMENT_DOCUMENT_REPOSITORY,
      useFactory: (runtime: GatewayRuntime) => new TypeOrmShipmentDocumentRepository(runtime.database.dataSource),
      inject: [GATEWAY_RUNTIME],
    },
    UploadShipmentDocumentUseCase,
    ListShipmentDocumentsUseCase,
  ],
})
export class DocumentsModule implements OnModuleInit {
  constructor(@Inject(FilesystemDocumentStore) private readonly store: FilesystemDocumentStore) {}

  async onModuleInit(): Promise<void> {
    await this.store.sweepStaging(ABANDONED_STAGING_MS);
  }
}
