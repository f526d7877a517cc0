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
  CLOCK,
  ClockPort,
  RESOURCE_LINKS,
  ResourceLinksPort,
  serviceLimitProblems,
  piecesRefusal,
  deliveryCalendarOf,
  ShipmentWarning,
} from '@lgw/kernel';
import { Shipment, BookingDraft } from '../../domain/shipment.aggregate';
import { newTrackingToken } from '../tracking-token';
import { DestinationAddressCheck } from '@lgw/addresses';
import { shipmentWarnings } from '../../domain/shipment-warnings';
import { CarrierBooking, CarrierPort, CARRIER_CATALOGUE, CarrierCataloguePort, CarrierConnectionResolver } from '@lgw/carrier-access';
import { QUOTE_REPOSITORY, QuoteRepositoryPort, StoredQuote, parcelsFingerprint } from '@lgw/rating';
import { SHIPMENT_REPOSITORY, ShipmentRepositoryPort } from '../ports/shipment.repository.port';
import { toShipmentView, ShipmentView } from '../shipment.view';
import { CreateShipmentCommand } from './create-shipment.command';

/**
 * Books a quote with its carrier, one way through (docs/adr/0085):
 * 1. open the quote from its signed id and check the request against it (lane, parcels, cash on
 *    delivery, the level's limits, the account it was priced on): a refusal writes nothing;
 * 2. claim the quote and record the booking intent (docs/adr/0013-carrier-intents.md) in one
 *    statement (docs/adr/0068): the only claim there is; a second request for the quote stops here;
 * 3. book with the carrier under the shipment id (no transaction held open across the call);
 * 4. write shipment + CREATED event + domain events and close the intent, in one statement.
 * The quote's price lines and cash on delivery are booked as the quote carries them. A carrier
 * failure gives the quote back. A local write failure after the carrier confirmed cancels the
 * carrier booking (compensation, docs/adr/0005-booking-consistency.md).
 */
@Injectable()
export class CreateShipmentUseCase {
  private readonly logger = new Logger('CreateShipment');

  constructor(
    @Inject(QUOTE_REPOSITORY) private readonly quotes: QuoteRepositoryPort,
    @Inject(SHIPMENT_REPOSITORY) private readonly shipments: ShipmentRepositoryPort,
    @Inject(CARRIER_CATALOGUE) private readonly catalogue: CarrierCataloguePort,
    @Inject(CLOCK) private readonly clock: ClockPort,
    @Inject(CARRIER_INTENTS) private readonly intents: CarrierIntentStorePort,
    @Inject(RESOURCE_LINKS) private readonly links: ResourceLinksPort,
    private readonly addresses: DestinationAddressCheck,
    private readonly connections: CarrierConnectionResolver,
  ) {}

  async execute(command: CreateShipmentCommand): Promise<ShipmentView> {
    const { origin } = command;
    assertNationalAddress(command.destination);
    // Before the quote is claimed and any carrier called: a refusal leaves nothing behind (docs/adr/0052).
    const checked = await this.addresses.check(command.destination, command.addressVerification ?? 'warn', 'destination.');
    const destination = checked.destination;
    const now = this.clock.now();

    const quote = await this.openQuote(command, destination, now);
    this.assertWithinLimits(quote, command);
    const carrier = await this.bookingCarrier(command, quote);
    const draft = this.draft(randomUUID(), quote, origin, destination, command, now, checked.warnings);
    const intent = bookingIntent(draft, command.idempotencyKey ?? null, now);
    // Recorded before the carrier hears of it: if this process dies from here on, recovery asks
    // the carrier for the booking by the shipment id and completes or undoes it (ADR 0013).
    if (!(await this.quotes.claimWithIntent(quote, intent, now))) throw new DomainError('E_QUOTE_ALREADY_USED');
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
      await this.bookingFailed(intent.id, draft, error);
      throw error;
    }
    faultPoint('booking.after-carrier-call');

    const shipment = Shipment.restore(draft).confirmBooking(booking);
    const booked = shipment.draft();
    let serviceReference: string;
    try {
      // The intent closes with the shipment's commit (one recovery holds already, because this
      // request outlived the recovery bound, is left to recovery). A retry under the same
      // Idempotency-Key whose first process died after this commit finds the shipment through it.
      serviceReference = await this.shipments.insertBooked(shipment, { intentId: intent.id, at: this.clock.now() });
    } catch (error) {
      // Recovery may have recorded it already (this request outlived the recovery bound).
      const recorded = await this.shipments.findForTeam(draft.teamId, draft.id).catch(() => null);
      if (recorded) return toShipmentView(recorded, this.catalogue.find(recorded.carrierCode), this.links);
      await this.compensate(intent.id, booked, error, carrier);
      throw error;
    }
    faultPoint('booking.after-record');
    return toShipmentView({ ...booked, serviceReference }, this.catalogue.find(draft.carrierCode), this.links);
  }

  /**
   * The quote the request may book, read from its signed id without writing anything. A request
   * that does not fit it is refused in the order a caller fixes things: an id that is no quote
   * of this team's, a quote used already, then expired, then the lane, parcels or cash amount it
   * was not rated for (the use is read only on that refusal path).
   */
  private async openQuote(command: CreateShipmentCommand, destination: AddressProps, now: Date): Promise<StoredQuote> {
    const quote = this.quotes.open(command.teamId, command.quoteId);
    if (!quote)
      throw new ValidationError(
        'quote_id',
        'must be a quote_id returned by POST /rates for this team',
        'يجب أن يكون quote_id أعاده POST /rates لهذا الفريق',
      );
    const refusal = bookingRefusal(quote, command.origin, destination, command, now);
    if (refusal) {
      if ((await this.quotes.findForTeam(command.teamId, command.quoteId))?.usedAt) throw new DomainError('E_QUOTE_ALREADY_USED');
      throw refusal;
    }
    return quote;
  }

  /**
   * The account the quote was priced on books it (docs/adr/0065); one removed since is refused,
   * after a used quote, which is the refusal a caller acts on first.
   */
  private async bookingCarrier(command: CreateShipmentCommand, quote: StoredQuote): Promise<CarrierPort> {
    try {
      return await this.connections.forBooking(command.teamId, quote);
    } catch (error) {
      if ((await this.quotes.findForTeam(command.teamId, command.quoteId))?.usedAt) throw new DomainError('E_QUOTE_ALREADY_USED');
      throw error;
    }
  }

  /**
   * A quote issued before its service level declared (or tightened) its weight and size limits
   * may carry a parcel the carrier now refuses: 422 naming the parcel's field, before any carrier call.
   * Every problem is listed.
   */
  private assertWithinLimits(quote: StoredQuote, command: CreateShipmentCommand): void {
    const carrier = this.catalogue.find(quote.carrierCode);
    const service = carrier?.service_levels.find((s) => s.code === quote.serviceCode);
    const problems = serviceLimitProblems(service, command.parcels);
    // A quote issued before its carrier stopped taking this many pieces (docs/adr/0087).
    const pieces = piecesRefusal(carrier?.capabilities?.pieces, command.parcels.length);
    if (pieces) problems.push({ field: 'parcels', reason: pieces.en, reason_ar: pieces.ar });
    if (problems.length > 0) throw ValidationError.of(problems);
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
      connectionId: quote.connectionId ?? null,
      carrierCode: quote.carrierCode,
      serviceCode: quote.serviceCode,
      transitMaxDays: service?.transit_days.max ?? 0,
      trackingToken: newTrackingToken(),
      deliveryCalendar: deliveryCalendarOf(this.catalogue.find(quote.carrierCode)),
      lane: quote.lane,
      origin,
      destination,
      parcels: command.parcels,
      chargeableKg: quote.chargeableKg,
      declaredValueHalalas: command.declaredValueHalalas,
      incoterm: command.incoterm,
      hsCodes: command.hsCodes,
      codAmountHalalas: quote.codAmountHalalas > 0 ? quote.codAmountHalalas : null,
      reference: command.reference,
      labelFormat: command.labelFormat,
      price: quote.price,
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

/** Why the request cannot book this quote (expired, another lane, other parcels, another cash amount), or null. */
function bookingRefusal(
  quote: StoredQuote,
  origin: AddressProps,
  destination: AddressProps,
  command: CreateShipmentCommand,
  now: Date,
): DomainError | null {
  if (quote.expiresAt.getTime() <= now.getTime()) return new DomainError('E_QUOTE_EXPIRED');
  if (origin.country !== quote.originCountry)
    return new ValidationError(
      'origin.country',
      `must match the quote (${quote.originCountry})`,
      `يجب أن يطابق عرض السعر (${quote.originCountry})`,
    );
  if (destination.country !== quote.destinationCountry)
    return new ValidationError(
      'destination.country',
      `must match the quote (${quote.destinationCountry})`,
      `يجب أن يطابق عرض السعر (${quote.destinationCountry})`,
    );
  if (parcelsFingerprint(command.parcels) !== quote.parcelsFingerprint)
    return new ValidationError('parcels', 'must match the parcels of the quote', 'يجب أن تطابق طرود عرض السعر');
  if (!codMatchesQuote(quote, command)) return codMismatch(quote);
  return null;
}

/**
 * The quote carries the cash to collect; a cod_amount in the request only confirms it (absent:
 * as quoted), so the fee billed is always the one the quote showed.
 */
function codMatchesQuote(quote: StoredQuote, command: CreateShipmentCommand): boolean {
  return command.codAmountHalalas === undefined || Shipment.codMatchesQuote(command.codAmountHalalas, quote.codAmountHalalas);
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
