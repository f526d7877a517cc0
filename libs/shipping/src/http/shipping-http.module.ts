import { Module } from '@nestjs/common';
import { DeliveryIssuesHttpController } from './delivery-issues.http.controller';
import { DocumentsHttpModule } from './documents-http.module';
import { LabelsHttpController } from './labels.http.controller';
import { ManifestsHttpController } from './manifests.http.controller';
import { PrintingHttpController } from './printing.http.controller';
import { ShipmentDestinationHttpController } from './shipment-destination.http.controller';
import { ShipmentsHttpController } from './shipments.http.controller';

/**
 * Shipments: booking, reads, cancel, destination updates (carrier first, then destination and
 * domain event together), labels and printing, manifests, and customs documents.
 */
@Module({
  imports: [DocumentsHttpModule],
  controllers: [
    ShipmentsHttpController,
    ShipmentDestinationHttpController,
    DeliveryIssuesHttpController,
    LabelsHttpController,
    PrintingHttpController,
    ManifestsHttpController,
  ],
})
export class ShippingHttpModule {}
