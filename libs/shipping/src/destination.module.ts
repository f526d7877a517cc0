import { Module } from '@nestjs/common';
import { ShipmentDestinationHttpController } from './http/shipment-destination.http.controller';

/**
 * Destination updates (docs/api.md, destination): carrier first, then destination and domain
 * event together. The writer port and the use case are bound in the composition root.
 */
@Module({ controllers: [ShipmentDestinationHttpController] })
export class DestinationModule {}
