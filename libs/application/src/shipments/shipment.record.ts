import { randomUUID } from 'node:crypto';
import {
  AddressProps,
  CodStatus,
  ExceptionType,
  Lane,
  ParcelProps,
  ShipmentStatus,
  ShipmentWarning,
  TrackingEventSource,
} from '@lgw/domain';
import { LabelFormat } from '../ports/label-renderer.port';

/** A shipment as stored. Money in integer halalas. */
export interface ShipmentRecord {
  readonly id: string;
  readonly teamId: string;
  /** Null for shipments booked from a fulfilment batch: they are priced without a quote. */
  readonly quoteId: string | null;
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
  readonly codAmountHalalas: number | null;
  readonly reference: string | null;
  /** The label format asked for at booking (GET /labels without ?format); absent → pdf_a6. */
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
  /**
   * Cash on delivery after booking (docs/adr/0043-cash-on-delivery.md): what the carrier
   * collected and the payout that carried it. Absent or null status with an amount = PENDING.
   */
  readonly cod?: CodProgress | null;
}

export interface CodProgress {
  readonly status: CodStatus | null;
  readonly collectedHalalas: number | null;
  readonly collectedAt: Date | null;
  readonly remittanceId: string | null;
}

/** A quote's breakdown in halalas (docs/api.md §2 Quote.breakdown codes). */
export interface QuotedPriceLines {
  readonly base: number;
  readonly weight_charge: number;
  readonly fuel_surcharge: number;
  /** Only when the quote was rated with cash on delivery. */
  readonly cod_fee?: number;
  readonly vat: number;
}

export interface TrackingEventRecord {
  readonly id: string;
  readonly shipmentId: string;
  /** The carrier's event id, or a gateway-made one (gateway:<code>) for gateway events; unique per shipment. */
  readonly eventKey: string;
  /**
   * Carrier events only: the event's identity (code, time at the carrier's resolution, place;
   * trackingEventIdentity), unique per shipment, so a scan re-sent under a new id is stored once.
   */
  readonly dedupeKey?: string | null;
  /** gateway status, or the carrier's own code when it maps to none. */
  readonly code: string;
  readonly carrierStatus: string | null;
  readonly exceptionType: ExceptionType | null;
  readonly locationEn: string | null;
  readonly locationAr: string | null;
  readonly measuredWeightKg: number | null;
  readonly occurredAt: Date;
  readonly recordedAt: Date;
}

/** A domain event written in the same transaction as the change it describes. */
export interface OutboxEventDraft {
  readonly teamId: string;
  readonly aggregateId: string;
  readonly type:
    | 'shipment.created'
    | 'shipment.status_changed'
    | 'shipment.cancelled'
    | 'shipment.destination_updated'
    /** A carrier weighed the parcel; whether or not the status moved (a late report may not). */
    | 'shipment.weighed'
    /** A carrier paid out cash on delivery; the aggregate is the team's remittance (ADR 0044). */
    | 'cod.remitted';
  readonly payload: Record<string, unknown>;
}

const GATEWAY_EVENT_KEY_PREFIX = 'gateway:';

/** Who wrote the event: the gateway's own steps have gateway-made keys. */
export function trackingEventSource(e: Pick<TrackingEventRecord, 'eventKey'>): TrackingEventSource {
  return e.eventKey.startsWith(GATEWAY_EVENT_KEY_PREFIX) ? 'gateway' : 'carrier';
}

/**
 * An event the gateway itself records (CREATED, LABEL_GENERATED, CANCELLED). Its key is
 * fixed per code, so recording it twice stores it once.
 */
export function gatewayEvent(
  shipmentId: string,
  code: 'CREATED' | 'LABEL_GENERATED' | 'CANCELLED',
  at: Date,
  locationEn: string | null = null,
): TrackingEventRecord {
  return {
    id: randomUUID(),
    shipmentId,
    eventKey: `${GATEWAY_EVENT_KEY_PREFIX}${code}`,
    code,
    carrierStatus: null,
    exceptionType: null,
    locationEn,
    locationAr: null,
    measuredWeightKg: null,
    occurredAt: at,
    recordedAt: at,
  };
}
