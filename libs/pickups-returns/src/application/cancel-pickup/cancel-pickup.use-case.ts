import { Inject, Injectable } from '@nestjs/common';
import { DomainError, CLOCK, ClockPort, pickupWindowOpensAt } from '@lgw/kernel';
import { CARRIER_REGISTRY, carriersFor, carrierAdapter, CarrierConnectionResolver, CarrierRegistryPort } from '@lgw/carrier-access';
import { PICKUP_REPOSITORY, PickupRepositoryPort } from '../ports/pickup.repository.port';
import { SHIPMENT_REPOSITORY, ShipmentRepositoryPort } from '@lgw/shipping';
import { pickupOfTeam } from '../pickup-of-team';
import { pickupMove, PickupView, toPickupView } from '../pickup.record';

/**
 * Cancels a collection before its window opens (docs/api.md, pickups): at the carrier first,
 * then the pickup CANCELLED and its shipments still waiting for the courier back to
 * LABEL_GENERATED, together. A carrier failure changes nothing here; cancelling at the carrier
 * is safe to repeat, so a retry after a crash between the two finishes the job.
 */
@Injectable()
export class CancelPickupUseCase {
  constructor(
    @Inject(PICKUP_REPOSITORY) private readonly pickups: PickupRepositoryPort,
    @Inject(SHIPMENT_REPOSITORY) private readonly shipments: ShipmentRepositoryPort,
    @Inject(CARRIER_REGISTRY) private readonly carriers: CarrierRegistryPort,
    @Inject(CLOCK) private readonly clock: ClockPort,
    private readonly connections: CarrierConnectionResolver,
  ) {}

  async execute(command: { teamId: string; pickupId: string }): Promise<PickupView> {
    const pickup = await pickupOfTeam(this.pickups, command.teamId, command.pickupId);
    if (pickup.status === 'CANCELLED') return toPickupView(pickup);
    if (pickup.status !== 'SCHEDULED') throw new DomainError('E_PICKUP_CANCEL_NOT_ALLOWED', { status: pickup.status });
    const opensAt = pickupWindowOpensAt(pickup.pickupDate, pickup.window);
    if (this.clock.now().getTime() >= opensAt.getTime()) {
      throw new DomainError('E_PICKUP_CANCEL_NOT_ALLOWED', { window_opened_at: opensAt.toISOString() });
    }
    // At the account the collection was booked on: its shipments' connection, as when it was scheduled.
    const first = pickup.shipmentIds.length > 0 ? await this.shipments.findForTeam(pickup.teamId, pickup.shipmentIds[0]) : null;
    const adapter = first
      ? await this.connections.forShipment(pickup.teamId, first)
      : carrierAdapter(await carriersFor(this.carriers, command.teamId), pickup.carrierCode);
    await adapter.pickups?.cancelPickup(pickup.confirmationNumber, pickup.id);

    const at = this.clock.now();
    const moves = [];
    for (const id of pickup.shipmentIds) {
      const shipment = await this.shipments.findForTeam(pickup.teamId, id);
      if (shipment?.status === 'PICKUP_SCHEDULED') moves.push(pickupMove(shipment, 'PICKUP_SCHEDULED', 'LABEL_GENERATED', pickup.id, at));
    }
    await this.pickups.markCancelled(pickup, at, moves);
    return toPickupView(await pickupOfTeam(this.pickups, command.teamId, command.pickupId));
  }
}
