import { Global, Module } from '@nestjs/common';
import { IdempotentRequests } from './idempotent-requests';

/** The Idempotency-Key protocol, shared by the @Idempotent routes and the batch upload. */
@Global()
@Module({ providers: [IdempotentRequests], exports: [IdempotentRequests] })
export class IdempotencyModule {}
