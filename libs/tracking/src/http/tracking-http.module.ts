import { Module } from '@nestjs/common';
import { TestModeHttpController } from './test-mode.http.controller';
import { TrackingHttpController } from './tracking.http.controller';

/**
 * GET /shipments/{id}/tracking (docs/api.md §4 endpoint 6), and test mode's
 * POST /test/shipments/{id}/events (docs/test-mode.md). The carrier tracking sync runs in the
 * worker (libs/runtime/src/background-jobs/background-jobs.processor.ts); its use cases are bound in the core.
 */
@Module({ controllers: [TrackingHttpController, TestModeHttpController] })
export class TrackingHttpModule {}
