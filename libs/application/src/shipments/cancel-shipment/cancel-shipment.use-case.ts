import { Inject, Injectable } from '@nestjs/common';
import { canCancel, DomainError, eventKindsForStatusChange, STATUS_LABELS } from '@lgw/domain';
import { CARRIER_REGISTRY, carrierAdapter, CarrierRegistryPort } from '../../ports/carrier.port';
import { CLOCK, ClockPort } from '../../ports/clock.port';
import { SHIPMENT_REPOSITORY, ShipmentRepositoryPort } from '../../ports/shipment.repository.port';
import { GetShipmentUseCase } from '../get-shipment/get-shipment.use-case';
import { gatewayEvent } from '../shipment.record';
import { CancelShipmentCommand } from './cancel-shipment.command';

export interface CancellationView {
  readonly id: string;
  readonly tracking_number: string;
  readonly status: 'CANCELLED';
  readonly status_ar: string;
  readonly status_en: string;
  readonly cancelled_at: string;
}

/** Cancels with the carrier first, then records it; a carrier failure changes nothing here. */
@Injectable()
export class CancelShipmentUseCase {
  constructor(
    private readonly getShipment: GetShipmentUseCase,
    @Inject(SHIPMENT_REPOSITORY) private readonly shipments: ShipmentRepositoryPort,
    @Inject(CARRIER_REGISTRY) private readonly carriers: CarrierRegistryPort,
    @Inject(CLOCK) private readonly clock: ClockPort,
  ) {}

  async execute(command: CancelShipmentCommand): Promise<CancellationView> {
    const { reason } = command;
    const shipment = await this.getShipment.record(command.teamId, command.shipmentId);
    if (shipment.status === 'CANCELLED' && shipment.cancelledAt) return view(shipment.id, shipment.trackingNumber, shipment.cancelledAt);
    if (!canCancel(shipment.status)) throw new DomainError('E_CANCEL_NOT_ALLOWED', { status: shipment.status });

    const adapter = carrierAdapter(this.carriers, shipment.carrierCode);
    await adapter.cancel(shipment.trackingNumber);

    const at = this.clock.now();
    const cancelled = await this.shipments.markCancelled(
      shipment,
      shipment.status,
      at,
      reason,
      gatewayEvent(shipment.id, 'CANCELLED', at),
      [
        {
          teamId: shipment.teamId,
          aggregateId: shipment.id,
          type: 'shipment.cancelled',
          payload: {
            shipment_id: shipment.id,
            previous_status: shipment.status,
            status: 'CANCELLED',
            reason,
            kinds: eventKindsForStatusChange(shipment.status, 'CANCELLED'),
          },
        },
      ],
    );
    if (!cancelled) {
      // The status moved while the carrier was being called (e.g. a pickup event arrived).
      const now = await this.getShipment.record(command.teamId, command.shipmentId);
      if (now.status === 'CANCELLED' && now.cancelledAt) return view(now.id, now.trackingNumber, now.cancelledAt);
      throw new DomainError('E_CANCEL_NOT_ALLOWED', { status: now.status });
    }
    return view(shipment.id, shipment.trackingNumber, at);
  }
}

function view(id: string, trackingNumber: string, at: Date): CancellationView {
  return {
    id,
    tracking_number: trackingNumber,
    status: 'CANCELLED',
    status_ar: STATUS_LABELS.CANCELLED.ar,
    status_en: STATUS_LABELS.CANCELLED.en,
    cancelled_at: at.toISOString(),
  };
}
