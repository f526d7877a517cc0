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
} from '@lgw/kernel';
import type { CodStatus } from '@lgw/cod';
import { codAfterCollection, codAfterRefusal, CodLedgerState } from './cod-collection';
import { Lane } from '@lgw/carrier-access';
import { SHIPMENT_WARNING_CODES, ShipmentWarning } from '@lgw/addresses';
import { ReportedException, returnReasonFrom } from './return-reason';
import { eventKindsForStatusChange } from './shipment-event-kinds';
import { gatewayHistoryEntry, ShipmentChanges, ShipmentDomainEvent, ShipmentHistoryEntry } from './shipment-domain-events';
import { applyStatusEvents, StatusTransition } from './tracking-status-reducer';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A quote's breakdown in halalas (docs/api.md §2 Quote.breakdown codes). */
export interface QuotedPriceLines {
  readonly base: number;
  readonly weight_charge: number;
  readonly fuel_surcharge: number;
  /** Only when the quote was rated with cash on delivery. */
  readonly cod_fee?: number;
  readonly vat: number;
}

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
  /** Why the carrier sent it back: the exception type it reported last before the return. */
  readonly returnReason?: string | null;
  readonly cod?: CodProgress | null;
  /**
   * When tracking saw the shipment reach its terminal status (gateway clock): late scans are
   * still asked for during a grace period from here. Null in flight and for a shipment the
   * gateway cancelled itself; absent when the reader did not load it.
   */
  readonly terminalAt?: Date | null;
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
  readonly occurredAt: Date;
}

export interface TrackingApplyOptions {
  /** The gateway's clock: when the events are recorded. */
  readonly now: Date;
  /** The carrier's time resolution (bahr reports to the minute). */
  readonly timeResolutionMs?: number;
  /** The last exception already in the history, for the return reason. */
  readonly lastRecordedException?: ReportedException | null;
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
  readonly price: { readonly totalHalalas: number; readonly lines: QuotedPriceLines };
  readonly warnings?: readonly ShipmentWarning[];
  readonly returnOf?: string | null;
  readonly bookedAt: Date;
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
      estimatedDeliveryAt: new Date(now.getTime() + b.transitMaxDays * DAY_MS),
      createdAt: now,
      updatedAt: now,
      cancelledAt: null,
      cancelReason: null,
      returnOf: b.returnOf ?? null,
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

  /** Before pickup only (docs/api.md §3): the state machine's move to CANCELLED. */
  get cancellable(): boolean {
    return this.canMoveTo('CANCELLED');
  }

  assertCancellable(): void {
    if (!this.cancellable) throw new DomainError('E_CANCEL_NOT_ALLOWED', { status: this.status });
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
    booking: { readonly trackingNumber: string; readonly carrierReference: string },
    origination: Readonly<Record<string, unknown>> = {},
  ): this {
    const s = this.current;
    this.current = { ...s, trackingNumber: booking.trackingNumber, carrierReference: booking.carrierReference };
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
   */
  applyTrackingEvents(events: readonly ReportedTrackingEvent[], opts: TrackingApplyOptions): readonly StatusTransition<StatusEventOf>[] {
    const s = this.current;
    const now = opts.now;
    const mapped = events.filter((e): e is StatusEventOf => e.status !== null);
    const result = applyStatusEvents(
      { status: s.status, ...(s.progress ? { progress: s.progress } : {}), ...(s.lastEventAt ? { lastEventAt: s.lastEventAt } : {}) },
      mapped,
      { international: s.lane !== 'domestic', timeResolutionMs: opts.timeResolutionMs ?? 1 },
    );
    const status = result.state.status;
    const progress = result.state.progress;
    const lastEventAt = result.state.lastEventAt ?? s.lastEventAt;
    const moved = status !== s.status || progress !== s.progress || (lastEventAt?.getTime() ?? null) !== (s.lastEventAt?.getTime() ?? null);
    const history = events.map((e) => this.carrierHistoryEntry(e, now));
    let next: ShipmentSnapshot = {
      ...s,
      status,
      progress,
      lastEventAt,
      // The grace period starts when tracking moves the shipment to a terminal status; a status
      // that was terminal already keeps what it had.
      terminalAt: !isTerminal(status) ? null : isTerminal(s.status) ? (s.terminalAt ?? null) : now,
      updatedAt: moved ? now : s.updatedAt,
    };
    next = this.withCodNews(next, mapped, result.transitions);
    if (result.transitions.some((t) => RETURN_LEG.includes(t.to) && !RETURN_LEG.includes(t.from)) && !next.returnReason) {
      const reported = history
        .filter((h): h is ShipmentHistoryEntry & { exceptionType: ExceptionType } => h.exceptionType !== null)
        .map((h) => ({ type: h.exceptionType, occurredAt: h.occurredAt, recordedAt: h.recordedAt }));
      next = { ...next, returnReason: returnReasonFrom(opts.lastRecordedException ? [opts.lastRecordedException, ...reported] : reported) };
    }
    this.current = next;
    for (const entry of history) this.addHistory(entry);
    for (const t of result.transitions) {
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
          kinds: eventKindsForStatusChange(t.from, t.to),
        },
      });
    }
    // Every new weighing, also one too late to move the status: billing re-prices on it (ADR 0021).
    for (const e of events) {
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
    return result.transitions;
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
    };
  }
}
