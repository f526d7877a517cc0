import { Module } from '@nestjs/common';
import { TrackingHttpController } from '../controllers/tracking.http.controller';

/**
 * GET /shipments/{id}/tracking (docs/api.md §4 endpoint 6). The carrier tracking sync runs in the
 * worker (libs/runtime/src/background-jobs/background-jobs.processor.ts); its use cases are bound in the core.
 */
@Module({ controllers: [TrackingHttpController] })
export class TrackingModule {}
