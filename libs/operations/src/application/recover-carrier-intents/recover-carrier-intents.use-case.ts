import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  AddressProps,
  isTerminal,
  CARRIER_INTENTS,
  CarrierIntent,
  CarrierIntentStorePort,
  IdempotencyRef,
  IntentRecoveryPort,
  UNRESOLVED_INTENT_STATES,
  IDEMPOTENCY_STORE,
  IdempotencyStorePort,
  CLOCK,
  ClockPort,
  DEFAULT_INTENT_RECOVERY_AFTER_MS,
  GATEWAY_SETTINGS,
  GatewaySettings,
  RESOURCE_LINKS,
  ResourceLinksPort,
  SYSTEM_AUDIT_SOURCE,
  ShipmentWarning,
} from '@lgw/kernel';
import {
  CARRIER_REGISTRY,
  CarrierRegistryPort,
  CarrierConnectionResolver,
  CARRIER_CATALOGUE,
  CarrierCataloguePort,
} from '@lgw/carrier-access';
import { QUOTE_REPOSITORY, QuoteRepositoryPort } from '@lgw/rating';
import {
  SHIPMENT_DESTINATION_WRITER,
  ShipmentDestinationWriterPort,
  SHIPMENT_REPOSITORY,
  ShipmentRepositoryPort,
  reviveBookingDraft,
  Shipment,
  cancellationView,
  recordCancellation,
  ShipmentRecord,
  ShipmentView,
  toShipmentView,
  sameAddress,
  writeDestination,
} from '@lgw/shipping';
import { PICKUP_REPOSITORY, PickupRepositoryPort, settlePickupIntent } from '@lgw/pickups-returns';

/** Intents settled per run: a backlog drains over a few runs instead of one long one. */
const BATCH = 50;

export interface RecoveryReport {
  readonly completed: number;
  readonly abandoned: number;
  readonly unresolved: number;
}

type Outcome = 'completed' | 'abandoned' | 'unresolved';

/**
 * Settles carrier intents whose request died (docs/adr/0013-carrier-intents.md): asks the
 * carrier by the gateway's reference, then completes the step in the gateway or undoes it at
 * the carrier, so that carrier and gateway agree. Run by the worker for intents older than a
 * bound, and for one Idempotency-Key when its retry finds the request's lease expired.
 */
@Injectable()
export class RecoverCarrierIntentsUseCase implements IntentRecoveryPort {
  private readonly logger = new Logger('CarrierIntentRecovery');
  /**
   * Also how long one recoverer holds an intent: one that has not finished by then (its
   * process died mid-way) is presumed gone. Every settling step is safe to repeat.
   */
  private readonly recoverAfterMs: number;

  constructor(
    @Inject(CARRIER_INTENTS) private readonly intents: CarrierIntentStorePort,
    @Inject(SHIPMENT_REPOSITORY) private readonly shipments: ShipmentRepositoryPort,
    @Inject(SHIPMENT_DESTINATION_WRITER) private readonly destinations: ShipmentDestinationWriterPort,
    @Inject(QUOTE_REPOSITORY) private readonly quotes: QuoteRepositoryPort,
    @Inject(IDEMPOTENCY_STORE) private readonly keys: IdempotencyStorePort,
    @Inject(CARRIER_REGISTRY) private readonly carriers: CarrierRegistryPort,
    @Inject(CARRIER_CATALOGUE) private readonly catalogue: CarrierCataloguePort,
    @Inject(CLOCK) private readonly clock: ClockPort,
    @Inject(PICKUP_REPOSITORY) private readonly pickups: PickupRepositoryPort,
    @Inject(RESOURCE_LINKS) private readonly links: ResourceLinksPort,
    @Inject(GATEWAY_SETTINGS) settings: GatewaySettings,
    private readonly connections: CarrierConnectionResolver,
  ) {
    this.recoverAfterMs = settings.intentRecoveryAfterMs ?? DEFAULT_INTENT_RECOVERY_AFTER_MS;
  }

  /** Every unresolved intent older than the bound (a live request finishes well within it). */
  async execute(): Promise<RecoveryReport> {
    const now = this.clock.now();
    const due = await this.intents.claimUnresolved(new Date(now.getTime() - this.recoverAfterMs), now, this.recoverAfterMs, BATCH);
    const counts = { completed: 0, abandoned: 0, unresolved: 0 };
    for (const intent of due) counts[await this.settle(intent)]++;
    if (due.length > 0) this.logger.log({ event: 'carrier_intents.recovered', ...counts });
    return counts;
  }

  async settleForKey(teamId: string, key: IdempotencyRef): Promise<boolean> {
    const { claimed, heldElsewhere } = await this.intents.claimForKey(teamId, key, this.clock.now(), this.recoverAfterMs);
    let settled = !heldElsewhere;
    for (const intent of claimed) if ((await this.settle(intent)) === 'unresolved') settled = false;
    if (settled) await this.keepBookedAnswer(teamId, key);
    return settled;
  }

  /**
   * A booking closes its intent with its own commit; the request's answer is kept a moment later.
   * A process that died in between left a key without its answer: it is the booked shipment, kept
   * for the retry to replay, which would otherwise run again against the quote already used.
   */
  private async keepBookedAnswer(teamId: string, key: IdempotencyRef): Promise<void> {
    const shipmentId = await this.intents.bookedUnderKey(teamId, key);
    const shipment = shipmentId ? await this.shipments.findForTeam(teamId, shipmentId) : null;
    if (shipment) await this.keys.complete(teamId, key.scope, key.key, { outcome: null, body: this.shipmentView(shipment) });
  }

  private async settle(intent: CarrierIntent): Promise<Outcome> {
    try {
      switch (intent.kind) {
        case 'book':
          return await this.settleBooking(intent);
        case 'cancel':
          return await this.settleCancel(intent);
        case 'update_destination':
          return await this.settleDestination(intent);
        case 'schedule_pickup': {
          const settled = await settlePickupIntent(intent, this.pickups, this.carriers, () => this.clock.now());
          const view = settled.view;
          return await this.finish(intent, settled.state, view ? () => view : undefined);
        }
        default:
          return await this.finish(intent, 'abandoned');
      }
    } catch (error) {
      // Typically the carrier cannot be asked right now: the next run tries again.
      this.logger.warn(`intent ${intent.id} (${intent.kind}, ${intent.carrierCode}) not settled yet: ${String(error)}`);
      await this.intents.transition(intent.id, [intent.state], intent.state, this.clock.now()).catch(() => undefined);
      return 'unresolved';
    }
  }

  /**
   * pending: nobody answered the client, so a booking the carrier holds is completed here.
   * compensating: the client was told it failed (and has the quote back), so it is cancelled.
   */
  private async settleBooking(intent: CarrierIntent): Promise<Outcome> {
    const recorded = await this.shipments.findForTeam(intent.teamId, intent.shipmentId);
    if (recorded) return this.finish(intent, 'completed', () => this.shipmentView(recorded));

    const draft = reviveBookingDraft(intent.payload.shipment);
    // Asked on the account the quote booked on (docs/adr/0065): the booking is there if anywhere.
    const adapter = await this.connections.forShipment(intent.teamId, draft);
    const found = await adapter.findBookingByReference(intent.shipmentId);
    if (found && !found.cancelled && intent.state === 'pending') {
      try {
        await this.shipments.insertBooked(Shipment.restore(draft).confirmBooking(found));
      } catch (error) {
        const raced = await this.shipments.findForTeam(intent.teamId, intent.shipmentId);
        if (raced) return this.finish(intent, 'completed', () => this.shipmentView(raced));
        this.logger.error(
          `booking ${found.trackingNumber} found at ${intent.carrierCode} cannot be recorded; cancelling it: ${String(error)}`,
        );
        await this.intents.transition(intent.id, ['pending'], 'compensating', this.clock.now());
        await adapter.cancel(found.trackingNumber);
        if (draft.quoteId) await this.quotes.release(intent.teamId, draft.quoteId);
        return this.finish(intent, 'abandoned', undefined, ['compensating']);
      }
      const stored = await this.shipments.findForTeam(intent.teamId, intent.shipmentId);
      return this.finish(intent, 'completed', stored ? () => this.shipmentView(stored) : undefined);
    }
    if (found && !found.cancelled) await adapter.cancel(found.trackingNumber);
    // Nothing booked (or undone): the quote books again, unless the client already has it back.
    if (intent.state === 'pending' && draft.quoteId) await this.quotes.release(intent.teamId, draft.quoteId);
    return this.finish(intent, 'abandoned');
  }

  /** The carrier's word decides: cancelled there means cancelled here; otherwise nothing happened. */
  private async settleCancel(intent: CarrierIntent): Promise<Outcome> {
    const shipment = await this.shipments.findForTeam(intent.teamId, intent.shipmentId);
    if (!shipment) return this.finish(intent, 'abandoned');
    if (shipment.status === 'CANCELLED' && shipment.cancelledAt) {
      const at = shipment.cancelledAt;
      return this.finish(intent, 'completed', () => cancellationView(shipment.id, shipment.trackingNumber, at));
    }
    const found = await (await this.connections.forShipment(intent.teamId, shipment)).findBookingByReference(shipment.id);
    if (!found?.cancelled) return this.finish(intent, 'abandoned');
    const at = this.clock.now();
    const reason = typeof intent.payload.reason === 'string' ? intent.payload.reason : null;
    // The request that began it died before recording it: the gateway records it now, as itself.
    const audit = {
      teamId: shipment.teamId,
      action: 'shipment.cancelled',
      target: { type: 'shipment', id: shipment.id },
      changes: { status: { from: shipment.status, to: 'CANCELLED' }, reason, recovered: true },
      source: SYSTEM_AUDIT_SOURCE,
    };
    if (!(await recordCancellation(this.shipments, shipment, reason, at, audit))) return 'unresolved';
    return this.finish(intent, 'completed', () => cancellationView(shipment.id, shipment.trackingNumber, at));
  }

  /** Sent again (carriers take the same address twice as one change), then recorded. */
  private async settleDestination(intent: CarrierIntent): Promise<Outcome> {
    const shipment = await this.shipments.findForTeam(intent.teamId, intent.shipmentId);
    const destination = intent.payload.destination as AddressProps;
    const expected = intent.payload.expected as AddressProps;
    if (!shipment || isTerminal(shipment.status)) return this.finish(intent, 'abandoned');
    if (sameAddress(shipment.destination, destination)) return this.finish(intent, 'completed', () => this.shipmentView(shipment));
    // Another change was recorded since: it was sent to the carrier after this one, so it stands.
    if (!sameAddress(shipment.destination, expected)) return this.finish(intent, 'abandoned');
    await (await this.connections.forShipment(intent.teamId, shipment)).updateDestination(shipment.trackingNumber, destination);
    const addressWarnings = Array.isArray(intent.payload.address_warnings)
      ? (intent.payload.address_warnings as ShipmentWarning[])
      : undefined;
    const updated = await writeDestination(this.destinations, shipment, destination, this.clock.now(), addressWarnings, {
      teamId: shipment.teamId,
      action: 'shipment.destination_changed',
      target: { type: 'shipment', id: shipment.id },
      changes: { city: { from: expected.city ?? null, to: destination.city ?? null }, recovered: true },
      source: SYSTEM_AUDIT_SOURCE,
    });
    if (!updated) return 'unresolved';
    return this.finish(intent, 'completed', () => this.shipmentView(updated));
  }

  private shipmentView(shipment: ShipmentRecord): ShipmentView {
    return toShipmentView(shipment, this.catalogue.find(shipment.carrierCode), this.links);
  }

  /**
   * Settles the intent's Idempotency-Key (the view for a retry to replay, or the key freed so
   * the retry runs the request afresh), then closes the intent. In that order: a retry that finds
   * the intent closed must also find the key settled, or it would run the request a second time
   * against a quote the recovered booking already used.
   */
  private async finish(
    intent: CarrierIntent,
    state: 'completed' | 'abandoned',
    view?: () => unknown,
    from: readonly CarrierIntent['state'][] = UNRESOLVED_INTENT_STATES,
  ): Promise<Outcome> {
    const now = this.clock.now();
    const key = intent.idempotency;
    if (key) {
      const body = state === 'completed' ? view?.() : undefined;
      // No outcome: the retry is answered the way its route answers.
      if (body !== undefined) await this.keys.complete(intent.teamId, key.scope, key.key, { outcome: null, body });
      else await this.keys.releaseExpired(intent.teamId, key.scope, key.key, now);
    }
    await this.intents.transition(intent.id, from, state, now);
    return state;
  }
}
