import { Inject, Module, OnModuleInit } from '@nestjs/common';
import { DOCUMENT_STORE, DocumentStorePort } from '../application/ports/document-store.port';
import { ShipmentDocumentsHttpController } from './shipment-documents.http.controller';

/** An upload older than this in staging was abandoned by a crash: no request lasts that long. */
const ABANDONED_STAGING_MS = 60 * 60 * 1000;

/**
 * Customs documents (docs/api.md, documents): bytes under DATA_DIR (embedded) or in PostgreSQL
 * (docs/adr/0033), metadata in the database.
 * The store, repository and use cases are bound by the context's module; only the api process
 * receives uploads, so only it sweeps what a crash left in staging.
 */
@Module({ controllers: [ShipmentDocumentsHttpController] })
export class DocumentsHttpModule implements OnModuleInit {
  constructor(@Inject(DOCUMENT_STORE) private readonly store: DocumentStorePort) {}

  async onModuleInit(): Promise<void> {
    await this.store.sweepStaging(ABANDONED_STAGING_MS);
  }
}
