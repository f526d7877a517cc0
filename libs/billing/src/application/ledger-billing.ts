import { Logger } from '@nestjs/common';
import { billingPeriodOf, rateCardForLane } from '@lgw/kernel';
import { BillingLineDraft } from '../domain/billing-line';
import {
  BilledShipment,
  bookingLines,
  cancellationCredit,
  customerReturnFee,
  returnFee,
  weightAdjustment,
} from '../domain/billing-charges';
import { RateCardSourcePort } from '@lgw/carrier-access';
import { chargeWithoutVat } from './rate-card-charge';
import { BillingLedgerPort, LedgerLine } from './ports/billing-ledger.port';
import { ShipmentRepositoryPort, ShipmentRecord } from '@lgw/shipping';
import { TenantModes } from '@lgw/access';
import { RETURN_STATUSES } from './billing-event';
import { billedShipment } from './billed-shipment';
import { BillingEventCommand } from './record-billing-event/record-billing-event.command';

/**
 * Turns one domain event into ledger lines, over the ports it is given: the billing job's work
 * (RecordBillingEventUseCase) and "invoice now"'s catch-up (IssueEinvoicesUseCase) alike. Runs
 * at least once per event (outbox relay, job retries, a catch-up beside a job): the ledger's
 * unique key (shipment, cause, source event) and the per-shipment decision below make every
 * further run add nothing.
 */
export class LedgerBilling {
  private readonly logger = new Logger('RecordBillingEvent');

  constructor(
    private readonly shipments: ShipmentRepositoryPort,
    private readonly ledger: BillingLedgerPort,
    private readonly rateCards: RateCardSourcePort,
    private readonly modes: TenantModes,
  ) {}

  async record(command: BillingEventCommand): Promise<number> {
    // Test mode is never billed (docs/adr/0060): its events are acknowledged, no line written.
    if ((await this.modes.of(command.teamId)) === 'test') {
      await this.ledger.acknowledge(command.eventId);
      return 0;
    }
    const shipment = await this.shipments.findForTeam(command.teamId, command.shipmentId);
    if (!shipment) {
      this.logger.warn(`billing: event ${command.eventId} names shipment ${command.shipmentId}, which does not exist; nothing billed`);
      await this.ledger.acknowledge(command.eventId);
      return 0;
    }
    const billed = this.billedShipment(shipment);
    const recordedAt = new Date(command.recordedAt);
    const entry = (occurredAt: Date) => ({
      teamId: shipment.teamId,
      shipmentId: shipment.id,
      trackingNumber: shipment.trackingNumber,
      sourceEventId: command.eventId,
      occurredAt,
      period: billingPeriodOf(occurredAt),
    });

    switch (command.type) {
      case 'shipment.created':
        // Billed in the month it was booked, whenever the event is processed.
        // A customer return's own charge is its return fee.
        return this.ledger.record(entry(shipment.createdAt), () =>
          shipment.returnOf ? [customerReturnFee(billed)] : bookingLines(billed),
        );
      case 'shipment.cancelled':
        return this.ledger.record(entry(shipment.cancelledAt ?? recordedAt), (existing) =>
          has(existing, 'cancellation_credit') ? [] : [cancellationCredit(billed)],
        );
      // Carrier news bills when the gateway learns it: a late event never reopens a closed month.
      case 'shipment.weighed':
        return this.ledger.record(entry(recordedAt), (existing) => this.weightLines(shipment, command.payload, existing));
      case 'shipment.status_changed':
        return this.ledger.record(entry(recordedAt), (existing) =>
          RETURN_STATUSES.includes(String(command.payload.status)) && !has(existing, 'return_fee') ? [returnFee(billed)] : [],
        );
      default:
        await this.ledger.acknowledge(command.eventId);
        return 0;
    }
  }

  private weightLines(shipment: ShipmentRecord, payload: Record<string, unknown>, existing: readonly LedgerLine[]): BillingLineDraft[] {
    const measured = payload.measured_weight_kg;
    if (typeof measured !== 'number' || !Number.isFinite(measured)) return [];
    const card = this.rateCards.get(shipment.serviceCode);
    if (!card) {
      // Throwing makes the job retry (and the sweep try again later): a missing card is an
      // operator's fix, not a free weight.
      throw new Error(`billing: no rate card for service level ${shipment.serviceCode}`);
    }
    const laneCard = rateCardForLane(card, shipment.lane);
    const line = weightAdjustment({
      trackingNumber: shipment.trackingNumber,
      priceWithoutVat: (kg) => chargeWithoutVat(laneCard, kg),
      quotedChargeableKg: shipment.chargeableKg,
      declaredKg: declaredKg(shipment),
      measuredKg: measured,
      alreadyAdjustedHalalas: existing.filter((l) => l.cause === 'weight_adjustment').reduce((n, l) => n + l.amountHalalas, 0),
    });
    return line ? [line] : [];
  }

  /** The charge comes from the price lines stored with the shipment at booking. */
  private billedShipment(shipment: ShipmentRecord): BilledShipment {
    return billedShipment(shipment, () => {
      const card = this.rateCards.get(shipment.serviceCode);
      if (!card) throw new Error(`billing: no rate card for service level ${shipment.serviceCode}`);
      return chargeWithoutVat(rateCardForLane(card, shipment.lane), shipment.chargeableKg).halalas;
    });
  }
}

function has(lines: readonly LedgerLine[], cause: LedgerLine['cause']): boolean {
  return lines.some((l) => l.cause === cause);
}

/** Sum of the declared parcel weights, in whole grams so 0.1 + 0.2 is 0.3. */
function declaredKg(shipment: ShipmentRecord): number {
  return shipment.parcels.reduce((grams, p) => grams + Math.round(p.weight_kg * 1000), 0) / 1000;
}
