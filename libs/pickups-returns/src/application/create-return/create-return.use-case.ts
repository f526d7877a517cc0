import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { classifyLane, rateParcels } from '@lgw/rating';
import {
  ParcelProps,
  DomainError,
  CARRIER_INTENTS,
  CarrierIntentStorePort,
  IdempotencyRef,
  CarrierRejectedError,
  CLOCK,
  ClockPort,
  RESOURCE_LINKS,
  ResourceLinksPort,
  rateCardForLane,
} from '@lgw/kernel';
import { CarrierConnectionResolver, CARRIER_CATALOGUE, CarrierCataloguePort, RATE_CARDS, RateCardSourcePort } from '@lgw/carrier-access';
import {
  Shipment,
  shipmentWarnings,
  SHIPMENT_REPOSITORY,
  ShipmentRepositoryPort,
  shipmentOfTeam,
  ShipmentView,
  toShipmentView,
  newTrackingToken,
} from '@lgw/shipping';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface CreateReturnCommand {
  readonly teamId: string;
  readonly shipmentId: string;
  readonly reason?: string;
  /** The parcels going back; the original's when absent. */
  readonly parcels?: readonly ParcelProps[];
  /** The Idempotency-Key the request runs under, named on the carrier intent so a retry can settle it; none when absent. */
  readonly idempotencyKey?: IdempotencyRef | null;
}

/**
 * A customer sends a delivered shipment back (docs/api.md, returns): a new shipment with origin
 * and destination swapped, on the carrier's return service, priced from its rate card, booked
 * like any shipment (carrier intent first, ADR 0013), with its own label and tracking. At most
 * one live return per original (a partial unique index decides races); a cancelled return
 * frees the original for another.
 */
@Injectable()
export class CreateReturnUseCase {
  constructor(
    @Inject(SHIPMENT_REPOSITORY) private readonly shipments: ShipmentRepositoryPort,
    private readonly connections: CarrierConnectionResolver,
    @Inject(CARRIER_CATALOGUE) private readonly catalogue: CarrierCataloguePort,
    @Inject(RATE_CARDS) private readonly rateCards: RateCardSourcePort,
    @Inject(CLOCK) private readonly clock: ClockPort,
    @Inject(CARRIER_INTENTS) private readonly intents: CarrierIntentStorePort,
    @Inject(RESOURCE_LINKS) private readonly links: ResourceLinksPort,
  ) {}

  async execute(command: CreateReturnCommand): Promise<ShipmentView> {
    const original = await shipmentOfTeam(this.shipments, command.teamId, command.shipmentId);
    Shipment.restore(original).assertReturnable();
    const carrier = this.catalogue.find(original.carrierCode);
    const lane = classifyLane(original.destination.country, original.origin.country);
    const service = carrier?.service_levels.find((s) => carrier.capabilities.returns?.services.includes(s.code) && s.lanes.includes(lane));
    const card = service ? this.rateCards.get(service.code) : undefined;
    if (!carrier || !service || !card) {
      throw new DomainError('E_VALIDATION', {
        field: 'carrier',
        reason: `the carrier ${original.carrierCode} does not take returns on this lane`,
        reason_ar: 'شركة الشحن لا تقبل المرتجعات على هذا المسار',
      });
    }
    const existing = await this.liveReturn(command.teamId, original.id);
    if (existing) throw new DomainError('E_RETURN_NOT_ALLOWED', { return_id: existing });

    const now = this.clock.now();
    const parcels = command.parcels ?? original.parcels;
    const rated = rateParcels(rateCardForLane(card, lane), parcels);
    const line = (code: string) => rated.lines.find((l) => l.code === code)?.amount.halalas ?? 0;
    const draft = Shipment.book({
      id: randomUUID(),
      teamId: command.teamId,
      quoteId: null,
      carrierCode: original.carrierCode,
      serviceCode: service.code,
      transitMaxDays: service.transit_days.max,
      trackingToken: newTrackingToken(),
      lane,
      origin: original.destination,
      destination: original.origin,
      parcels,
      chargeableKg: rated.weights.chargeable_kg,
      declaredValueHalalas: original.declaredValueHalalas,
      incoterm: original.incoterm,
      hsCodes: original.hsCodes,
      reference: command.reason ? `RETURN: ${command.reason}`.slice(0, 100) : original.reference,
      price: {
        totalHalalas: rated.total.halalas,
        lines: { base: line('base'), weight_charge: line('weight_charge'), fuel_surcharge: line('fuel_surcharge'), vat: line('vat') },
      },
      warnings: shipmentWarnings({
        lane,
        origin: original.destination,
        destination: original.origin,
        hs_codes: original.hsCodes,
        declared_value: original.declaredValueHalalas === null ? null : original.declaredValueHalalas / 100,
        // Priced now, not from a quote: nothing can expire.
        quoteExpiresAt: new Date(now.getTime() + DAY_MS),
        now,
      }),
      returnOf: original.id,
      // The parcel comes back on the account it went out on: the merchant's contract, not the platform's.
      connectionId: await this.connections.bookedConnectionId(command.teamId, original),
      bookedAt: now,
    }).draft();
    const intent = randomUUID();
    await this.intents.record({
      id: intent,
      kind: 'book',
      teamId: draft.teamId,
      shipmentId: draft.id,
      carrierCode: draft.carrierCode,
      quoteId: null,
      payload: { shipment: draft },
      idempotency: command.idempotencyKey ?? null,
      createdAt: now,
    });
    const adapter = await this.connections.forShipment(draft.teamId, draft);
    let booked: Shipment;
    try {
      const booking = await adapter.book({
        shipmentId: draft.id,
        serviceCode: draft.serviceCode,
        origin: draft.origin,
        destination: draft.destination,
        parcels,
        declaredValueHalalas: draft.declaredValueHalalas ?? undefined,
        reference: draft.reference ?? undefined,
        returnOf: original.id,
      });
      booked = Shipment.restore(draft).confirmBooking(booking);
    } catch (error) {
      const settled = error instanceof CarrierRejectedError ? 'abandoned' : 'compensating';
      await this.intents.transition(intent, ['pending'], settled, this.clock.now()).catch(() => undefined);
      throw error;
    }
    let serviceReference: string;
    try {
      serviceReference = await this.shipments.insertBooked(booked);
    } catch (error) {
      // Another return of the same original was recorded meanwhile: undo this one at the carrier.
      await this.intents.transition(intent, ['pending'], 'compensating', this.clock.now()).catch(() => undefined);
      await adapter
        .cancel(booked.state.trackingNumber)
        .then(() => this.intents.transition(intent, ['compensating'], 'abandoned', this.clock.now()))
        .catch(() => undefined);
      const raced = await this.liveReturn(command.teamId, original.id);
      if (raced) throw new DomainError('E_RETURN_NOT_ALLOWED', { return_id: raced });
      throw error;
    }
    await this.intents.transition(intent, ['pending'], 'completed', this.clock.now()).catch(() => undefined);
    return toShipmentView({ ...booked.draft(), serviceReference }, carrier, this.links);
  }

  /** The id of the original's return that is not cancelled, if any. */
  private async liveReturn(teamId: string, originalId: string): Promise<string | null> {
    return (await this.shipments.liveReturnOf(teamId, originalId)) ?? null;
  }
}
