import {
  AddressProps,
  DomainError,
  ValidationError,
  ParcelProps,
  canTransition,
  isTerminal,
  ShipmentStatus,
  LabelFormat,
} from '@lgw/kernel';
import { CodStatus } from '@lgw/cod';
import { Lane } from '@lgw/carrier-access';
import { SHIPMENT_WARNING_CODES, ShipmentWarning } from '@lgw/addresses';

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
}

/** A shipment about to be booked: everything but the reference the database allocates. */
export type BookingDraft = Omit<ShipmentState, 'serviceReference'>;

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
 * Use cases ask it; adapters store and show its state.
 */
export class Shipment {
  private constructor(readonly state: BookingDraft & Partial<Pick<ShipmentState, 'serviceReference'>>) {}

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
}
