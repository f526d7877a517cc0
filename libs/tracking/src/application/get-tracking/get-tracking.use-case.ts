import { Inject, Injectable } from '@nestjs/common';
import { orderTrackingHistory, SHIPMENT_REPOSITORY, ShipmentRepositoryPort, shipmentOfTeam, trackingEventSource } from '@lgw/shipping';
import { toTrackingEventView, TrackingView } from '../tracking.view';

export interface GetTrackingCommand {
  readonly teamId: string;
  readonly shipmentId: string;
}

/** Tracking history of one of the team's shipments; another team's is a 404 like a missing one. */
@Injectable()
export class GetTrackingUseCase {
  constructor(@Inject(SHIPMENT_REPOSITORY) private readonly shipments: ShipmentRepositoryPort) {}

  async execute(command: GetTrackingCommand): Promise<TrackingView> {
    const shipment = await shipmentOfTeam(this.shipments, command.teamId, command.shipmentId);
    const events = await this.shipments.trackingEvents(shipment.id);
    // Most recent first (docs/api.md §4 rule 4), the gateway's own steps placed among the
    // carrier's scans in the order they happened (ADR 0036).
    const placed = orderTrackingHistory(events.map((e) => ({ ...e, source: trackingEventSource(e) })));
    return {
      tracking_number: shipment.trackingNumber,
      status: shipment.status,
      events: placed.map((p) => toTrackingEventView(p.event, p.shownAt)),
    };
  }
}
