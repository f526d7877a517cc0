import { GATEWAY_EVENT_KEY_PREFIX, ShipmentDomainEventType, ShipmentHistoryEntry } from '../domain/shipment-domain-events';
import { ShipmentState } from '../domain/shipment.aggregate';
import { TrackingEventSource } from '../domain/tracking-history-order';

/**
 * A shipment as stored and shown: the state of the Shipment aggregate (libs/domain), under the
 * name the repositories know it by.
 */
export type ShipmentRecord = ShipmentState;

/** A history line as stored: the aggregate's entry with its row id. */
export interface TrackingEventRecord extends ShipmentHistoryEntry {
  readonly id: string;
}

/** A domain event written in the same transaction as the change it describes. */
export interface OutboxEventDraft {
  readonly teamId: string;
  readonly aggregateId: string;
  readonly type:
    | ShipmentDomainEventType
    /** A carrier paid out cash on delivery; the aggregate is the team's remittance (ADR 0044). */
    | 'cod.remitted';
  readonly payload: Record<string, unknown>;
}

/** Who wrote the event: the gateway's own steps have gateway-made keys. */
export function trackingEventSource(e: Pick<TrackingEventRecord, 'eventKey'>): TrackingEventSource {
  return e.eventKey.startsWith(GATEWAY_EVENT_KEY_PREFIX) ? 'gateway' : 'carrier';
}
