import { Module } from '@nestjs/common';
import { HealthHttpController } from './health.http.controller';

/** Liveness and readiness probes. */
@Module({ controllers: [HealthHttpController] })
export class OperationsHttpModule {}
