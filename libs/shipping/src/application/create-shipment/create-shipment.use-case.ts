import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  AddressProps,
  assertNationalAddress,
  DomainError,
  Money,
  ValidationError,
  CARRIER_INTENTS,
  CarrierIntent,
  CarrierIntentState,
  CarrierIntentStorePort,
  IdempotencyRef,
  CarrierRejectedError,
  faultPoint,
  DEFAULT_INTENT_RECOVERY_AFTER_MS,
  GATEWAY_SETTINGS,
  GatewaySettings,
  CLOCK,
  ClockPort,
  RESOURCE_LINKS,
  ResourceLinksPort,
} from '@lgw/kernel';
import { Shipment, BookingDraft } from '../../domain/shipment.aggregate';
import { ShipmentWarning, DestinationAddressCheck } from '@lgw/addresses';
import { shipmentWarnings } from '../../domain/shipment-warnings';
import {
  serviceLimitProblems,
  CarrierBooking,
  CarrierPort,
  CARRIER_CATALOGUE,
  CarrierCataloguePort,
  CarrierConnectionResolver,
} from '@lgw/carrier-access';
import { QUOTE_REPOSITORY, QuoteClaim, QuoteRepositoryPort, StoredQuote, parcelsFingerprint } from '@lgw/rating';
import { SHIPMENT_REPOSITORY, ShipmentRepositoryPort } from '../ports/shipment.repository.port';
import { toShipmentView, ShipmentView } from '../shipment.view';
import { CreateShipmentCommand } from './create-shipment.command';

/**
 * Books a quote with its carrier. Order matters for "nothing half-created":
 * 1. claim the quote (atomic; a second request for it stops here) and record the booking intent
 *    (docs/adr/0013-carrier-intents.md), in one statement (docs/adr/0068),
 * 2. book with the carrier under the shipment id (no transaction held open across the call),
 * 3. write shipment + CREATED event + domain events and close the intent, in one statement (under
 *    an Idempotency-Key the intent is closed with the kept answer instead).
 * A carrier failure gives the quote back. A local write failure after the carrier
 * confirmed cancels the carrier booking (compensation, docs/adr/0005-booking-consistency.md).
 */
@Injectable()
export class CreateShipmentUseCase {
  private readonly logger = new Logger('CreateShipment');
  private readonly recoverAfterMs: number;

  constructor(
    @Inject(QUOTE_REPOSITORY) private readonly quotes: QuoteRepositoryPort,
    @Inject(SHIPMENT_REPOSITORY) private readonly shipments: ShipmentRepositoryPort,
    @Inject(CARRIER_CATALOGUE) private readonly catalogue: CarrierCataloguePort,
    @Inject(CLOCK) private readonly clock: ClockPort,
    @Inject(CARRIER_INTENTS) private readonly intents: CarrierIntentStorePort,
    @Inject(RESOURCE_LINKS) private readonly links: ResourceLinksPort,
    @Inject(GATEWAY_SETTINGS) settings: GatewaySettings,
    private readonly addresses: DestinationAddressCheck,
    private readonly connections: CarrierConnectionResolver,
  ) {
    this.recoverAfterMs = settings.intentRecoveryAfterMs ?? DEFAULT_INTENT_RECOVERY_AFTER_MS;
  }

  async execute(command: CreateShipmentCommand): Promise<ShipmentView> {
    const { origin } = command;
    assertNationalAddress(command.destination);
    // Before the quote is claimed and any carrier called: a refusal leaves nothing behind (docs/adr/0052).
    const checked = await this.addresses.check(command.destination, command.addressVerification ?? 'warn', 'destination.');
    const destination = checked.destination;

    const now = this.clock.now();
    const claim = {
      teamId: command.teamId,
      quoteId: command.quoteId,
      originCountry: origin.country,
      destinationCountry: destination.country,
      parcelsFingerprint: parcelsFingerprint(command.parcels),
      now,
    };
    const idempotency = command.idempotencyKey ?? null;
    const asked: BookingAsked = { claim, command, destination, addressWarnings: checked.warnings, idempotency };
    const started = (await this.claimWithIntent(asked)) ?? (await this.claimThenRecord(asked));
    const { carrier, draft, intent } = started;
    faultPoint('booking.before-carrier-call');

    let booking: CarrierBooking;
    try {
      booking = await carrier.book({
        shipmentId: draft.id,
        serviceCode: draft.serviceCode,
        origin,
        destination,
        parcels: command.parcels,
        declaredValueHalalas: command.declaredValueHalalas,
        codAmountHalalas: draft.codAmountHalalas ?? undefined,
        reference: command.reference,
      });
    } catch (error) {
      await this.bookingFailed(intent, draft, error);
      throw error;
    }
    faultPoint('booking.after-carrier-call');

    const shipment = Shipment.restore(draft).confirmBooking(booking);
    const booked = shipment.draft();
    let serviceReference: string;
    try {
      // Without an Idempotency-Key the intent is completed by the shipment's commit (docs/adr/0068);
      // one recovery holds already (this request outlived the recovery bound) is left to recovery.
      // Under a key it stays pending until the key keeps the answer (that commit completes it): a
      // retry after this process died in between learns the outcome from the intent.
      const completes = idempotency ? undefined : { intentId: intent, at: this.clock.now() };
      serviceReference = await this.shipments.insertBooked(shipment, completes);
    } catch (error) {
      // Recovery may have recorded it already (this request outlived the recovery bound).
      const recorded = await this.shipments.findForTeam(draft.teamId, draft.id).catch(() => null);
      if (recorded) return toShipmentView(recorded, this.catalogue.find(recorded.carrierCode), this.links);
      await this.compensate(intent, booked, error, carrier);
      throw error;
    }
    faultPoint('booking.after-record');
    return toShipmentView({ ...booked, serviceReference }, this.catalogue.find(draft.carrierCode), this.links);
  }

  /**
   * The usual booking in one round trip before the carrier call: the quote is read from its id
   * (signed, docs/adr/0031), its carrier resolved, and the claim and the booking intent written by
   * one statement, durable together (docs/adr/0068). Null when this cannot decide the request
   * (a quote that does not match, another cash amount, a connection gone, a quote used already):
   * the claim-first path answers those, with the refusals in the order callers know.
   */
  private async claimWithIntent({ claim, command, destination, addressWarnings, idempotency }: BookingAsked): Promise<BookingStart | null> {
    const opened = this.quotes.open(claim);
    if (!opened || !codMatchesQuote(opened, command)) return null;
    // Nothing written yet: a parcel the level cannot carry is refused before the claim.
    this.assertWithinLimits(opened, command);
    const carrier = await this.carrierFor(command.teamId, opened).catch(() => null);
    if (!carrier) return null;
    const draft = this.draft(randomUUID(), opened, command.origin, destination, command, claim.now, addressWarnings);
    const intent = bookingIntent(draft, idempotency, claim.now);
    // Recorded before the carrier hears of it: if this process dies from here on, recovery asks
    // the carrier for the booking by the shipment id and completes or undoes it (ADR 0013).
    const quote = await this.quotes.claimWithIntent(claim, opened, intent);
    return quote ? { carrier, draft, intent: intent.id } : null;
  }

  /**
   * Claim, then record the intent (two commits): for the requests the one-statement path leaves
   * undecided, which mostly end in a refusal, and for a quote whose request died between the two.
   */
  private async claimThenRecord({ claim, command, destination, addressWarnings, idempotency }: BookingAsked): Promise<BookingStart> {
    const { now } = claim;
    const { origin } = command;
    const quote =
      (await this.quotes.claim(claim)) ?? (await this.reclaimOrphan(claim)) ?? (await this.refusal(command, origin, destination, now));
    if (!codMatchesQuote(quote, command)) {
      // The quote priced another cash amount (or none): give it back and say how to fix it.
      await this.quotes.release(command.teamId, quote.id).catch(() => undefined);
      throw codMismatch(quote);
    }
    try {
      this.assertWithinLimits(quote, command);
    } catch (error) {
      await this.quotes.release(command.teamId, quote.id).catch(() => undefined);
      throw error;
    }
    // The account the quote was priced on books it (docs/adr/0065); one removed since is refused here.
    const carrier = await this.bookingCarrier(command.teamId, quote);
    const draft = this.draft(randomUUID(), quote, origin, destination, command, now, addressWarnings);
    const intent = await this.recordIntent(draft, idempotency, now);
    return { carrier, draft, intent };
  }

  /**
   * A quote issued before its service level declared (or tightened) its weight and size limits
   * may carry a parcel the carrier now refuses: 422 naming the parcel's field, before any carrier call.
   */
  private assertWithinLimits(quote: StoredQuote, command: CreateShipmentCommand): void {
    const service = this.catalogue.find(quote.carrierCode)?.service_levels.find((s) => s.code === quote.serviceCode);
    const problems = serviceLimitProblems(service, command.parcels);
    if (problems.length > 0) throw ValidationError.of(problems);
  }

  /** The adapter of the quote's connection; the quote is given back when that connection is gone. */
  private async bookingCarrier(teamId: string, quote: StoredQuote): Promise<CarrierPort> {
    try {
      return await this.carrierFor(teamId, quote);
    } catch (error) {
      await this.quotes.release(teamId, quote.id).catch(() => undefined);
      throw error;
    }
  }

  private async carrierFor(teamId: string, quote: StoredQuote): Promise<CarrierPort> {
    return this.connections.forBooking(teamId, quote);
  }

  private async recordIntent(draft: BookingDraft, idempotency: IdempotencyRef | null, now: Date): Promise<string> {
    const intent = bookingIntent(draft, idempotency, now);
    try {
      await this.intents.record(intent);
    } catch (error) {
      if (draft.quoteId) await this.quotes.release(draft.teamId, draft.quoteId).catch(() => undefined);
      throw error;
    }
    return intent.id;
  }

  /**
   * The carrier refused: nothing was booked. Anything else (timeout, lost connection) leaves
   * the outcome unknown: the client is told it failed and gets the quote back, and recovery
   * cancels the booking if the carrier turns out to have made it.
   */
  private async bookingFailed(intent: string, draft: BookingDraft, error: unknown): Promise<void> {
    const settled: CarrierIntentState = error instanceof CarrierRejectedError ? 'abandoned' : 'compensating';
    await this.intents.transition(intent, ['pending'], settled, this.clock.now()).catch(() => undefined);
    if (draft.quoteId) await this.quotes.release(draft.teamId, draft.quoteId);
  }

  /**
   * A claim no booking intent holds, older than the recovery bound: its request died between
   * claiming the quote and recording the intent (one round trip), before any carrier call.
   * The quote is given back and claimed again, so a retry books instead of being refused.
   */
  private async reclaimOrphan(claim: QuoteClaim): Promise<StoredQuote | null> {
    const quote = await this.quotes.findForTeam(claim.teamId, claim.quoteId);
    if (!quote?.usedAt || quote.expiresAt.getTime() <= claim.now.getTime()) return null;
    if (claim.now.getTime() - quote.usedAt.getTime() < this.recoverAfterMs) return null;
    if (await this.intents.holdsQuote(quote.id)) return null;
    this.logger.warn(`quote ${quote.id} was claimed by a request that died before booking; claiming it again`);
    await this.quotes.release(claim.teamId, quote.id);
    return this.quotes.claim(claim);
  }

  /** The claim failed: say why, in the order a caller would fix things. */
  private async refusal(command: CreateShipmentCommand, origin: AddressProps, destination: AddressProps, now: Date): Promise<never> {
    const quote = await this.quotes.findForTeam(command.teamId, command.quoteId);
    if (!quote)
      throw new ValidationError(
        'quote_id',
        'must be a quote_id returned by POST /rates for this team',
        'يجب أن يكون quote_id أعاده POST /rates لهذا الفريق',
      );
    if (quote.usedAt) throw new DomainError('E_QUOTE_ALREADY_USED');
    if (quote.expiresAt.getTime() <= now.getTime()) throw new DomainError('E_QUOTE_EXPIRED');
    assertMatchesQuote(quote, origin, destination, command);
    // Matched on re-read: it was used or expired between the two statements.
    throw new DomainError('E_QUOTE_ALREADY_USED');
  }

  private draft(
    id: string,
    quote: StoredQuote,
    origin: AddressProps,
    destination: AddressProps,
    command: CreateShipmentCommand,
    now: Date,
    addressWarnings: readonly ShipmentWarning[],
  ): BookingDraft {
    const service = this.catalogue.find(quote.carrierCode)?.service_levels.find((s) => s.code === quote.serviceCode);
    return Shipment.book({
      id,
      teamId: command.teamId,
      quoteId: quote.id,
      carrierCode: quote.carrierCode,
      serviceCode: quote.serviceCode,
      transitMaxDays: service?.transit_days.max ?? 0,
      lane: quote.lane,
      origin,
      destination,
      parcels: command.parcels,
      chargeableKg: quote.chargeableKg,
      declaredValueHalalas: command.declaredValueHalalas,
      incoterm: command.incoterm,
      hsCodes: command.hsCodes,
      codAmountHalalas: command.codAmountHalalas,
      reference: command.reference,
      labelFormat: command.labelFormat,
      price: {
        totalHalalas: quote.totalHalalas,
        lines: {
          base: quote.baseHalalas,
          weight_charge: quote.weightChargeHalalas,
          fuel_surcharge: quote.fuelSurchargeHalalas,
          ...(quote.codFeeHalalas > 0 ? { cod_fee: quote.codFeeHalalas } : {}),
          vat: quote.vatHalalas,
        },
      },
      warnings: [
        ...shipmentWarnings({
          lane: quote.lane,
          origin,
          destination,
          hs_codes: command.hsCodes,
          declared_value: command.declaredValueHalalas === undefined ? undefined : command.declaredValueHalalas / 100,
          quoteExpiresAt: quote.expiresAt,
          now,
        }),
        ...addressWarnings,
      ],
      bookedAt: now,
    }).draft();
  }

  /** The carrier holds a booking we could not record: undo it there and free the quote. */
  private async compensate(intent: string, record: BookingDraft, cause: unknown, adapter: CarrierPort): Promise<void> {
    this.logger.error(
      `local write failed after carrier ${record.carrierCode} booked ${record.trackingNumber}; cancelling it: ${String(cause)}`,
    );
    // Marked first: if this process dies while cancelling, recovery finishes the cancel.
    await this.intents.transition(intent, ['pending'], 'compensating', this.clock.now()).catch(() => undefined);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      try {
        await adapter.cancel(record.trackingNumber);
        await this.intents.transition(intent, ['compensating'], 'abandoned', this.clock.now()).catch(() => undefined);
        break;
      } catch (error) {
        if (attempt === 3) {
          // Recovery retries the cancel; the line tells an operator why a booking lingers meanwhile.
          this.logger.error(
            `COMPENSATION_FAILED carrier=${record.carrierCode} tracking_number=${record.trackingNumber} shipment=${record.id}: ${String(error)}`,
          );
        }
      }
    }
    if (record.quoteId) await this.quotes.release(record.teamId, record.quoteId).catch(() => undefined);
  }
}

/** A booking request once its destination is checked: what starting it needs. */
interface BookingAsked {
  readonly claim: QuoteClaim;
  readonly command: CreateShipmentCommand;
  /** The destination as checked (normalised by the National Address register when it was asked). */
  readonly destination: AddressProps;
  readonly addressWarnings: readonly ShipmentWarning[];
  readonly idempotency: IdempotencyRef | null;
}

/** What a booking has once its quote is claimed and its intent recorded, before the carrier call. */
interface BookingStart {
  readonly carrier: CarrierPort;
  readonly draft: BookingDraft;
  /** The id of the pending booking intent. */
  readonly intent: string;
}

function bookingIntent(draft: BookingDraft, idempotency: IdempotencyRef | null, now: Date): Omit<CarrierIntent, 'state'> {
  return {
    id: randomUUID(),
    kind: 'book',
    teamId: draft.teamId,
    shipmentId: draft.id,
    carrierCode: draft.carrierCode,
    quoteId: draft.quoteId,
    payload: { shipment: draft },
    idempotency,
    createdAt: now,
  };
}

/** A quote prices one lane and one set of parcels; booking must present the same. */
function assertMatchesQuote(quote: StoredQuote, origin: AddressProps, destination: AddressProps, command: CreateShipmentCommand): void {
  if (origin.country !== quote.originCountry) {
    throw new ValidationError(
      'origin.country',
      `must match the quote (${quote.originCountry})`,
      `يجب أن يطابق عرض السعر (${quote.originCountry})`,
    );
  }
  if (destination.country !== quote.destinationCountry) {
    throw new ValidationError(
      'destination.country',
      `must match the quote (${quote.destinationCountry})`,
      `يجب أن يطابق عرض السعر (${quote.destinationCountry})`,
    );
  }
  if (parcelsFingerprint(command.parcels) !== quote.parcelsFingerprint) {
    throw new ValidationError('parcels', 'must match the parcels of the quote', 'يجب أن تطابق طرود عرض السعر');
  }
  if (!codMatchesQuote(quote, command)) throw codMismatch(quote);
}

/** Both without cash on delivery, or the same amount: the fee billed is the one the quote showed. */
function codMatchesQuote(quote: StoredQuote, command: CreateShipmentCommand): boolean {
  return Shipment.codMatchesQuote(command.codAmountHalalas, quote.codAmountHalalas);
}

function codMismatch(quote: StoredQuote): ValidationError {
  const quoted = quote.codAmountHalalas > 0 ? Money.ofHalalas(quote.codAmountHalalas).toSarString() : null;
  return new ValidationError(
    'cod_amount',
    quoted
      ? `must equal the cod_amount the quote was rated with (${quoted} SAR); to collect another amount, request a new rate with that cod_amount`
      : 'the quote was rated without cash on delivery; request a new rate with cod_amount to book with cash on delivery',
    quoted
      ? `يجب أن يساوي مبلغ الدفع عند الاستلام الذي سُعّر به عرض السعر (${quoted} ريال)؛ لتحصيل مبلغ آخر اطلب سعراً جديداً مع cod_amount`
      : 'سُعّر عرض السعر بدون الدفع عند الاستلام؛ اطلب سعراً جديداً مع cod_amount للحجز مع الدفع عند الاستلام',
  );
}
