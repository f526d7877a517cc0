import { Inject, Injectable } from '@nestjs/common';
import { SHIPMENT_REPOSITORY, ShipmentRepositoryPort } from '../../ports/shipment.repository.port';
import { GetShipmentUseCase } from '../../shipments/get-shipment/get-shipment.use-case';
import { toTrackingEventView, TrackingView } from '../tracking.view';

export interface GetTrackingCommand {
  readonly teamId: string;
  readonly shipmentId: string;
}

/** Tracking history of one of the team's shipments; another team's is a 404 like a missing one. */
@Injectable()
export class GetTrackingUseCase {
  constructor(
    private readonly getShipment: GetShipmentUseCase,
    @Inject(SHIPMENT_REPOSITORY) private readonly shipments: ShipmentRepositoryPort,
  ) {}

  async execute(command: GetTrackingCommand): Promise<TrackingView> {
    const shipment = await this.getShipment.record(command.teamId, command.shipmentId);
    // Most recent first (docs/api.md §4 rule 4): the repository orders by occurred_at descending.
    const events = await this.shipments.trackingEvents(shipment.id);
    return {
      tracking_number: shipment.trackingNumber,
      status: shipment.status,
      events: events.map(toTrackingEventView),
    };
  }
}
