import { AddressProps, ExceptionType, ShipmentStatus, ParcelProps, ReportedProof } from '@lgw/kernel';

/** What the gateway asks a carrier to book. Money in integer halalas. */
export interface CarrierBookingRequest {
  /** Gateway shipment id: carriers that support it use it to make booking idempotent. */
  readonly shipmentId: string;
  readonly serviceCode: string;
  readonly origin: AddressProps;
  readonly destination: AddressProps;
  readonly parcels: readonly ParcelProps[];
  readonly declaredValueHalalas?: number;
  readonly codAmountHalalas?: number;
  readonly reference?: string;
  /**
   * A customer return (POST /shipments/{id}/return): the gateway id of the delivered shipment it
   * brings back. Origin is the customer, destination the merchant; a carrier with a return product
   * of its own books it there (docs/adr/0047). Absent: an outbound shipment.
   */
  readonly returnOf?: string;
}

export interface CarrierBooking {
  readonly trackingNumber: string;
  /** The carrier's own id for the booking, when it differs from the tracking number. */
  readonly carrierReference: string;
  /**
   * A carrier that numbers pieces (capabilities.pieces.numbering 'carrier'): its tracking number
   * of each parcel, in the request's order (docs/adr/0087). Absent: the gateway numbers them.
   */
  readonly pieceTrackingNumbers?: readonly string[];
}

/** A booking the carrier holds under the gateway's reference (the shipment id it was booked with). */
export interface CarrierBookingFound extends CarrierBooking {
  readonly cancelled: boolean;
}

/** One tracking event as the carrier reported it, already mapped to gateway vocabulary. */
export interface CarrierTrackingEvent {
  readonly trackingNumber: string;
  /** Stable per carrier event: used to store an event once however often it is reported. */
  readonly eventId: string;
  /** The carrier's own status code, kept for audit. */
  readonly carrierStatus: string;
  /** Mapped gateway status, or null when the carrier code is unknown to the status map. */
  readonly status: ShipmentStatus | null;
  readonly exceptionType?: ExceptionType;
  readonly locationEn?: string;
  readonly locationAr?: string;
  readonly occurredAt: Date;
  /** Weight the carrier measured, for WEIGHT_MISMATCH events. */
  readonly measuredWeightKg?: number;
  /** DELIVERED of a cash-on-delivery shipment: the cash the carrier says it collected, in halalas. */
  readonly codCollectedHalalas?: number;
  /** DELIVERED: who took the parcel and how the courier proved it, where the carrier reports it (ADR 0088). */
  readonly proof?: ReportedProof;
  /**
   * A carrier that tracks each piece of a multi-piece shipment by its own number: the piece the
   * event came under (1-based; the master's number is piece 1). `trackingNumber` stays the
   * shipment's (the master). Absent: the event is the shipment's (docs/adr/0087).
   */
  readonly pieceNumber?: number;
}

/**
 * The pieces' own tracking numbers of multi-piece shipments the carrier numbered itself: master
 * tracking number → its pieces' numbers in piece order (the first is the master). Tracking asks
 * for each of them (docs/adr/0087).
 */
export type TrackedPieces = ReadonlyMap<string, readonly string[]>;

/** One cash-on-delivery payout as the carrier published it, in gateway terms. Money in halalas. */
export interface CarrierRemittance {
  /** The carrier's own payout reference: with the carrier code and the account paid, what makes a payout unique. */
  readonly reference: string;
  readonly remittedAt: Date;
  readonly lines: readonly { readonly trackingNumber: string; readonly amountHalalas: number }[];
}

/** A page of payouts and where the next read resumes (opaque to the gateway; null = from the start). */
export interface CarrierRemittancePage {
  readonly remittances: readonly CarrierRemittance[];
  readonly cursor: string | null;
  readonly hasMore: boolean;
}

export interface PassthroughResponse {
  readonly status: number;
  readonly contentType: string;
  readonly body: Buffer;
}

/** A courier collection as the gateway asks a carrier for it (POST /pickups). */
export interface CarrierPickupRequest {
  /** Gateway pickup id: the reference the carrier knows the collection by (recovery asks by it). */
  readonly reference: string;
  /** Riyadh calendar date, YYYY-MM-DD. */
  readonly date: string;
  /** Riyadh wall-clock "HH:MM" bounds. */
  readonly window: { readonly from: string; readonly to: string };
  readonly address: AddressProps;
  readonly trackingNumbers: readonly string[];
  readonly parcelCount: number;
}

export interface CarrierPickupBooking {
  readonly confirmationNumber: string;
}

export interface CarrierPickupFound extends CarrierPickupBooking {
  readonly cancelled: boolean;
}

/** What a carrier that collects from the merchant's door implements (declared in its folder). */
export interface CarrierPickupOperations {
  schedulePickup(request: CarrierPickupRequest): Promise<CarrierPickupBooking>;
  /** Safe to repeat: a collection already cancelled answers like the first cancel. */
  cancelPickup(confirmationNumber: string, reference: string): Promise<void>;
  /** The collection booked under the gateway's reference, or null when the carrier has none. */
  findPickupByReference(reference: string): Promise<CarrierPickupFound | null>;
}

/** What became of one order of a bulk hand-off, in the position of its request. */
export type CarrierBulkOutcome =
  | { readonly booked: CarrierBooking }
  /** The carrier answered and refused the order (its own validation). */
  | { readonly refused: string }
  /**
   * No answer for this order (its file failed, or it was missing from the result file): it may
   * be booked, so it is looked up before it is sent again. Usually a CarrierUnavailableError.
   */
  | { readonly unavailable: unknown };

/**
 * Carriers that take orders in files (declared by the adapter): a page of orders goes out
 * as whole files, at most `ordersPerFile` orders each and `filesInFlight` files at once, and
 * the answers are matched back by the gateway reference. Re-sending an order is safe: the
 * carrier answers it with its first booking (the adapter requires that of its carrier).
 */
export interface CarrierBulkBooking {
  readonly ordersPerFile: number;
  readonly filesInFlight: number;
  /** One outcome per request, same order; never rejects for a single file's failure. */
  bookMany(requests: readonly CarrierBookingRequest[]): Promise<CarrierBulkOutcome[]>;
}

/** What a carrier that prices shipments itself is asked (POST /rates). Money in halalas. */
export interface CarrierRateRequest {
  readonly serviceCode: string;
  readonly origin: AddressProps;
  readonly destination: AddressProps;
  readonly parcels: readonly ParcelProps[];
  readonly codAmountHalalas?: number;
}

/** The carrier's price on the account asked, before VAT (the gateway adds VAT as on every quote). */
export interface CarrierRate {
  readonly amountHalalas: number;
}

/** One implementation per carrier (libs/carriers/<code>). */
export interface CarrierPort {
  readonly code: string;
  book(request: CarrierBookingRequest): Promise<CarrierBooking>;
  cancel(trackingNumber: string): Promise<void>;
  /**
   * The booking made with `gatewayReference` (CarrierBookingRequest.shipmentId), or null when
   * the carrier has none: how recovery learns the outcome of a booking whose answer was lost.
   */
  findBookingByReference(gatewayReference: string): Promise<CarrierBookingFound | null>;
  /**
   * Events for many shipments in one go; shipments with nothing new may be absent. `pieces`: the
   * carrier's own numbers of the multi-piece shipments among them; a carrier that tracks pieces
   * asks for those too and tags each event with its piece (one that does not ignores them).
   */
  fetchTracking(trackingNumbers: readonly string[], pieces?: TrackedPieces): Promise<CarrierTrackingEvent[]>;
  updateDestination(trackingNumber: string, destination: AddressProps): Promise<void>;
  /** Forwards the raw JSON bytes to the carrier's native passthrough target. */
  passthrough(rawBody: Buffer): Promise<PassthroughResponse>;
  /**
   * Cash-on-delivery payouts published after `cursor` (null: from the first), one page. A
   * carrier without a payout feed throws CarrierOperationNotSupportedError.
   */
  fetchRemittances(cursor: string | null): Promise<CarrierRemittancePage>;
  /** Present when the carrier collects (its descriptor declares capabilities.pickups). */
  readonly pickups?: CarrierPickupOperations;
  /** Present when the carrier takes orders in files: batches hand their pages over in bulk. */
  readonly bulk?: CarrierBulkBooking;
  /**
   * The carrier's own label document of a booking, byte for byte, when it issues one (its
   * descriptor declares capabilities.labels): what GET /labels serves instead of a rendered label.
   */
  fetchLabel?(trackingNumber: string): Promise<Buffer>;
  /**
   * Present when the carrier pushes status updates to a webhook URL: its pushed body as tracking
   * events (the same events, with the same ids, as polling reads), or null when the body is not
   * the carrier's documented payload.
   */
  readPush?(body: unknown): CarrierTrackingEvent[] | null;
  /**
   * The carrier's own price for these parcels on this account, when its API quotes (Aramex's
   * CalculateRate): POST /rates prices the carrier with it instead of a rate card, within the
   * adapter's rate deadline. Absent: the carrier is priced from rate cards.
   */
  quoteRate?(request: CarrierRateRequest): Promise<CarrierRate>;
}

/** Resolves carrier codes to adapters; bound in the app modules. */
export interface CarrierRegistryPort {
  /** The live carriers. */
  get(code: string): CarrierPort | undefined;
  /** How coarse the carrier's event times are, in ms (1 = exact); 1 when not declared. */
  eventTimeResolutionMs?(code: string): number;
  /**
   * The carriers a tenant's work goes to: the live ones for a team, the sandbox simulators
   * for a team's test scope, whatever the live configuration (docs/adr/0060). Absent: one
   * set of carriers for everybody.
   */
  forTenant?(teamId: string): Promise<CarrierRegistryPort>;
  /**
   * The carrier's adapter working on an account's credentials (a carrier connection, setting
   * name → value) instead of the platform's, at this registry's carrier URLs. Absent: the
   * registry serves the platform's accounts only.
   */
  connect?(code: string, credentials: Readonly<Record<string, string>>): CarrierPort | undefined;
  /** The platform's adapter of a live carrier works on these credentials from now on (its platform connection changed). */
  usePlatformCredentials?(code: string, credentials: Readonly<Record<string, string>>): void;
}

export const CARRIER_REGISTRY = Symbol('CARRIER_REGISTRY');

/** The registry a tenant's carrier calls go through (see CarrierRegistryPort.forTenant). */
export async function carriersFor(registry: CarrierRegistryPort, teamId: string): Promise<CarrierRegistryPort> {
  return registry.forTenant ? registry.forTenant(teamId) : registry;
}

/** The adapter of a carrier a quote or shipment names; a missing one is a deployment fault. */
export function carrierAdapter(registry: CarrierRegistryPort, code: string): CarrierPort {
  const adapter = registry.get(code);
  if (!adapter) throw new Error(`no adapter for carrier ${code}`);
  return adapter;
}
