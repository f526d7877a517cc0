import { Module } from '@nestjs/common';
import { PassthroughHttpController } from './passthrough.http.controller';

/**
 * Carrier passthrough (docs/api.md, passthrough) and its per-team audit log. The audit port
 * and the use cases are bound by the context's module.
 */
@Module({ controllers: [PassthroughHttpController] })
export class PassthroughHttpModule {}
