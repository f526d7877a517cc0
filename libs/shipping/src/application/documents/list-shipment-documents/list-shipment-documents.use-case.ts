import { Inject, Injectable } from '@nestjs/common';
import { SHIPMENT_DOCUMENT_REPOSITORY, ShipmentDocumentRepositoryPort } from '../../ports/shipment-document.repository.port';
import { shipmentOfTeam } from '../../shipment-of-team';
import { SHIPMENT_REPOSITORY, ShipmentRepositoryPort } from '../../ports/shipment.repository.port';
import { ShipmentDocumentView, toShipmentDocumentView } from '../shipment-document';

/** The shipment's documents in upload order; another team's shipment is a 404 like a missing one. */
@Injectable()
export class ListShipmentDocumentsUseCase {
  constructor(
    @Inject(SHIPMENT_REPOSITORY) private readonly shipments: ShipmentRepositoryPort,
    @Inject(SHIPMENT_DOCUMENT_REPOSITORY) private readonly documents: ShipmentDocumentRepositoryPort,
  ) {}

  async execute(command: { teamId: string; shipmentId: string }): Promise<{ documents: ShipmentDocumentView[] }> {
    const shipment = await shipmentOfTeam(this.shipments, command.teamId, command.shipmentId);
    const documents = await this.documents.listForShipment(shipment.teamId, shipment.id);
    return { documents: documents.map(toShipmentDocumentView) };
  }
}
