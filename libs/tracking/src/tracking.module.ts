import { Global, Module, Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DATA_SOURCE } from '@lgw/kernel';
import { GetTrackingUseCase } from './application/get-tracking/get-tracking.use-case';
import { RecordTestEventUseCase } from './application/record-test-event/record-test-event.use-case';
import { SqlTrackingRepository } from './persistence/sql-tracking.repository';
import { SyncTrackingUseCase } from './application/sync-tracking/sync-tracking.use-case';
import { TRACKING_REPOSITORY } from './application/ports/tracking.repository.port';

const PROVIDERS: Provider[] = [
  { provide: TRACKING_REPOSITORY, inject: [DATA_SOURCE], useFactory: (dataSource: DataSource) => new SqlTrackingRepository(dataSource) },
  GetTrackingUseCase,
  SyncTrackingUseCase,
  RecordTestEventUseCase,
];

/**
 * Tracking sync and reads, and test-mode events.
 * Binds only this context's own ports and use cases; process resources (data source, configuration,
 * queues, renderers, carrier adapters) come from the composition root.
 */
@Global()
@Module({ providers: PROVIDERS, exports: PROVIDERS })
export class TrackingModule {}
