import { Module } from '@nestjs/common';
import { SHIPMENT_DESTINATION_WRITER, UpdateDestinationUseCase } from '@lgw/application';
import { TypeOrmShipmentDestinationWriter } from '@lgw/persistence';
import { GatewayRuntime } from '../composition/gateway-runtime';
import { GATEWAY_RUNTIME } from '../composition/tokens';
import { ShipmentDestinationHttpController } from '../controllers/shipment-destination.http.controller';

/** Destination updates (SPEC §4 endpoint 9): carrier first, then destination and domain event together. */
@Module({
  controllers: [ShipmentDestinationHttpController],
  providers: [
    {
      provide: SHIPMENT_DESTINATION_WRITER,
      useFactory: (runtime: GatewayRuntime) => new TypeOrmShipmentDestinationWriter(runtime.database.dataSource),
      inject: [GATEWAY_RUNTIME],
    },
    UpdateDestinationUseCase,
  ],
})
export class DestinationModule {}
