import { Module } from '@nestjs/common';
import {
  GetTrackingUseCase,
  SyncTrackingUseCase,
  TRACKING_REPOSITORY,
  TRACKING_SYNC_SETTINGS,
  trackingSyncSettingsFrom,
} from '@lgw/application';
import { TypeOrmTrackingRepository } from '@lgw/persistence';
import { GatewayRuntime } from '../composition/gateway-runtime';
import { GATEWAY_RUNTIME } from '../composition/tokens';
import { TrackingHttpController } from '../controllers/tracking.http.controller';
import { TRACKING_POLLER_OPTIONS, TrackingPoller, TrackingPollerOptions } from './tracking-poller.service';

/** GET /shipments/{id}/tracking (SPEC §4 endpoint 6) and the carrier tracking sync. */
@Module({
  controllers: [TrackingHttpController],
  providers: [
    {
      provide: TRACKING_REPOSITORY,
      useFactory: (runtime: GatewayRuntime) => new TypeOrmTrackingRepository(runtime.database.dataSource),
      inject: [GATEWAY_RUNTIME],
    },
    {
      provide: TRACKING_SYNC_SETTINGS,
      useFactory: (runtime: GatewayRuntime) => trackingSyncSettingsFrom(runtime.config.trackingPollIntervalMs, process.env),
      inject: [GATEWAY_RUNTIME],
    },
    {
      provide: TRACKING_POLLER_OPTIONS,
      useFactory: (runtime: GatewayRuntime): TrackingPollerOptions => ({
        enabled: process.env.TRACKING_POLLER !== 'off',
        intervalMs: runtime.config.trackingPollIntervalMs,
        carrierCodes: runtime.carriers.codes,
      }),
      inject: [GATEWAY_RUNTIME],
    },
    GetTrackingUseCase,
    SyncTrackingUseCase,
    TrackingPoller,
  ],
  exports: [SyncTrackingUseCase, TRACKING_REPOSITORY, TRACKING_SYNC_SETTINGS],
})
export class TrackingModule {}
