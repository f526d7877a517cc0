import { ProofMethod, ShipmentStatus } from '@lgw/kernel';

export interface NativeStatus {
  readonly code: string;
  readonly text: string;
}

/**
 * A carrier's own status vocabulary, for the statuses it can express: the control API speaks
 * gateway statuses, the simulated carrier records and reports its own codes, and the adapter
 * has to map them back.
 */
export type Vocabulary = Readonly<Partial<Record<ShipmentStatus, NativeStatus>>>;

/** An address as the sandbox keeps it, whatever the native dialect it arrived in. */
export interface SandboxParty {
  name?: string;
  line1?: string;
  city: string;
  region?: string;
  country: string;
  postal_code?: string;
  additional_number?: string;
  short_address?: string;
  phone?: string;
}

export interface SandboxParcel {
  weight_kg: number;
  length_cm: number;
  width_cm: number;
  height_cm: number;
}

export interface SandboxEvent {
  /** Global order of recording: cursors and feeds page on it. */
  readonly seq: number;
  readonly id: string;
  /** gateway status the event stands for, or null for a raw native code injected by a test. */
  readonly specStatus: ShipmentStatus | null;
  readonly nativeCode: string;
  readonly nativeText: string;
  readonly occurredAt: Date;
  readonly recordedAt: Date;
  readonly locationEn?: string;
  readonly locationAr?: string;
  readonly measuredWeightKg?: number;
  /** DELIVERED of a cash-on-delivery shipment: the cash the courier took at the door, in halalas. */
  readonly codCollectedHalalas?: number;
  /** DELIVERED: how the courier proved the hand-over and to whom, as a test set it (each simulator says it its own way). */
  readonly proof?: SandboxProof;
  readonly source: 'control' | 'auto';
  /**
   * A scan of one parcel of a shipment the carrier numbers parcel by parcel (its piece number,
   * 1-based); absent, the scan is every parcel's (the shipment moved as one).
   */
  readonly piece?: number;
}

export interface SandboxProof {
  readonly method: ProofMethod;
  readonly receivedBy?: string;
  readonly photoUrl?: string;
}

export interface SandboxShipment {
  readonly carrier: string;
  readonly trackingNumber: string;
  readonly carrierReference: string;
  readonly service: string;
  /** The gateway's own id for the booking (idempotency key, order_ref, gateway ref). */
  readonly clientReference?: string;
  readonly merchantReference?: string;
  /** Cash to collect at the door, in halalas, as the booking asked (absent: none). */
  readonly codAmountHalalas?: number;
  /** The merchant account whose credentials booked it (SandboxAccounts); absent before accounts existed. */
  readonly account?: string;
  /**
   * A carrier that numbers each parcel (SMSA's AWB per parcel): every parcel's number in order,
   * the first being `trackingNumber`; absent for one parcel and for carriers that number the
   * shipment only.
   */
  readonly pieceTrackingNumbers?: readonly string[];
  /** Cities only: full addresses live in the bounded detail cache (see CarrierState). */
  readonly originCity: string;
  destinationCity: string;
  readonly lane: 'domestic' | 'international';
  readonly bookedAt: Date;
  /** Index into the lifecycle path of the furthest flow step reached. */
  position: number;
  latestStatus: ShipmentStatus;
  cancelled: boolean;
  nextAdvanceAt?: number;
  /** A scripted walk asked for by a magic reference (test-values.ts), and the steps taken. */
  scenario?: string;
  scenarioStep?: number;
  readonly events: SandboxEvent[];
  /** Created on first use: most shipments are never cancelled or redirected. */
  /** `account`: the merchant account whose credentials asked (SandboxAccounts). */
  cancellations?: { received_at: Date; reason?: string; account?: string }[];
  destinationUpdates?: { received_at: Date; address: SandboxParty; native: unknown; account?: string }[];
}

/** What a booking carried in full, kept for recent bookings only. */
export interface SandboxBookingDetail {
  readonly origin: SandboxParty;
  readonly destination: SandboxParty;
  readonly parcels: readonly SandboxParcel[];
  readonly nativeJson: string;
}

/** A cash-on-delivery payout the carrier made to the merchant account (seeded by the control API). */
export interface SandboxRemittance {
  /** Order of publication per carrier: the carriers' payout feeds page on it. */
  readonly seq: number;
  readonly reference: string;
  readonly remittedAt: Date;
  readonly items: readonly { readonly trackingNumber: string; readonly amountHalalas: number }[];
  /** The merchant account paid (SandboxAccounts); absent in payouts saved before accounts were paid apart: the platform's. */
  readonly account?: string;
}

export type FaultMode = 'none' | 'down' | 'slow' | 'error';

export interface Fault {
  mode: FaultMode;
  latencyMs: number;
}

export interface PassthroughRecord {
  received_at: Date;
  body: Buffer;
  credentials_ok: boolean;
  content_type?: string;
}

/** A courier collection the simulated carrier booked, in gateway terms (Riyadh date and times). */
export interface SandboxPickup {
  readonly confirmationNumber: string;
  /** The client's reference for the collection (the gateway's pickup id). */
  readonly reference: string;
  readonly date: string;
  readonly from: string;
  readonly to: string;
  readonly trackingNumbers: readonly string[];
  /** How many parcels, where the carrier is told a count and not their numbers (Aymakan); else trackingNumbers' length. */
  readonly parcelCount?: number;
  readonly city: string;
  readonly bookedAt: Date;
  cancelled: boolean;
  /** The request as the carrier received it. */
  readonly native: unknown;
}
