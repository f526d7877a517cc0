import { Module } from '@nestjs/common';
import { CarrierConnectionsAdminHttpController } from './http/carrier-connections-admin.http.controller';
import { CarrierConnectionsHttpController } from './http/carrier-connections.http.controller';

/** Carrier connections: teams' own (the API) and the platform's (the admin API); use cases bound in the composition root. */
@Module({ controllers: [CarrierConnectionsHttpController, CarrierConnectionsAdminHttpController] })
export class CarrierConnectionsModule {}
