import { randomUUID } from 'node:crypto';
import { ExceptionType } from '@lgw/kernel';
import { ShipmentState } from '../domain/shipment.aggregate';
import { TrackingEventSource } from '../domain/tracking-history-order';

/**
 * A shipment as stored and shown: the state of the Shipment aggregate (libs/domain), under the
 * name the repositories know it by.
 */
export type ShipmentRecord = ShipmentState;

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
