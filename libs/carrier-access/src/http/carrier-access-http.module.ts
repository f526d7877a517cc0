import { Module } from '@nestjs/common';
import { CarrierConnectionsAdminHttpController } from './carrier-connections-admin.http.controller';
import { CarrierConnectionsHttpController } from './carrier-connections.http.controller';
import { CarriersHttpController } from './carriers.http.controller';
import { PassthroughHttpModule } from './passthrough-http.module';

/** The carriers offered, carrier connections (the team's own and, in the admin API, the platform's) and raw passthrough. */
@Module({
  imports: [PassthroughHttpModule],
  controllers: [CarriersHttpController, CarrierConnectionsHttpController, CarrierConnectionsAdminHttpController],
})
export class CarrierAccessHttpModule {}
