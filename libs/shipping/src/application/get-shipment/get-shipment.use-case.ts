import { Inject, Injectable } from '@nestjs/common';
import { DomainError, RESOURCE_LINKS, ResourceLinksPort } from '@lgw/kernel';
import { CARRIER_CATALOGUE, CarrierCataloguePort } from '@lgw/carrier-access';
import { SHIPMENT_REPOSITORY, ShipmentRepositoryPort } from '../ports/shipment.repository.port';
import { ShipmentRecord } from '../shipment.record';
import { ShipmentView, toShipmentView } from '../shipment.view';

/** Another team's shipment is indistinguishable from a missing one: 404, never 403. */
@Injectable()
export class GetShipmentUseCase {
  constructor(
    @Inject(SHIPMENT_REPOSITORY) private readonly shipments: ShipmentRepositoryPort,
    @Inject(CARRIER_CATALOGUE) private readonly catalogue: CarrierCataloguePort,
    @Inject(RESOURCE_LINKS) private readonly links: ResourceLinksPort,
  ) {}

  async execute(command: { teamId: string; shipmentId: string }): Promise<ShipmentView> {
    return this.view(await this.record(command.teamId, command.shipmentId));
  }

  async record(teamId: string, shipmentId: string): Promise<ShipmentRecord> {
    const shipment = await this.shipments.findForTeam(teamId, shipmentId);
    if (!shipment) throw new DomainError('E_NOT_FOUND');
    return shipment;
  }

  view(shipment: ShipmentRecord): ShipmentView {
    return toShipmentView(shipment, this.catalogue.find(shipment.carrierCode), this.links);
  }
}
