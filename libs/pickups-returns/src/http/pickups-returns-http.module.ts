import { Module } from '@nestjs/common';
import { PickupsHttpController } from './pickups.http.controller';
import { ShipmentReturnsHttpController } from './shipment-returns.http.controller';

/**
 * Courier collections and customer returns (docs/api.md, pickups and returns); repositories and
 * use cases are bound by the context's module.
 */
@Module({ controllers: [PickupsHttpController, ShipmentReturnsHttpController] })
export class PickupsReturnsHttpModule {}
