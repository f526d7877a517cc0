import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  DomainError,
  STATUS_LABELS,
  CARRIER_INTENTS,
  CarrierIntentStorePort,
  CarrierRejectedError,
  CLOCK,
  ClockPort,
  faultPoint,
  AuditEntry,
  SYSTEM_AUDIT_SOURCE,
} from '@lgw/kernel';
import { Shipment } from '../../domain/shipment.aggregate';
import { CarrierConnectionResolver } from '@lgw/carrier-access';
import { SHIPMENT_REPOSITORY, ShipmentRepositoryPort } from '../ports/shipment.repository.port';
import { shipmentOfTeam } from '../shipment-of-team';
import { ShipmentRecord } from '../shipment.record';
import { CancelShipmentCommand } from './cancel-shipment.command';

export interface CancellationView {
  readonly id: string;
  readonly tracking_number: string;
  readonly status: 'CANCELLED';
  readonly status_ar: string;
  readonly status_en: string;
  readonly cancelled_at: string;
}

/**
 * Cancels with the carrier first, then records it; a carrier failure changes nothing here.
 * The intent recorded before the call lets recovery finish the job if this process dies.
 */
@Injectable()
export class CancelShipmentUseCase {
  constructor(
    @Inject(SHIPMENT_REPOSITORY) private readonly shipments: ShipmentRepositoryPort,
    @Inject(CLOCK) private readonly clock: ClockPort,
    @Inject(CARRIER_INTENTS) private readonly intents: CarrierIntentStorePort,
    private readonly connections: CarrierConnectionResolver,
  ) {}

  async execute(command: CancelShipmentCommand): Promise<CancellationView> {
    const { reason } = command;
    const shipment = await shipmentOfTeam(this.shipments, command.teamId, command.shipmentId);
    // Cancelled already, by an earlier request or by the carrier's own report: the same answer.
    if (shipment.status === 'CANCELLED')
      return cancellationView(shipment.id, shipment.trackingNumber, shipment.cancelledAt ?? shipment.updatedAt);
    Shipment.restore(shipment).assertCancellable();

    // Recorded before the carrier hears of it: if this process dies from here on, recovery asks
    // the carrier whether the booking is cancelled and records what it says (ADR 0013).
    const intent = randomUUID();
    await this.intents.record({
      id: intent,
      kind: 'cancel',
      teamId: shipment.teamId,
      shipmentId: shipment.id,
      carrierCode: shipment.carrierCode,
      payload: { reason },
      idempotency: command.idempotencyKey ?? null,
      createdAt: this.clock.now(),
    });
    faultPoint('cancel.before-carrier-call');
    try {
      // On the account it was booked on (docs/adr/0065).
      await (await this.connections.forShipment(shipment.teamId, shipment)).cancel(shipment.trackingNumber);
    } catch (error) {
      // Refused: nothing changed. Unknown (timeout): recovery adopts whatever the carrier did.
      const settled = error instanceof CarrierRejectedError ? 'abandoned' : 'compensating';
      await this.intents.transition(intent, ['pending'], settled, this.clock.now()).catch(() => undefined);
      throw error;
    }
    faultPoint('cancel.after-carrier-call');

    const at = this.clock.now();
    const audit = (from: ShipmentRecord): AuditEntry => ({
      teamId: shipment.teamId,
      action: 'shipment.cancelled',
      target: { type: 'shipment', id: shipment.id },
      changes: { status: { from: from.status, to: 'CANCELLED' }, reason },
      source: command.source ?? SYSTEM_AUDIT_SOURCE,
    });
    let cancelled = await recordCancellation(this.shipments, shipment, reason, at, audit(shipment));
    if (!cancelled) {
      // The status moved while the carrier was being called: the tracking poll already recorded
      // the cancellation the carrier just made (the same answer); the label was rendered, which
      // still allows the cancel the carrier made (recorded on the shipment as it is now); or a
      // pickup event arrived (409).
      const now = await shipmentOfTeam(this.shipments, command.teamId, command.shipmentId);
      if (now.status === 'CANCELLED') {
        await this.intents.transition(intent, ['pending'], 'completed', this.clock.now()).catch(() => undefined);
        return cancellationView(now.id, now.trackingNumber, now.cancelledAt ?? at);
      }
      cancelled = Shipment.restore(now).cancellable && (await recordCancellation(this.shipments, now, reason, at, audit(now)));
      if (!cancelled) {
        await this.intents.transition(intent, ['pending'], 'completed', this.clock.now()).catch(() => undefined);
        throw new DomainError('E_CANCEL_NOT_ALLOWED', { status: now.status });
      }
    }
    await this.intents.transition(intent, ['pending'], 'completed', this.clock.now()).catch(() => undefined);
    return cancellationView(shipment.id, shipment.trackingNumber, at);
  }
}

/** The shipment cancels itself (CANCELLED, its history step and domain event), saved if it is still where it was read. */
export function recordCancellation(
  shipments: ShipmentRepositoryPort,
  shipment: ShipmentRecord,
  reason: string | null,
  at: Date,
  audit?: AuditEntry,
): Promise<boolean> {
  const cancelled = Shipment.restore(shipment);
  cancelled.cancel(reason, at);
  return shipments.markCancelled(cancelled, shipment.status, audit);
}

export function cancellationView(id: string, trackingNumber: string, at: Date): CancellationView {
  return {
    id,
    tracking_number: trackingNumber,
    status: 'CANCELLED',
    status_ar: STATUS_LABELS.CANCELLED.ar,
    status_en: STATUS_LABELS.CANCELLED.en,
    cancelled_at: at.toISOString(),
  };
}
