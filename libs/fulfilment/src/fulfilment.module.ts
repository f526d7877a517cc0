import { Global, Module, Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DATA_SOURCE } from '@lgw/kernel';
import { DATABASE, Database } from '@lgw/database';
import { APP_CONFIG, AppConfig } from '@lgw/platform';
import { BATCH_FILE_STORE } from './application/ports/batch-file-store.port';
import { DownloadBatchCsvUseCase } from './application/download-batch-csv/download-batch-csv.use-case';
import { FULFILMENT_BATCH_REPOSITORY } from './application/ports/fulfilment-batch.repository.port';
import { FilesystemBatchFileStore } from './persistence/filesystem-batch-file.store';
import { GetBatchUseCase } from './application/get-batch/get-batch.use-case';
import { ListBatchesUseCase } from './application/list-batches/list-batches.use-case';
import { PostgresBatchFileStore } from './persistence/postgres-batch-file.store';
import { ProcessBatchUseCase } from './application/process-batch/process-batch.use-case';
import { RecoverBatchesUseCase } from './application/recover-batches/recover-batches.use-case';
import { SqlFulfilmentBatchRepository } from './persistence/sql-fulfilment-batch.repository';
import { SubmitBatchUseCase } from './application/submit-batch/submit-batch.use-case';

const PROVIDERS: Provider[] = [
  {
    provide: FULFILMENT_BATCH_REPOSITORY,
    inject: [DATA_SOURCE],
    useFactory: (dataSource: DataSource) => new SqlFulfilmentBatchRepository(dataSource),
  },
  {
    provide: BATCH_FILE_STORE,
    inject: [DATABASE, APP_CONFIG],
    // With PostgreSQL the files go there too, so no replica needs a shared volume (docs/adr/0024).
    useFactory: (database: Database, config: AppConfig) =>
      database.mode === 'embedded' ? new FilesystemBatchFileStore(config.dataDir) : new PostgresBatchFileStore(database.dataSource),
  },
  SubmitBatchUseCase,
  GetBatchUseCase,
  ListBatchesUseCase,
  DownloadBatchCsvUseCase,
  ProcessBatchUseCase,
  RecoverBatchesUseCase,
];

/**
 * CSV fulfilment batches.
 * Binds only this context's own ports and use cases; process resources (data source, configuration,
 * queues, renderers, carrier adapters) come from the composition root.
 */
@Global()
@Module({ providers: PROVIDERS, exports: PROVIDERS })
export class FulfilmentModule {}
