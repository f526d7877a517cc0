import { Module } from '@nestjs/common';
import { ForwardToCarrierUseCase, ListPassthroughAuditUseCase, PASSTHROUGH_AUDIT } from '@lgw/application';
import { TypeOrmPassthroughAuditRepository } from '@lgw/persistence';
import { GatewayRuntime } from '../composition/gateway-runtime';
import { GATEWAY_RUNTIME } from '../composition/tokens';
import { PassthroughHttpController } from '../controllers/passthrough.http.controller';

/** Carrier passthrough (SPEC §4 endpoint 16) and its per-team audit log. */
@Module({
  controllers: [PassthroughHttpController],
  providers: [
    {
      provide: PASSTHROUGH_AUDIT,
      useFactory: (runtime: GatewayRuntime) => new TypeOrmPassthroughAuditRepository(runtime.database.dataSource),
      inject: [GATEWAY_RUNTIME],
    },
    ForwardToCarrierUseCase,
    ListPassthroughAuditUseCase,
  ],
})
export class PassthroughModule {}
