import { ExceptionType } from '@lgw/kernel';

/** The kinds of fact a shipment records about itself. */
export type ShipmentDomainEventType =
  | 'shipment.created'
  | 'shipment.status_changed'
  | 'shipment.cancelled'
  | 'shipment.destination_updated'
  /** A carrier weighed the parcel; whether or not the status moved (a late report may not). */
  | 'shipment.weighed'
  /** A failed delivery opened an issue, or the issue ended (delivered, or on its way back). */
  | 'delivery_issue.opened'
  | 'delivery_issue.resolved'
  /** Something was asked of the carrier about an issue (no webhook kind: the shipment shows it). */
  | 'delivery_issue.action_requested'
  /** The estimated delivery date moved later. */
  | 'shipment.delayed';

/**
 * A domain event the Shipment aggregate records when it changes; the repository saves it with
 * the change, in the same transaction (the outbox), and the relay publishes it (webhooks,
 * billing). `payload.kinds` names the webhook kinds it fans out to.
 */
export interface ShipmentDomainEvent {
  readonly teamId: string;
  readonly aggregateId: string;
  readonly type: ShipmentDomainEventType;
  readonly payload: Record<string, unknown>;
}

/**
 * A line the aggregate adds to its tracking history; the store gives it its row id. Carrier
 * events carry the carrier's id as key; the gateway's own steps carry a gateway-made key.
 */
export interface ShipmentHistoryEntry {
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
  /** Carrier events reported for one piece of a multi-piece shipment: its number (docs/adr/0087); absent or null otherwise. */
  readonly pieceNumber?: number | null;
}

/** What a shipment recorded since it was loaded: saved with its state, then forgotten. */
export interface ShipmentChanges {
  readonly events: readonly ShipmentDomainEvent[];
  readonly history: readonly ShipmentHistoryEntry[];
}

export const GATEWAY_EVENT_KEY_PREFIX = 'gateway:';

/**
 * A step the gateway itself records (CREATED, LABEL_GENERATED, CANCELLED, a pickup). Its key is
 * fixed per step, so recording it twice stores it once.
 */
export function gatewayHistoryEntry(
  shipmentId: string,
  step: string,
  code: string,
  at: Date,
  locationEn: string | null = null,
): ShipmentHistoryEntry {
  return {
    shipmentId,
    eventKey: `${GATEWAY_EVENT_KEY_PREFIX}${step}`,
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
