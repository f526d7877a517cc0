import { Inject, Injectable } from '@nestjs/common';
import { ADDRESS_WARNING_CODES, DestinationAddressCheck } from '@lgw/addresses';
import {
  SHIPMENT_WARNING_CODES,
  ShipmentWarning,
  AddressProps,
  AddressVerificationMode,
  assertNationalAddress,
  toAddress,
  DomainError,
  isTerminal,
  TERMINAL_STATUSES,
  CARRIER_INTENTS,
  CarrierIntentStorePort,
  IdempotencyRef,
  CarrierRejectedError,
  CLOCK,
  ClockPort,
  faultPoint,
  RESOURCE_LINKS,
  ResourceLinksPort,
  AuditEntry,
  AuditSource,
  SYSTEM_AUDIT_SOURCE,
} from '@lgw/kernel';
import { shipmentWarnings } from '../../domain/shipment-warnings';
import { Shipment } from '../../domain/shipment.aggregate';
import { randomUUID } from 'node:crypto';
import { CarrierConnectionResolver, CARRIER_CATALOGUE, CarrierCataloguePort } from '@lgw/carrier-access';
import { SHIPMENT_DESTINATION_WRITER, ShipmentDestinationWriterPort } from '../ports/shipment-destination.port';
import { shipmentOfTeam } from '../shipment-of-team';
import { SHIPMENT_REPOSITORY, ShipmentRepositoryPort } from '../ports/shipment.repository.port';
import { ShipmentRecord } from '../shipment.record';
import { ShipmentView, toShipmentView } from '../shipment.view';

export interface UpdateDestinationCommand {
  readonly teamId: string;
  readonly shipmentId: string;
  /** The request body: one valid Address (judged at the edge, where errors name its own fields). */
  readonly destination: AddressProps;
  /** The team's National Address rule (docs/adr/0052); `warn` when not given. */
  readonly addressVerification?: AddressVerificationMode;
  /** The Idempotency-Key the request runs under, named on the carrier intent so a retry can settle it; none when absent. */
  readonly idempotencyKey?: IdempotencyRef | null;
  readonly source?: AuditSource;
}

/** Another request changing the same destination meanwhile: re-send ours and try again, this often. */
const MAX_ATTEMPTS = 3;

/**
 * Redirects a shipment that has not reached a final status. The carrier is told first and
 * nothing is written here if it cannot be reached; then destination and domain event are
 * written together. The country may not change: the price was computed for the booked lane.
 */
@Injectable()
export class UpdateDestinationUseCase {
  constructor(
    @Inject(SHIPMENT_REPOSITORY) private readonly shipments: ShipmentRepositoryPort,
    @Inject(CARRIER_CATALOGUE) private readonly catalogue: CarrierCataloguePort,
    @Inject(RESOURCE_LINKS) private readonly links: ResourceLinksPort,
    @Inject(SHIPMENT_DESTINATION_WRITER) private readonly writer: ShipmentDestinationWriterPort,
    @Inject(CLOCK) private readonly clock: ClockPort,
    @Inject(CARRIER_INTENTS) private readonly intents: CarrierIntentStorePort,
    private readonly addresses: DestinationAddressCheck,
    private readonly connections: CarrierConnectionResolver,
  ) {}

  async execute(command: UpdateDestinationCommand): Promise<ShipmentView> {
    const parsed = parseDestination(command.destination);
    let shipment = await shipmentOfTeam(this.shipments, command.teamId, command.shipmentId);
    Shipment.restore(shipment).assertDestinationChangeable(parsed);
    // Verified before the carrier hears of it: a refusal changes nothing anywhere (docs/adr/0052).
    const checked = await this.addresses.check(parsed, command.addressVerification ?? 'warn', '');
    const destination = checked.destination;
    const addressWarnings = [...checked.warnings];

    for (let attempt = 1; ; attempt++) {
      Shipment.restore(shipment).assertDestinationChangeable(destination);
      // Same address again (a retry, or a double click): already done, nothing to tell anyone.
      if (sameAddress(shipment.destination, destination)) return this.view(shipment);

      // Recorded before the carrier hears of it: if this process dies from here on, recovery
      // sends the same destination again and records it (ADR 0013).
      const intent = randomUUID();
      await this.intents.record({
        id: intent,
        kind: 'update_destination',
        teamId: shipment.teamId,
        shipmentId: shipment.id,
        carrierCode: shipment.carrierCode,
        payload: { expected: shipment.destination, destination, address_warnings: addressWarnings },
        idempotency: command.idempotencyKey ?? null,
        createdAt: this.clock.now(),
      });
      faultPoint('destination.before-carrier-call');
      try {
        // On the account it was booked on (docs/adr/0065).
        await (await this.connections.forShipment(shipment.teamId, shipment)).updateDestination(shipment.trackingNumber, destination);
      } catch (error) {
        if (error instanceof CarrierRejectedError) {
          await this.intents.transition(intent, ['pending'], 'abandoned', this.clock.now()).catch(() => undefined);
        }
        // Otherwise the carrier may hold the new address: the intent stays pending and recovery
        // sends it again, so carrier and gateway end up agreeing.
        throw error;
      }
      faultPoint('destination.after-carrier-call');

      const updated = await writeDestination(this.writer, shipment, destination, this.clock.now(), addressWarnings, {
        teamId: shipment.teamId,
        action: 'shipment.destination_changed',
        target: { type: 'shipment', id: shipment.id },
        changes: destinationChanges(shipment.destination, destination),
        source: command.source ?? SYSTEM_AUDIT_SOURCE,
      });
      await this.intents.transition(intent, ['pending'], updated ? 'completed' : 'abandoned', this.clock.now()).catch(() => undefined);
      if (updated) return this.view(updated);

      // Lost a race: the status became final, or another destination was written after our
      // carrier call. Re-reading and re-sending ours keeps carrier and gateway in agreement.
      shipment = await shipmentOfTeam(this.shipments, command.teamId, command.shipmentId);
      if (attempt >= MAX_ATTEMPTS && !isTerminal(shipment.status)) {
        throw new DomainError('E_DESTINATION_UPDATE_NOT_ALLOWED', {
          reason: 'the destination is being changed by another request; retry',
        });
      }
    }
  }

  private view(shipment: ShipmentRecord): ShipmentView {
    return toShipmentView(shipment, this.catalogue.find(shipment.carrierCode), this.links);
  }
}

/** The shipment takes the new destination (and records it); saved if it still has the destination the change was decided on. */
export function writeDestination(
  writer: ShipmentDestinationWriterPort,
  shipment: ShipmentRecord,
  destination: AddressProps,
  at: Date,
  addressWarnings?: readonly ShipmentWarning[],
  audit?: AuditEntry,
): Promise<ShipmentRecord | null> {
  const changed = Shipment.restore(shipment);
  changed.changeDestination(destination, withDestinationWarnings(shipment, destination, at, addressWarnings), at);
  return writer.replaceDestination({
    shipment: changed,
    expected: shipment.destination,
    refusedIn: TERMINAL_STATUSES,
    audit,
  });
}

/**
 * Which address fields changed, with the city and country before and after: enough to answer
 * "who redirected this shipment, where to" without copying a recipient's full address and phone
 * into the trail.
 */
function destinationChanges(before: AddressProps, after: AddressProps): Record<string, unknown> {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])] as Array<keyof AddressProps>;
  return {
    fields: keys.filter((k) => (before[k] ?? undefined) !== (after[k] ?? undefined)).sort(),
    city: { from: before.city ?? null, to: after.city ?? null },
    country: { from: before.country ?? null, to: after.country ?? null },
  };
}

function parseDestination(address: AddressProps): AddressProps {
  const destination = toAddress(address);
  assertNationalAddress(destination);
  return destination;
}

export function sameAddress(a: AddressProps, b: AddressProps): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof AddressProps>;
  return [...keys].every((k) => (a[k] ?? undefined) === (b[k] ?? undefined));
}

/**
 * Warnings were computed at booking; only DESTINATION_PHONE_MISSING and the National Address
 * ones depend on the destination, so only those are recomputed. The others (quote expiry,
 * customs data) describe the booking and stay as they were. Without `addressWarnings` (an
 * intent recorded before verification existed) the address warnings stay too.
 */
function withDestinationWarnings(
  shipment: ShipmentRecord,
  destination: AddressProps,
  now: Date,
  addressWarnings?: readonly ShipmentWarning[],
): ShipmentWarning[] {
  const code = 'DESTINATION_PHONE_MISSING';
  // The booking-only inputs are irrelevant here: every warning but this one is filtered out.
  const recomputed = shipmentWarnings({
    lane: shipment.lane,
    origin: shipment.origin,
    destination,
    quoteExpiresAt: new Date(8.64e15),
    now,
  }).filter((w) => w.code === code);
  const replaced = new Set<string>([code, ...(addressWarnings ? ADDRESS_WARNING_CODES : [])]);
  const kept = shipment.warnings.filter((w) => !replaced.has(w.code));
  return [...kept, ...recomputed, ...(addressWarnings ?? [])].sort(
    (x, y) => SHIPMENT_WARNING_CODES.indexOf(x.code) - SHIPMENT_WARNING_CODES.indexOf(y.code),
  );
}
