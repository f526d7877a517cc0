import { Inject, Injectable } from '@nestjs/common';
import { SHIPMENT_DOCUMENT_REPOSITORY, ShipmentDocumentRepositoryPort } from '../../ports/shipment-document.repository.port';
import { GetShipmentUseCase } from '../../get-shipment/get-shipment.use-case';
import { ShipmentDocumentView, toShipmentDocumentView } from '../shipment-document';

/** The shipment's documents in upload order; another team's shipment is a 404 like a missing one. */
@Injectable()
export class ListShipmentDocumentsUseCase {
  constructor(
    private readonly getShipment: GetShipmentUseCase,
    @Inject(SHIPMENT_DOCUMENT_REPOSITORY) private readonly documents: ShipmentDocumentRepositoryPort,
  ) {}

  async execute(command: { teamId: string; shipmentId: string }): Promise<{ documents: ShipmentDocumentView[] }> {
    const shipment = await this.getShipment.record(command.teamId, command.shipmentId);
    const documents = await this.documents.listForShipment(shipment.teamId, shipment.id);
    return { documents: documents.map(toShipmentDocumentView) };
  }
}
