import {
  CarrierRejectedError,
  DomainError,
  ShipmentStatus,
  CARRIER_INTENTS,
  CarrierIntentStorePort,
  CLOCK,
  ClockPort,
  faultPoint,
  canSchedulePickup,
  checkPickupSlot,
  PICKUP_SCHEDULABLE_STATUSES,
  PickupProblem,
} from '@lgw/kernel';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  CARRIER_REGISTRY,
  carriersFor,
  CarrierRegistryPort,
  CARRIER_CATALOGUE,
  CarrierCataloguePort,
  CarrierConnectionResolver,
} from '@lgw/carrier-access';

import { PICKUP_REPOSITORY, PickupRepositoryPort } from '../ports/pickup.repository.port';
import { SHIPMENT_REPOSITORY, ShipmentRepositoryPort, ShipmentRecord } from '@lgw/shipping';
import { pickupMove, PickupRecord, PickupView, toPickupView } from '../pickup.record';
import { SchedulePickupCommand } from './schedule-pickup.command';

/** Every problem listed, the first one named in field/reason (docs/api.md, validation errors). */
export function pickupValidationError(problems: readonly PickupProblem[]): DomainError {
  const [first] = problems;
  return new DomainError('E_VALIDATION', {
    field: first.field,
    reason: first.reason,
    reason_ar: first.reason_ar,
    errors: problems.map((p) => ({ field: p.field, reason: p.reason, reason_ar: p.reason_ar })),
  });
}

/** Why a shipment cannot join a collection, or null when it can. */
function shipmentProblem(field: string, shipment: ShipmentRecord | null, carrier: string): PickupProblem | null {
  if (!shipment) return { field, reason: 'shipment not found', reason_ar: 'الشحنة غير موجودة' };
  if (shipment.carrierCode !== carrier) {
    return { field, reason: `shipment belongs to another carrier (${shipment.carrierCode})`, reason_ar: 'الشحنة تخص شركة شحن أخرى' };
  }
  const status: ShipmentStatus = shipment.status;
  if (canSchedulePickup(status)) return null;
  if (status === 'CANCELLED') return { field, reason: 'shipment is cancelled', reason_ar: 'الشحنة ملغاة' };
  if (status === 'PICKUP_SCHEDULED') {
    return { field, reason: 'shipment is already in another scheduled pickup', reason_ar: 'الشحنة مدرجة في موعد استلام آخر' };
  }
  return { field, reason: 'shipment has already been picked up', reason_ar: 'تم استلام الشحنة بالفعل' };
}

/**
 * Books a courier collection (docs/api.md, pickups): every rule is checked before the carrier
 * hears of it; the call is recorded as a carrier intent first, and the pickup row and the
 * shipments' move to PICKUP_SCHEDULED commit together only after the carrier confirmed, so a
 * carrier failure leaves nothing behind and a crash is settled by intent recovery (ADR 0013).
 */
@Injectable()
export class SchedulePickupUseCase {
  constructor(
    @Inject(PICKUP_REPOSITORY) private readonly pickups: PickupRepositoryPort,
    @Inject(SHIPMENT_REPOSITORY) private readonly shipments: ShipmentRepositoryPort,
    @Inject(CARRIER_REGISTRY) private readonly carriers: CarrierRegistryPort,
    @Inject(CARRIER_CATALOGUE) private readonly catalogue: CarrierCataloguePort,
    @Inject(CLOCK) private readonly clock: ClockPort,
    @Inject(CARRIER_INTENTS) private readonly intents: CarrierIntentStorePort,
    private readonly connections: CarrierConnectionResolver,
  ) {}

  async execute(command: SchedulePickupCommand): Promise<PickupView> {
    const now = this.clock.now();
    const schedule = this.catalogue.find(command.carrier)?.capabilities.pickups;
    const carriers = await carriersFor(this.carriers, command.teamId);
    const operations = schedule ? carriers.get(command.carrier)?.pickups : undefined;
    if (!schedule || !operations) {
      const known = this.catalogue.find(command.carrier) !== undefined;
      throw pickupValidationError([
        known
          ? { field: 'carrier', reason: 'this carrier does not offer pickups', reason_ar: 'شركة الشحن هذه لا تقدم خدمة الاستلام' }
          : { field: 'carrier', reason: 'unknown carrier', reason_ar: 'شركة شحن غير معروفة' },
      ]);
    }
    const problems = checkPickupSlot(command.pickupDate, command.window, schedule, now);
    const shipments: ShipmentRecord[] = [];
    for (const [index, id] of command.shipmentIds.entries()) {
      const field = `shipment_ids.${index}`;
      if (command.shipmentIds.indexOf(id) !== index) {
        problems.push({ field, reason: 'shipment listed twice', reason_ar: 'الشحنة مدرجة مرتين' });
        continue;
      }
      const shipment = await this.shipments.findForTeam(command.teamId, id);
      const problem = shipmentProblem(field, shipment, command.carrier);
      if (problem) problems.push(problem);
      else if (shipment) shipments.push(shipment);
    }
    if (problems.length > 0) throw pickupValidationError(problems);
    // The collection is asked on the account the shipments were booked on (their connection), as their cancel is.
    const booked = (await this.connections.forShipment(command.teamId, shipments[0])).pickups ?? operations;

    const pickup: PickupRecord = {
      id: randomUUID(),
      teamId: command.teamId,
      carrierCode: command.carrier,
      status: 'SCHEDULED',
      confirmationNumber: '',
      pickupDate: command.pickupDate,
      window: { from: command.window.from, to: command.window.to },
      address: command.address ?? shipments[0].origin,
      shipmentIds: shipments.map((s) => s.id),
      createdAt: now,
      updatedAt: now,
      cancelledAt: null,
    };
    const draft = { pickup, shipments: shipments.map((s) => ({ id: s.id, status: s.status, trackingNumber: s.trackingNumber })) };
    const intent = randomUUID();
    await this.intents.record({
      id: intent,
      kind: 'schedule_pickup',
      teamId: command.teamId,
      // The carrier knows the collection by the pickup id.
      shipmentId: pickup.id,
      carrierCode: command.carrier,
      payload: draft,
      idempotency: command.idempotencyKey ?? null,
      createdAt: now,
    });
    faultPoint('pickup.before-carrier-call');
    let confirmationNumber: string;
    try {
      ({ confirmationNumber } = await booked.schedulePickup({
        reference: pickup.id,
        date: pickup.pickupDate,
        window: pickup.window,
        address: pickup.address,
        trackingNumbers: shipments.map((s) => s.trackingNumber),
        parcelCount: shipments.reduce((sum, s) => sum + s.parcels.length, 0),
      }));
    } catch (error) {
      // Refused: nothing booked. Unknown (timeout): recovery cancels whatever the carrier did.
      const settled = error instanceof CarrierRejectedError ? 'abandoned' : 'compensating';
      await this.intents.transition(intent, ['pending'], settled, this.clock.now()).catch(() => undefined);
      if (error instanceof CarrierRejectedError) {
        throw pickupValidationError([
          {
            field: 'shipment_ids',
            reason: `the carrier refused the pickup: ${error.carrierMessage}`,
            reason_ar: 'رفضت شركة الشحن طلب الاستلام',
          },
        ]);
      }
      throw error;
    }
    faultPoint('pickup.after-carrier-call');

    const outcome = await commitPickup(this.pickups, { ...draft, pickup: { ...pickup, confirmationNumber } }, this.clock.now());
    if (outcome === 'shipments_moved') {
      // A shipment moved while the carrier was booking (cancelled, or scanned): undo the collection.
      await this.intents.transition(intent, ['pending'], 'compensating', this.clock.now()).catch(() => undefined);
      await booked
        .cancelPickup(confirmationNumber, pickup.id)
        .then(() => this.intents.transition(intent, ['compensating'], 'abandoned', this.clock.now()))
        .catch(() => undefined);
      throw pickupValidationError([
        { field: 'shipment_ids', reason: 'a shipment changed status meanwhile', reason_ar: 'تغيرت حالة إحدى الشحنات أثناء الطلب' },
      ]);
    }
    await this.intents.transition(intent, ['pending'], 'completed', this.clock.now()).catch(() => undefined);
    const stored = await this.pickups.findForTeam(command.teamId, pickup.id);
    return toPickupView(stored ?? { ...pickup, confirmationNumber });
  }
}

/** What a schedule_pickup intent carries: the pickup to record and the shipments as they were read. */
export interface PickupDraft {
  readonly pickup: PickupRecord;
  readonly shipments: ReadonlyArray<{ readonly id: string; readonly status: ShipmentStatus; readonly trackingNumber: string }>;
}

/** The pickup row and its shipments' moves, at once (also how recovery completes a booking). */
export function commitPickup(pickups: PickupRepositoryPort, draft: PickupDraft, at: Date) {
  const moves = draft.shipments.map((s) =>
    pickupMove({ id: s.id }, s.status, 'PICKUP_SCHEDULED', draft.pickup.id, at, PICKUP_SCHEDULABLE_STATUSES),
  );
  return pickups.insertScheduled({ ...draft.pickup, updatedAt: at }, moves);
}

/** A draft revived from an intent's JSON payload (dates come back as strings). */
export function revivePickupDraft(payload: Record<string, unknown>): PickupDraft {
  const draft = payload as unknown as PickupDraft;
  const p = draft.pickup;
  return {
    shipments: draft.shipments,
    pickup: { ...p, createdAt: new Date(p.createdAt), updatedAt: new Date(p.updatedAt), cancelledAt: null },
  };
}
