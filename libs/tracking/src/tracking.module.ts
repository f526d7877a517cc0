import { Global, Module, Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DATA_SOURCE } from '@lgw/kernel';
import { GetTrackingUseCase } from './application/get-tracking/get-tracking.use-case';
import { ReceiveCarrierPushUseCase } from './application/receive-carrier-push/receive-carrier-push.use-case';
import { RecordTestEventUseCase } from './application/record-test-event/record-test-event.use-case';
import { SqlTrackingRepository } from './persistence/sql-tracking.repository';
import { SyncTrackingUseCase } from './application/sync-tracking/sync-tracking.use-case';
import { TRACKING_REPOSITORY } from './application/ports/tracking.repository.port';
import { CARRIER_PERFORMANCE_STORE } from './application/ports/carrier-performance.port';
import { SqlCarrierPerformanceStore } from './persistence/sql-carrier-performance.store';
import { RecordDeliveryOutcomeUseCase } from './application/record-delivery-outcome/record-delivery-outcome.use-case';
import { GetCarrierPerformanceUseCase } from './application/get-carrier-performance/get-carrier-performance.use-case';
import { TEAM_BRANDING } from './application/ports/team-branding.port';
import { RecipientTrackingUseCase } from './application/recipient-tracking/recipient-tracking.use-case';
import { SqlTeamBrandingAdapter } from './persistence/sql-team-branding.adapter';

const PROVIDERS: Provider[] = [
  { provide: TRACKING_REPOSITORY, inject: [DATA_SOURCE], useFactory: (dataSource: DataSource) => new SqlTrackingRepository(dataSource) },
  { provide: TEAM_BRANDING, inject: [DATA_SOURCE], useFactory: (dataSource: DataSource) => new SqlTeamBrandingAdapter(dataSource) },
  GetTrackingUseCase,
  RecipientTrackingUseCase,
  SyncTrackingUseCase,
  RecordTestEventUseCase,
  {
    provide: CARRIER_PERFORMANCE_STORE,
    inject: [DATA_SOURCE],
    useFactory: (dataSource: DataSource) => new SqlCarrierPerformanceStore(dataSource),
  },
  RecordDeliveryOutcomeUseCase,
  GetCarrierPerformanceUseCase,
  ReceiveCarrierPushUseCase,
];

/**
 * Tracking sync and reads, test-mode events, and carrier performance counted from final statuses.
 * Binds only this context's own ports and use cases; process resources (data source, configuration,
 * queues, renderers, carrier adapters) come from the composition root.
 */
@Global()
@Module({ providers: PROVIDERS, exports: PROVIDERS })
export class TrackingModule {}
