import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  AddressProps,
  assertNationalAddress,
  DomainError,
  eventKindsForStatusChange,
  Money,
  shipmentWarnings,
  ValidationError,
} from '@lgw/domain';
import { CARRIER_REGISTRY, carrierAdapter, CarrierBooking, CarrierRegistryPort } from '../../ports/carrier.port';
import { QUOTE_REPOSITORY, QuoteRepositoryPort, StoredQuote } from '../../ports/quote.repository.port';
import { CARRIER_CATALOGUE, CarrierCataloguePort } from '../../ports/rating-sources.port';
import { CLOCK, ClockPort } from '../../ports/clock.port';
import { SHIPMENT_REPOSITORY, ShipmentRepositoryPort } from '../../ports/shipment.repository.port';
import { parcelsFingerprint } from '../../rating/parcels-fingerprint';
import { gatewayEvent, OutboxEventDraft, ShipmentRecord } from '../shipment.record';
import { toShipmentView, ShipmentView } from '../shipment.view';
import { CreateShipmentCommand } from './create-shipment.command';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Books a quote with its carrier. Order matters for "nothing half-created":
 * 1. claim the quote (atomic; a second request for it stops here),
 * 2. book with the carrier (no transaction held open across the network call),
 * 3. write shipment + CREATED event + domain events in one transaction.
 * A carrier failure gives the quote back. A local write failure after the carrier
 * confirmed cancels the carrier booking (compensation, docs/adr/0005-booking-consistency.md).
 */
@Injectable()
export class CreateShipmentUseCase {
  private readonly logger = new Logger('CreateShipment');

  constructor(
    @Inject(QUOTE_REPOSITORY) private readonly quotes: QuoteRepositoryPort,
    @Inject(SHIPMENT_REPOSITORY) private readonly shipments: ShipmentRepositoryPort,
    @Inject(CARRIER_REGISTRY) private readonly carriers: CarrierRegistryPort,
    @Inject(CARRIER_CATALOGUE) private readonly catalogue: CarrierCataloguePort,
    @Inject(CLOCK) private readonly clock: ClockPort,
  ) {}

  async execute(command: CreateShipmentCommand): Promise<ShipmentView> {
    const { origin, destination } = command;
    assertNationalAddress(destination);

    const now = this.clock.now();
    const quote =
      (await this.quotes.claim({
        teamId: command.teamId,
        quoteId: command.quoteId,
        originCountry: origin.country,
        destinationCountry: destination.country,
        parcelsFingerprint: parcelsFingerprint(command.parcels),
        now,
      })) ?? (await this.refusal(command, origin, destination, now));

    const shipmentId = randomUUID();
    let booking: CarrierBooking;
    try {
      booking = await carrierAdapter(this.carriers, quote.carrierCode).book({
        shipmentId,
        serviceCode: quote.serviceCode,
        origin,
        destination,
        parcels: command.parcels,
        declaredValueHalalas: halalas(command.declaredValue),
        codAmountHalalas: halalas(command.codAmount),
        reference: command.reference,
      });
    } catch (error) {
      await this.quotes.release(command.teamId, quote.id);
      throw error;
    }

    const draft = this.buildRecord(shipmentId, quote, booking, origin, destination, command, now);
    const created = gatewayEvent(shipmentId, 'CREATED', now, origin.city);
    const outbox: OutboxEventDraft[] = [
      {
        teamId: draft.teamId,
        aggregateId: draft.id,
        type: 'shipment.created',
        payload: { shipment_id: draft.id, status: 'CREATED', kinds: eventKindsForStatusChange(undefined, 'CREATED') },
      },
    ];
    let serviceReference: string;
    try {
      serviceReference = await this.shipments.insertBooked(draft, created, outbox);
    } catch (error) {
      await this.compensate(draft, booking, error);
      throw error;
    }
    return toShipmentView({ ...draft, serviceReference }, this.catalogue.find(draft.carrierCode));
  }

  /** The claim failed: say why, in the order a caller would fix things. */
  private async refusal(
    command: CreateShipmentCommand,
    origin: AddressProps,
    destination: AddressProps,
    now: Date,
  ): Promise<never> {
    const quote = await this.quotes.findForTeam(command.teamId, command.quoteId);
    if (!quote) throw new ValidationError('quote_id', 'must be a quote_id returned by POST /rates for this team');
    if (quote.usedAt) throw new DomainError('E_QUOTE_ALREADY_USED');
    if (quote.expiresAt.getTime() <= now.getTime()) throw new DomainError('E_QUOTE_EXPIRED');
    assertMatchesQuote(quote, origin, destination, command);
    // Matched on re-read: it was used or expired between the two statements.
    throw new DomainError('E_QUOTE_ALREADY_USED');
  }

  private buildRecord(
    id: string,
    quote: StoredQuote,
    booking: CarrierBooking,
    origin: AddressProps,
    destination: AddressProps,
    command: CreateShipmentCommand,
    now: Date,
  ): Omit<ShipmentRecord, 'serviceReference'> {
    const service = this.catalogue.find(quote.carrierCode)?.service_levels.find((s) => s.code === quote.serviceCode);
    const transitMaxDays = service?.transit_days.max ?? 0;
    return {
      id,
      teamId: command.teamId,
      quoteId: quote.id,
      carrierCode: quote.carrierCode,
      serviceCode: quote.serviceCode,
      trackingNumber: booking.trackingNumber,
      carrierReference: booking.carrierReference,
      status: 'CREATED',
      progress: 'CREATED',
      lastEventAt: now,
      lane: quote.lane,
      origin,
      destination,
      parcels: command.parcels,
      chargeableKg: quote.chargeableKg,
      declaredValueHalalas: halalas(command.declaredValue) ?? null,
      incoterm: command.incoterm ?? null,
      hsCodes: command.hsCodes ?? [],
      codAmountHalalas: halalas(command.codAmount) ?? null,
      reference: command.reference ?? null,
      quotedTotalHalalas: quote.totalHalalas,
      quotedLines: {
        base: quote.baseHalalas,
        weight_charge: quote.weightChargeHalalas,
        fuel_surcharge: quote.fuelSurchargeHalalas,
        vat: quote.vatHalalas,
      },
      warnings: shipmentWarnings({
        lane: quote.lane,
        origin,
        destination,
        hs_codes: command.hsCodes,
        declared_value: command.declaredValue,
        quoteExpiresAt: quote.expiresAt,
        now,
      }),
      estimatedDeliveryAt: new Date(now.getTime() + transitMaxDays * DAY_MS),
      createdAt: now,
      updatedAt: now,
      cancelledAt: null,
      cancelReason: null,
    };
  }

  /** The carrier holds a booking we could not record: undo it there and free the quote. */
  private async compensate(record: Omit<ShipmentRecord, 'serviceReference'>, booking: CarrierBooking, cause: unknown): Promise<void> {
    this.logger.error(
      `local write failed after carrier ${record.carrierCode} booked ${booking.trackingNumber}; cancelling it: ${String(cause)}`,
    );
    const adapter = carrierAdapter(this.carriers, record.carrierCode);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      try {
        await adapter.cancel(booking.trackingNumber);
        break;
      } catch (error) {
        if (attempt === 3) {
          // Nothing more can be done in-request: leave an operator-readable trace.
          this.logger.error(
            `COMPENSATION_FAILED carrier=${record.carrierCode} tracking_number=${booking.trackingNumber} shipment=${record.id}: ${String(error)}`,
          );
        }
      }
    }
    if (record.quoteId) await this.quotes.release(record.teamId, record.quoteId).catch(() => undefined);
  }
}

function halalas(sar: number | undefined): number | undefined {
  return sar === undefined ? undefined : Money.fromSar(sar).halalas;
}

/** A quote prices one lane and one set of parcels; booking must present the same. */
function assertMatchesQuote(
  quote: StoredQuote,
  origin: AddressProps,
  destination: AddressProps,
  command: CreateShipmentCommand,
): void {
  if (origin.country !== quote.originCountry) {
    throw new ValidationError('origin.country', `must match the quote (${quote.originCountry})`);
  }
  if (destination.country !== quote.destinationCountry) {
    throw new ValidationError('destination.country', `must match the quote (${quote.destinationCountry})`);
  }
  if (parcelsFingerprint(command.parcels) !== quote.parcelsFingerprint) {
    throw new ValidationError('parcels', 'must match the parcels of the quote');
  }
}
