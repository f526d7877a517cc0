import { Module } from '@nestjs/common';
import { CarrierWebhooksHttpController } from './carrier-webhooks.http.controller';
import { RecipientPageHttpController } from './recipient-page.http.controller';
import { TestModeHttpController } from './test-mode.http.controller';
import { TrackingHttpController } from './tracking.http.controller';
import { CarrierAnalyticsHttpController } from './carrier-analytics.http.controller';

/**
 * GET /shipments/{id}/tracking (docs/api.md §4 endpoint 6), GET /analytics/carriers, test mode's
 * POST /test/shipments/{id}/events (docs/test-mode.md), and carriers' pushes at
 * POST /carrier-webhooks/{carrier}/{token}. The carrier tracking sync runs in the worker
 * (libs/runtime/src/background-jobs/background-jobs.processor.ts); its use cases are bound in the core.
 */
@Module({
  controllers: [
    TrackingHttpController,
    TestModeHttpController,
    CarrierAnalyticsHttpController,
    CarrierWebhooksHttpController,
    RecipientPageHttpController,
  ],
})
export class TrackingHttpModule {}
