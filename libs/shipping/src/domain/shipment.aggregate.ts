import {
  AddressProps,
  DomainError,
  ValidationError,
  ParcelProps,
  canTransition,
  exceptionTypeOf,
  isTerminal,
  ExceptionType,
  ShipmentStatus,
  LabelFormat,
  QuotedPrice,
  QuotedPriceLines,
  DeliveryCalendar,
  estimateDeliveryDate,
  endOfRiyadhDay,
  Lane,
  SAUDI_DELIVERY_CALENDAR,
  eventKindsForStatusChange,
  SHIPMENT_WARNING_CODES,
  ShipmentWarning,
  ShipmentPiece,
  piecesOfBooking,
  pieceStatus,
  ProofOfDelivery,
  proofOfDeliveryFrom,
  ReportedProof,
} from '@lgw/kernel';
import type { CodStatus } from '@lgw/kernel';
import { codAfterCollection, codAfterRefusal, CodLedgerState } from './cod-collection';
import { ReportedException, returnReasonFrom } from './return-reason';
import { gatewayHistoryEntry, ShipmentChanges, ShipmentDomainEvent, ShipmentHistoryEntry } from './shipment-domain-events';
import { applyStatusEvents, StatusTransition } from './tracking-status-reducer';
import { applyPieceEvents } from './piece-tracking';
import { reestimateAfterScans } from './delivery-estimate';
import {
  actionsAllowed,
  afterAction,
  afterDeliveryFailure,
  afterStatusChange,
  autoReturnReason,
  DeliveryIssue,
  DeliveryIssueAction,
  DeliveryIssueActionName,
  deliveryIssueKindOf,
  isActive,
} from './delivery-issue';

/** A quote's breakdown in halalas, as the kernel defines it for rating, booking and billing alike. */
export type { QuotedPriceLines };

/**
 * Cash on delivery after booking (docs/adr/0043-cash-on-delivery.md): what the carrier
 * collected and the payout that carried it. Absent or null status with an amount = PENDING.
 */
export interface CodProgress {
  readonly status: CodStatus | null;
  readonly collectedHalalas: number | null;
  readonly collectedAt: Date | null;
  readonly remittanceId: string | null;
}

/** Everything a shipment knows, as plain data: what is stored, and what views are made of. Money in integer halalas. */
export interface ShipmentState {
  readonly id: string;
  readonly teamId: string;
  /** Null for shipments priced without a quote (fulfilment batches, returns). */
  readonly quoteId: string | null;
  /** The gateway's own reference, allocated when the shipment is first stored. */
  readonly serviceReference: string;
  readonly carrierCode: string;
  readonly serviceCode: string;
  readonly trackingNumber: string;
  readonly carrierReference: string;
  readonly status: ShipmentStatus;
  /** Furthest main-flow step reached; exceptions resume from here. */
  readonly progress: ShipmentStatus | null;
  readonly lastEventAt: Date | null;
  readonly lane: Lane;
  readonly origin: AddressProps;
  readonly destination: AddressProps;
  readonly parcels: readonly ParcelProps[];
  readonly chargeableKg: number;
  readonly declaredValueHalalas: number | null;
  readonly incoterm: string | null;
  readonly hsCodes: readonly string[];
  /** The cash the courier collects at the door; null without cash on delivery. */
  readonly codAmountHalalas: number | null;
  readonly reference: string | null;
  /** The label format asked for at booking (served when none is asked for); absent → pdf_a6. */
  readonly labelFormat?: LabelFormat | null;
  readonly quotedTotalHalalas: number;
  /**
   * The quote's price lines as booked, in halalas: what the ledger bills, whatever becomes
   * of the quote afterwards. Null only for shipments booked before the lines were kept.
   */
  readonly quotedLines?: QuotedPriceLines | null;
  readonly warnings: readonly ShipmentWarning[];
  readonly estimatedDeliveryAt: Date;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly cancelledAt: Date | null;
  readonly cancelReason: string | null;
  /** A customer return: the delivered shipment it brings back (null or absent otherwise). */
  readonly returnOf?: string | null;
  /**
   * The carrier connection (account) it was booked on, where every later call about it goes.
   * Null: the carrier's platform account, or a booking older than this field, whose quote names it.
   */
  readonly connectionId?: string | null;
  /** Why the carrier sent it back: the exception type it reported last before the return. */
  readonly returnReason?: string | null;
  readonly cod?: CodProgress | null;
  /**
   * When tracking saw the shipment reach its terminal status (gateway clock): late scans are
   * still asked for during a grace period from here. Null in flight and for a shipment the
   * gateway cancelled itself; absent when the reader did not load it.
   */
  readonly terminalAt?: Date | null;
  /** The delivery that did not happen and what was asked of the carrier (ADR 0083); null or absent without one. */
  readonly deliveryIssue?: DeliveryIssue | null;
  /** The key of the recipient's public tracking page (ADR 0083); null for a shipment stored without one. */
  readonly trackingToken?: string | null;
  /** When it should arrive: an Asia/Riyadh date YYYY-MM-DD counted in the carrier's delivery days (ADR 0083). */
  readonly estimatedDeliveryDate?: string | null;
  /** A shipment of 2 to 20 parcels: one piece per parcel, numbered at booking (ADR 0087); null or absent for one parcel. */
  readonly pieces?: readonly ShipmentPiece[] | null;
  /** Who took the parcel and how, from the carrier's delivery scan (ADR 0088); null or absent without one. */
  readonly proofOfDelivery?: ProofOfDelivery | null;
}

/** One carrier report as tracking hands it to the shipment (docs/adr/0036-tracking-history-fidelity.md). */
export interface ReportedTrackingEvent {
  /** The carrier's event id. */
  readonly eventId: string;
  /** Its identity in the history (trackingEventIdentity at the carrier's resolution). */
  readonly dedupeKey: string;
  /** The gateway status it maps to; null for a code the carrier's status map does not know. */
  readonly status: ShipmentStatus | null;
  readonly carrierStatus?: string | null;
  readonly exceptionType?: ExceptionType;
  readonly locationEn?: string | null;
  readonly locationAr?: string | null;
  readonly measuredWeightKg?: number;
  /** Cash the courier took at the door (DELIVERED scans); undefined: the carrier does not say. */
  readonly codCollectedHalalas?: number;
  /** DELIVERED scans: who took the parcel and how, as the carrier's mapper read it (ADR 0088). */
  readonly proof?: ReportedProof;
  readonly occurredAt: Date;
  /**
   * The piece of a multi-piece shipment the carrier reported it for (its number, 1-based), when
   * it tracks each piece by its own number (docs/adr/0087); absent, the event is the shipment's.
   */
  readonly pieceNumber?: number;
}

export interface TrackingApplyOptions {
  /** The gateway's clock: when the events are recorded. */
  readonly now: Date;
  /** The carrier's time resolution (bahr reports to the minute). */
  readonly timeResolutionMs?: number;
  /** The last exception already in the history, for the return reason. */
  readonly lastRecordedException?: ReportedException | null;
  /** A new delivery issue's id; absent: one derived from the shipment and the carrier event that opened it. */
  readonly newIssueId?: () => string;
  /** The carrier's delivery days, for re-estimating; absent: the Saudi week and public holidays. */
  readonly deliveryCalendar?: DeliveryCalendar;
}

const RETURN_LEG: readonly ShipmentStatus[] = ['RETURN_TO_ORIGIN', 'RETURNED'];
/** A move into the return leg means the consignee refused the parcel, and its cash. */
const COD_REFUSED_STATUSES: readonly ShipmentStatus[] = ['RETURN_TO_ORIGIN', 'RETURNED'];

export type StatusEventOf = ReportedTrackingEvent & { readonly status: ShipmentStatus };

/** A shipment about to be booked: everything but the reference the database allocates. */
export type BookingDraft = Omit<ShipmentState, 'serviceReference'>;

/** What the aggregate holds: a draft, or a stored shipment with its reference. */
export type ShipmentSnapshot = BookingDraft & Partial<Pick<ShipmentState, 'serviceReference'>>;

/** What booking needs, the same whether the order came from the API, a fulfilment batch or a return. */
export interface ShipmentBooking {
  readonly id: string;
  readonly teamId: string;
  readonly quoteId: string | null;
  readonly carrierCode: string;
  readonly serviceCode: string;
  /** The longest transit the service promises: the estimated delivery counts from the booking. */
  readonly transitMaxDays: number;
  readonly lane: Lane;
  readonly origin: AddressProps;
  readonly destination: AddressProps;
  readonly parcels: readonly ParcelProps[];
  readonly chargeableKg: number;
  readonly declaredValueHalalas?: number | null;
  readonly incoterm?: string | null;
  readonly hsCodes?: readonly string[];
  /** Cash to collect at the door; nothing (or 0) books without cash on delivery. */
  readonly codAmountHalalas?: number | null;
  readonly reference?: string | null;
  readonly labelFormat?: LabelFormat | null;
  readonly price: QuotedPrice;
  readonly warnings?: readonly ShipmentWarning[];
  readonly returnOf?: string | null;
  /** The carrier connection the booking goes to (the quote's, or a return's original's); none: the platform's. */
  readonly connectionId?: string | null;
  readonly bookedAt: Date;
  /** The recipient's page key, made by the caller (random; the domain makes no randomness). */
  readonly trackingToken: string;
  /** The carrier's delivery days; absent: the Saudi week and public holidays. */
  readonly deliveryCalendar?: DeliveryCalendar;
}

/**
 * The shipment and its rules (docs/api.md §2–§3): how one is booked, which status it may move
 * to, when it can be cancelled, redirected or returned, and what it collects at the door.
 * It owns its lifecycle: its methods (confirmBooking, recordLabelGenerated, cancel,
 * schedulePickup, releasePickup, changeDestination, applyTrackingEvents) change its state and
 * record the history lines and domain events that go with the change; the repository saves
 * the changed state and pulls those events into the same transaction (saveShipment, the
 * outbox). No status event is built anywhere else, and SQL decides nothing.
 */
export class Shipment {
  private current: ShipmentSnapshot;
  private readonly loaded: ShipmentSnapshot;
  private readonly recorded: ShipmentDomainEvent[] = [];
  private readonly added: ShipmentHistoryEntry[] = [];

  private constructor(state: ShipmentSnapshot) {
    this.current = state;
    this.loaded = state;
  }

  /** The shipment as it is now, changes included. */
  get state(): ShipmentSnapshot {
    return this.current;
  }

  /** The shipment as it was booked or loaded, before any change made through this object. */
  get loadedState(): ShipmentSnapshot {
    return this.loaded;
  }

  /** Records a domain event, saved with the shipment's state (the outbox). */
  protected addEvent(event: Omit<ShipmentDomainEvent, 'teamId' | 'aggregateId'>): void {
    this.recorded.push({ teamId: this.current.teamId, aggregateId: this.current.id, ...event });
  }

  private addHistory(entry: ShipmentHistoryEntry): void {
    this.added.push(entry);
  }

  /** The domain events and history recorded since the last pull; the repository saves them with the state. */
  pullEvents(): ShipmentChanges {
    const changes = { events: this.recorded.splice(0), history: this.added.splice(0) };
    return changes;
  }

  /** A new booking: CREATED, no tracking number yet (the carrier gives one), warnings in contract order. */
  static book(b: ShipmentBooking): Shipment {
    const now = b.bookedAt;
    const estimatedDeliveryDate = estimateDeliveryDate(now, b.transitMaxDays, b.deliveryCalendar ?? SAUDI_DELIVERY_CALENDAR);
    return new Shipment({
      id: b.id,
      teamId: b.teamId,
      quoteId: b.quoteId,
      carrierCode: b.carrierCode,
      serviceCode: b.serviceCode,
      trackingNumber: '',
      carrierReference: '',
      status: 'CREATED',
      progress: 'CREATED',
      lastEventAt: now,
      lane: b.lane,
      origin: b.origin,
      destination: b.destination,
      parcels: b.parcels,
      chargeableKg: b.chargeableKg,
      declaredValueHalalas: b.declaredValueHalalas ?? null,
      incoterm: b.incoterm ?? null,
      hsCodes: b.hsCodes ?? [],
      codAmountHalalas: Shipment.collectibleCodAmountHalalas(b.codAmountHalalas),
      reference: b.reference ?? null,
      labelFormat: b.labelFormat ?? null,
      quotedTotalHalalas: b.price.totalHalalas,
      quotedLines: b.price.lines,
      warnings: [...(b.warnings ?? [])].sort((x, y) => SHIPMENT_WARNING_CODES.indexOf(x.code) - SHIPMENT_WARNING_CODES.indexOf(y.code)),
      // The promise made at booking, kept as it was while scans move the date: the end of the
      // estimated Riyadh day, so "delivered on time" means on or before the day merchants and
      // recipients were told (the carrier's delivery days, holidays and cut-off counted).
      estimatedDeliveryAt: endOfRiyadhDay(estimatedDeliveryDate),
      estimatedDeliveryDate,
      trackingToken: b.trackingToken,
      createdAt: now,
      updatedAt: now,
      cancelledAt: null,
      cancelReason: null,
      returnOf: b.returnOf ?? null,
      connectionId: b.connectionId ?? null,
    });
  }

  /** A shipment as stored (or a draft read back from a carrier intent). */
  static restore(state: BookingDraft | ShipmentState): Shipment {
    return new Shipment(state);
  }

  /** Cash on delivery is a positive amount; anything else books without it. */
  static collectibleCodAmountHalalas(amountHalalas: number | null | undefined): number | null {
    return amountHalalas !== null && amountHalalas !== undefined && amountHalalas > 0 ? amountHalalas : null;
  }

  /** The draft with the carrier's booking: what is recorded once the carrier confirmed it. */
  bookedAs(booking: { readonly trackingNumber: string; readonly carrierReference: string }): BookingDraft {
    return { ...this.draft(), trackingNumber: booking.trackingNumber, carrierReference: booking.carrierReference };
  }

  draft(): BookingDraft {
    const { serviceReference: _reference, ...draft } = this.state;
    return draft;
  }

  get id(): string {
    return this.state.id;
  }

  get status(): ShipmentStatus {
    return this.state.status;
  }

  /** The amount the courier collects at the door, or null. */
  get codAmountHalalas(): number | null {
    return Shipment.collectibleCodAmountHalalas(this.state.codAmountHalalas);
  }

  /** Whether a booking asking `amountHalalas` (or none) collects the amount a quote priced. */
  static codMatchesQuote(amountHalalas: number | null | undefined, quotedCodAmountHalalas: number): boolean {
    return (Shipment.collectibleCodAmountHalalas(amountHalalas) ?? 0) === quotedCodAmountHalalas;
  }

  /** Whether a carrier may next report `to` (carriers skip steps; customs only across borders). */
  canMoveTo(to: ShipmentStatus): boolean {
    return canTransition(this.status, to, { international: this.state.lane !== 'domestic' });
  }

  /**
   * Before pickup only (docs/api.md §3): the state machine's move to CANCELLED, for the shipment
   * and for each of its pieces. A piece the carrier already collected cannot be called back by
   * cancelling the shipment, though the roll-up keeps the shipment where its slowest piece is.
   */
  get cancellable(): boolean {
    return this.canMoveTo('CANCELLED') && this.collectedPiece() === undefined;
  }

  assertCancellable(): void {
    if (!this.canMoveTo('CANCELLED')) throw new DomainError('E_CANCEL_NOT_ALLOWED', { status: this.status });
    const piece = this.collectedPiece();
    if (piece)
      throw new DomainError('E_CANCEL_NOT_ALLOWED', { status: this.status, piece_number: piece.number, piece_status: piece.status });
  }

  /** The first piece whose own status (a carrier's scan of it alone) is past where a cancel may go. */
  private collectedPiece(): { readonly number: number; readonly status: ShipmentStatus } | undefined {
    const international = this.state.lane !== 'domestic';
    for (const piece of this.state.pieces ?? []) {
      const status = pieceStatus(piece, this.status);
      if (!canTransition(status, 'CANCELLED', { international })) return { number: piece.number, status };
    }
    return undefined;
  }

  /** Until a final status, to an address in the booked country (the price was quoted for the lane). */
  assertDestinationChangeable(destination: AddressProps): void {
    if (isTerminal(this.status)) throw new DomainError('E_DESTINATION_UPDATE_NOT_ALLOWED', { status: this.status });
    const booked = this.state.destination.country.toUpperCase();
    if (destination.country !== booked) {
      throw new ValidationError(
        'country',
        `must stay ${booked}: the price was quoted for the booked lane`,
        `يجب أن يبقى ${booked}: السعر محسوب للمسار المحجوز`,
      );
    }
  }

  /** A delivered shipment that is not itself a return (docs/api.md, returns). */
  assertReturnable(): void {
    if (this.state.returnOf) {
      throw new DomainError('E_VALIDATION', {
        field: 'id',
        reason: 'a return cannot itself be returned',
        reason_ar: 'لا يمكن إرجاع شحنة مرتجعة',
      });
    }
    if (this.status !== 'DELIVERED') throw new DomainError('E_RETURN_NOT_ALLOWED', { status: this.status });
  }

  /**
   * The carrier confirmed the booking: its tracking number and reference, the CREATED step in
   * the history and shipment.created. `origination` adds what the booking's source says about it
   * (a fulfilment batch) to the domain event.
   */
  confirmBooking(
    booking: { readonly trackingNumber: string; readonly carrierReference: string; readonly pieceTrackingNumbers?: readonly string[] },
    origination: Readonly<Record<string, unknown>> = {},
  ): this {
    const s = this.current;
    // Several parcels are pieces: the carrier's number of each where it gave one, else `<master>-<n>` (ADR 0087).
    const pieces = piecesOfBooking(booking.trackingNumber, s.parcels, booking.pieceTrackingNumbers);
    this.current = {
      ...s,
      trackingNumber: booking.trackingNumber,
      carrierReference: booking.carrierReference,
      ...(pieces ? { pieces } : {}),
    };
    this.addHistory(gatewayHistoryEntry(s.id, 'CREATED', 'CREATED', s.createdAt, s.origin.city));
    this.addEvent({
      type: 'shipment.created',
      payload: { shipment_id: s.id, status: 'CREATED', kinds: eventKindsForStatusChange(undefined, 'CREATED'), ...origination },
    });
    return this;
  }

  /**
   * The label is stored: the step joins the history (also when the carrier's scans got ahead of
   * the label job; the history places it before them), and the status moves only from CREATED.
   * A cancelled shipment records nothing. The gateway's clock stays out of lastEventAt, which
   * orders the carrier's reports.
   */
  recordLabelGenerated(at: Date): void {
    const s = this.current;
    if (s.status === 'CANCELLED') return;
    this.addHistory(gatewayHistoryEntry(s.id, 'LABEL_GENERATED', 'LABEL_GENERATED', at));
    if (s.status !== 'CREATED') return;
    this.current = { ...s, status: 'LABEL_GENERATED', progress: 'LABEL_GENERATED', updatedAt: at };
    this.addEvent({
      type: 'shipment.status_changed',
      payload: {
        shipment_id: s.id,
        previous_status: 'CREATED',
        status: 'LABEL_GENERATED',
        kinds: eventKindsForStatusChange('CREATED', 'LABEL_GENERATED'),
      },
    });
  }

  /**
   * CANCELLED, with its history step and shipment.cancelled. Whether it may be cancelled is
   * asked before the carrier is (assertCancellable); once the carrier cancelled, this records it.
   */
  cancel(reason: string | null, at: Date): void {
    const s = this.current;
    this.current = { ...s, status: 'CANCELLED', cancelledAt: at, cancelReason: reason, updatedAt: at, lastEventAt: at };
    this.addHistory(gatewayHistoryEntry(s.id, 'CANCELLED', 'CANCELLED', at));
    this.addEvent({
      type: 'shipment.cancelled',
      payload: {
        shipment_id: s.id,
        previous_status: s.status,
        status: 'CANCELLED',
        reason,
        kinds: eventKindsForStatusChange(s.status, 'CANCELLED'),
      },
    });
  }

  /** A courier collection booked for it: PICKUP_SCHEDULED, keyed by the pickup (scheduling again after a cancel is a new step). */
  schedulePickup(pickupId: string, at: Date): void {
    this.movePickupStep('PICKUP_SCHEDULED', 'PICKUP_SCHEDULED', pickupId, at);
  }

  /** Its collection was cancelled: back to LABEL_GENERATED. */
  releasePickup(pickupId: string, at: Date): void {
    this.movePickupStep('LABEL_GENERATED', 'PICKUP_CANCELLED', pickupId, at);
  }

  private movePickupStep(to: ShipmentStatus, step: string, pickupId: string, at: Date): void {
    const s = this.current;
    this.current = { ...s, status: to, progress: to, updatedAt: at };
    this.addHistory(gatewayHistoryEntry(s.id, `${step}:${pickupId}`, to, at));
    this.addEvent({
      type: 'shipment.status_changed',
      payload: {
        shipment_id: s.id,
        tracking_number: s.trackingNumber,
        previous_status: s.status,
        status: to,
        occurred_at: at.toISOString(),
        pickup_id: pickupId,
        kinds: eventKindsForStatusChange(s.status, to),
      },
    });
  }

  /**
   * A new destination (asked with assertDestinationChangeable first) and the warnings that go
   * with it; shipment.destination_updated, which no contract webhook kind describes.
   */
  changeDestination(destination: AddressProps, warnings: readonly ShipmentWarning[], at: Date): void {
    const s = this.current;
    this.current = { ...s, destination, warnings, updatedAt: at };
    this.addEvent({
      type: 'shipment.destination_updated',
      payload: { shipment_id: s.id, status: s.status, previous_destination: s.destination, destination, kinds: [] },
    });
  }

  /**
   * New carrier reports (not in the history yet, duplicates dropped): each joins the history;
   * the reducer decides what moves the status (tracking-status-reducer); every status change,
   * and every weighing, is a domain event. Cash on delivery follows: a DELIVERED scan carries
   * what the courier collected (also a late one), a move into the return leg refuses it. A
   * return started here records why: the carrier's last exception before it (first reason stays).
   * Events a carrier reported for one piece move that piece, and the shipment to the pieces'
   * roll-up as far as its transitions allow (piece-tracking.ts); they join the history with their
   * piece's number.
   */
  applyTrackingEvents(events: readonly ReportedTrackingEvent[], opts: TrackingApplyOptions): readonly StatusTransition<StatusEventOf>[] {
    const s = this.current;
    const now = opts.now;
    const reducing = { international: s.lane !== 'domestic', timeResolutionMs: opts.timeResolutionMs ?? 1 };
    // A piece event names one of the shipment's pieces; any other is the shipment's, as always.
    const pieceNumbers = new Set((s.pieces ?? []).map((p) => p.number));
    const reported = events.map((e) => (e.pieceNumber !== undefined && !pieceNumbers.has(e.pieceNumber) ? withoutPiece(e) : e));
    const ofShipment = reported.filter((e) => e.pieceNumber === undefined);
    const mappedOfShipment = ofShipment.filter((e): e is StatusEventOf => e.status !== null);
    const result = applyStatusEvents(
      { status: s.status, ...(s.progress ? { progress: s.progress } : {}), ...(s.lastEventAt ? { lastEventAt: s.lastEventAt } : {}) },
      mappedOfShipment,
      reducing,
    );
    const ofPieces = reported.filter((e): e is StatusEventOf & { pieceNumber: number } => e.pieceNumber !== undefined && e.status !== null);
    const rolled = s.pieces && ofPieces.length > 0 ? applyPieceEvents(result.state, s.pieces, ofPieces, reducing) : null;
    const transitions = rolled ? [...result.transitions, ...rolled.transitions] : result.transitions;
    // What the shipment itself hears: its own events, and the piece events that moved it (the
    // roll-up). Cash, proof of delivery, the delivery issue and the estimate follow these only,
    // so a piece delivered ahead of the others collects nothing and proves nothing yet.
    const news = [...ofShipment, ...(rolled?.transitions ?? []).map((t) => t.event)];
    const mapped = news.filter((e): e is StatusEventOf => e.status !== null);
    const tracked = rolled?.state ?? result.state;
    const pieces = rolled?.pieces ?? s.pieces;
    const status = tracked.status;
    const progress = tracked.progress;
    const lastEventAt = tracked.lastEventAt ?? s.lastEventAt;
    const moved =
      status !== s.status ||
      progress !== s.progress ||
      (lastEventAt?.getTime() ?? null) !== (s.lastEventAt?.getTime() ?? null) ||
      pieces !== s.pieces;
    const history = reported.map((e) => this.carrierHistoryEntry(e, now));
    let next: ShipmentSnapshot = {
      ...s,
      status,
      progress,
      lastEventAt,
      ...(rolled ? { pieces } : {}),
      // The grace period starts when tracking moves the shipment to a terminal status; a status
      // that was terminal already keeps what it had.
      terminalAt: !isTerminal(status) ? null : isTerminal(s.status) ? (s.terminalAt ?? null) : now,
      updatedAt: moved ? now : s.updatedAt,
    };
    next = this.withCodNews(next, mapped, transitions);
    next = withProofOfDelivery(next, mapped);
    if (transitions.some((t) => RETURN_LEG.includes(t.to) && !RETURN_LEG.includes(t.from)) && !next.returnReason) {
      const reported = history
        .filter((h): h is ShipmentHistoryEntry & { exceptionType: ExceptionType } => h.exceptionType !== null)
        .map((h) => ({ type: h.exceptionType, occurredAt: h.occurredAt, recordedAt: h.recordedAt }));
      next = { ...next, returnReason: returnReasonFrom(opts.lastRecordedException ? [opts.lastRecordedException, ...reported] : reported) };
    }
    this.current = next;
    for (const entry of history) this.addHistory(entry);
    for (const t of transitions) {
      const exceptionType = exceptionTypeOf(t.to);
      const weight = t.event.measuredWeightKg;
      this.addEvent({
        type: 'shipment.status_changed',
        payload: {
          shipment_id: s.id,
          tracking_number: s.trackingNumber,
          previous_status: t.from,
          status: t.to,
          occurred_at: t.event.occurredAt.toISOString(),
          ...(exceptionType ? { exception_type: exceptionType } : {}),
          ...(weight !== undefined ? { measured_weight_kg: weight } : {}),
          // The piece whose scan moved the shipment (its roll-up), when the carrier named one.
          ...(t.event.pieceNumber !== undefined ? { piece_number: t.event.pieceNumber } : {}),
          kinds: eventKindsForStatusChange(t.from, t.to),
        },
      });
    }
    // Every new weighing, also one too late to move the status: billing re-prices on it (ADR 0021).
    // A piece's weighing stays in the history only: it is not the shipment's weight to bill.
    for (const e of ofShipment) {
      if (e.measuredWeightKg === undefined) continue;
      this.addEvent({
        type: 'shipment.weighed',
        payload: {
          shipment_id: s.id,
          tracking_number: s.trackingNumber,
          measured_weight_kg: e.measuredWeightKg,
          occurred_at: e.occurredAt.toISOString(),
          event_key: e.eventId,
        },
      });
    }
    // After the status events: what the scans mean for the delivery issue and the estimate.
    const withIssue = this.withDeliveryIssueNews(this.current, news, transitions, opts);
    const calendar = opts.deliveryCalendar ?? SAUDI_DELIVERY_CALENDAR;
    this.current = this.reestimated(withIssue, reestimateAfterScans(withIssue.estimatedDeliveryDate ?? null, news, calendar));
    return transitions;
  }

  /**
   * A failed delivery (also a refusal, or an address the courier could not find) opens a delivery
   * issue or counts one more attempt on the open one; delivery resolves it and the return leg
   * ends it (delivery-issue.ts decides). Opening and ending are domain events once each.
   */
  private withDeliveryIssueNews(
    s: ShipmentSnapshot,
    events: readonly ReportedTrackingEvent[],
    transitions: readonly StatusTransition<StatusEventOf>[],
    opts: TrackingApplyOptions,
  ): ShipmentSnapshot {
    const before = s.deliveryIssue ?? null;
    let issue = before;
    const ordered = [...events].sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
    for (const e of ordered) {
      const kind = deliveryIssueKindOf(e.exceptionType ?? (e.status ? exceptionTypeOf(e.status) : undefined), e.carrierStatus);
      // A scan reported after the shipment ended opens nothing: the parcel is no longer at anyone's door.
      if (!kind || isTerminal(s.status)) continue;
      const ongoing = issue !== null && issue.status !== 'RESOLVED';
      issue = afterDeliveryFailure(
        issue,
        { kind, carrierStatus: e.carrierStatus, occurredAt: e.occurredAt },
        opts.newIssueId?.() ?? issueIdFor(s.id, e.eventId),
        opts.now,
      );
      if (!ongoing) {
        this.addEvent({
          type: 'delivery_issue.opened',
          payload: { shipment_id: s.id, delivery_issue_id: issue.id, kind: issue.kind, kinds: ['delivery_issue.opened'] },
        });
      }
    }
    for (const t of transitions) issue = afterStatusChange(issue, t.to, opts.now);
    const endedBefore = before !== null && !isActive(before);
    if (issue && !isActive(issue) && !(endedBefore && before?.id === issue.id)) this.resolvedEvent(s.id, issue);
    return issue === before ? s : { ...s, deliveryIssue: issue };
  }

  private resolvedEvent(shipmentId: string, issue: DeliveryIssue): void {
    this.addEvent({
      type: 'delivery_issue.resolved',
      payload: {
        shipment_id: shipmentId,
        delivery_issue_id: issue.id,
        resolution: issue.status === 'RESOLVED' ? 'delivered' : 'return_to_origin',
        kinds: ['delivery_issue.resolved'],
      },
    });
  }

  /** What may be asked of the carrier about the delivery issue; 409 without an open one, or for an action it does not allow. */
  assertDeliveryActionAllowed(action: DeliveryIssueActionName): DeliveryIssue {
    const issue = this.current.deliveryIssue;
    if (!issue || !isActive(issue)) throw new DomainError('E_NO_OPEN_DELIVERY_ISSUE', { status: this.status });
    if (isTerminal(this.status)) throw new DomainError('E_NO_OPEN_DELIVERY_ISSUE', { status: this.status });
    const allowed = actionsAllowed(issue);
    if (!allowed.includes(action)) {
      throw new DomainError('E_DELIVERY_ACTION_NOT_ALLOWED', { action, actions_allowed: allowed, delivery_issue_status: issue.status });
    }
    return issue;
  }

  /**
   * An action was sent to the carrier (or recorded as an instruction for it): the issue waits for
   * the carrier's next attempt, or is over when the parcel goes back.
   */
  requestDeliveryAction(action: DeliveryIssueAction): void {
    const issue = this.assertDeliveryActionAllowed(action.action);
    const next = afterAction(issue, action);
    this.current = { ...this.current, deliveryIssue: next, updatedAt: action.at };
    // The day the recipient or the merchant picked is the new estimate.
    if (action.reattemptDate) this.current = this.reestimated(this.current, action.reattemptDate);
    this.addEvent({
      type: 'delivery_issue.action_requested',
      payload: {
        shipment_id: this.current.id,
        delivery_issue_id: issue.id,
        action: action.action,
        via: action.via,
        by: action.by,
        ...(action.reattemptDate ? { reattempt_date: action.reattemptDate } : {}),
        kinds: [],
      },
    });
    if (!isActive(next)) this.resolvedEvent(this.current.id, next);
  }

  /**
   * A new estimated delivery date: a later one is a delay, recorded as shipment.delayed with both
   * dates (the consumer is owed the new date); an earlier one is taken quietly.
   */
  private reestimated(s: ShipmentSnapshot, estimate: string | null): ShipmentSnapshot {
    const before = s.estimatedDeliveryDate ?? null;
    if (!estimate || estimate === before || isTerminal(s.status)) return s;
    if (before && estimate > before) {
      this.addEvent({
        type: 'shipment.delayed',
        payload: {
          shipment_id: s.id,
          previous_estimated_delivery_date: before,
          estimated_delivery_date: estimate,
          kinds: ['shipment.delayed'],
        },
      });
    }
    return { ...s, estimatedDeliveryDate: estimate };
  }

  /** Whether the gateway sends the parcel back by itself now (team limit of attempts, or the deadline). */
  autoReturnDue(limit: number, now: Date): 'attempts' | 'deadline' | null {
    if (isTerminal(this.status)) return null;
    return autoReturnReason(this.current.deliveryIssue, limit, now);
  }

  /** The cash's state as the carrier's news leaves it (cash-on-delivery.ts decides). */
  private withCodNews(
    s: ShipmentSnapshot,
    mapped: readonly StatusEventOf[],
    transitions: readonly StatusTransition<StatusEventOf>[],
  ): ShipmentSnapshot {
    const ledger: CodLedgerState = {
      amountHalalas: s.codAmountHalalas,
      status: s.cod?.status ?? null,
      collectedHalalas: s.cod?.collectedHalalas ?? null,
      collectedAt: s.cod?.collectedAt ?? null,
    };
    const delivered = mapped.find((e) => e.status === 'DELIVERED');
    const after = delivered
      ? codAfterCollection(ledger, delivered.codCollectedHalalas, delivered.occurredAt)
      : transitions.some((t) => COD_REFUSED_STATUSES.includes(t.to))
        ? codAfterRefusal(ledger)
        : ledger;
    if (after === ledger) return s;
    return {
      ...s,
      cod: {
        status: after.status,
        collectedHalalas: after.collectedHalalas,
        collectedAt: after.collectedAt,
        remittanceId: s.cod?.remittanceId ?? null,
      },
    };
  }

  private carrierHistoryEntry(e: ReportedTrackingEvent, now: Date): ShipmentHistoryEntry {
    const exceptionType = e.exceptionType ?? (e.status ? exceptionTypeOf(e.status) : undefined);
    return {
      shipmentId: this.current.id,
      eventKey: e.eventId,
      dedupeKey: e.dedupeKey,
      // An unmapped code is kept as the carrier's own rather than guessed at.
      code: e.status ?? (e.carrierStatus || 'UNKNOWN'),
      carrierStatus: e.carrierStatus ?? null,
      exceptionType: exceptionType ?? null,
      locationEn: e.locationEn ?? null,
      locationAr: e.locationAr ?? null,
      measuredWeightKg: e.measuredWeightKg ?? null,
      occurredAt: e.occurredAt,
      recordedAt: now,
      ...(e.pieceNumber !== undefined ? { pieceNumber: e.pieceNumber } : {}),
    };
  }
}

/** The event as the shipment's own: a piece number the shipment does not have names nothing. */
function withoutPiece(e: ReportedTrackingEvent): ReportedTrackingEvent {
  const { pieceNumber: _piece, ...event } = e;
  return event;
}

/** A delivery issue's id from the carrier event that opened it: the same report opens the same issue. */
function issueIdFor(shipmentId: string, eventId: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  const text = `${shipmentId}|${eventId}`;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ c, 0x5bd1e995) >>> 0;
  }
  return `dli_${h1.toString(16).padStart(8, '0')}${h2.toString(16).padStart(8, '0')}`;
}

/**
 * A delivered shipment keeps the proof of its delivery scan (ADR 0088): the first one that says
 * something, also when it arrives after the status (a carrier that adds the photo later). A scan
 * with a proof on a shipment that is not delivered changes nothing.
 */
function withProofOfDelivery(s: ShipmentSnapshot, mapped: readonly ReportedTrackingEvent[]): ShipmentSnapshot {
  if (s.status !== 'DELIVERED' || s.proofOfDelivery) return s;
  const proofs = mapped
    .filter((e) => e.status === 'DELIVERED')
    .map((e) => proofOfDeliveryFrom(e.proof, e.occurredAt))
    .filter((p): p is ProofOfDelivery => p !== undefined)
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  return proofs.length > 0 ? { ...s, proofOfDelivery: proofs[0] } : s;
}
