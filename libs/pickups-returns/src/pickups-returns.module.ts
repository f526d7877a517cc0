import { Module } from '@nestjs/common';
import { PickupsHttpController } from './http/pickups.http.controller';
import { ShipmentReturnsHttpController } from './http/shipment-returns.http.controller';

/**
 * Courier collections and customer returns (docs/api.md, pickups and returns); repositories and
 * use cases are bound in the composition root.
 */
@Module({ controllers: [PickupsHttpController, ShipmentReturnsHttpController] })
export class PickupsModule {}
