import { Module } from '@nestjs/common';
import { PassthroughHttpController } from './http/passthrough.http.controller';

/**
 * Carrier passthrough (docs/api.md, passthrough) and its per-team audit log. The audit port
 * and the use cases are bound in the composition root.
 */
@Module({ controllers: [PassthroughHttpController] })
export class PassthroughModule {}
