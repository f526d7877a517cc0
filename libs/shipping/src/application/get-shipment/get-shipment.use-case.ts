import { Inject, Injectable } from '@nestjs/common';
import { CARRIER_CATALOGUE, CarrierCataloguePort } from '@lgw/carrier-access';
import { SHIPMENT_REPOSITORY, ShipmentRepositoryPort } from '../ports/shipment.repository.port';
import { ShipmentRecord } from '../shipment.record';
import { shipmentOfTeam } from '../shipment-of-team';
import { ShipmentView, toShipmentView } from '../shipment.view';
import { RESOURCE_LINKS, ResourceLinksPort } from '@lgw/kernel';

/** Another team's shipment is indistinguishable from a missing one: 404, never 403. */
@Injectable()
export class GetShipmentUseCase {
  constructor(
    @Inject(SHIPMENT_REPOSITORY) private readonly shipments: ShipmentRepositoryPort,
    @Inject(CARRIER_CATALOGUE) private readonly catalogue: CarrierCataloguePort,
    @Inject(RESOURCE_LINKS) private readonly links: ResourceLinksPort,
  ) {}

  async execute(command: { teamId: string; shipmentId: string }): Promise<ShipmentView> {
    const shipment: ShipmentRecord = await shipmentOfTeam(this.shipments, command.teamId, command.shipmentId);
    return toShipmentView(shipment, this.catalogue.find(shipment.carrierCode), this.links);
  }
}
