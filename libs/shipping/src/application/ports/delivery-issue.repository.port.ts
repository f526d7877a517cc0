import type { AuditEntry } from '@lgw/kernel';
import { Shipment } from '../../domain/shipment.aggregate';
import { DeliveryIssueStatus } from '../../domain/delivery-issue';
import { ShipmentRecord } from '../shipment.record';

export interface DeliveryIssueListQuery {
  readonly teamId: string;
  readonly status?: DeliveryIssueStatus;
  readonly limit: number;
  readonly offset: number;
}

/** A shipment whose issue may be due for the automatic return, with its team's limit of attempts. */
export interface AutoReturnCandidate {
  readonly shipmentId: string;
  readonly teamId: string;
  readonly autoReturnAfterAttempts: number;
}

export interface DeliveryIssueRepositoryPort {
  /**
   * Loads the shipment under its row lock, lets `decide` change it through the aggregate (a throw
   * changes nothing), and saves what changed with its domain events, in one transaction. The
   * shipment as saved, or null when there is no such shipment.
   */
  /** `audit`: the trail's entry for the change, written by the same transaction (docs/adr/0082). */
  change(
    shipmentId: string,
    decide: (shipment: Shipment) => void,
    audit?: (shipment: Shipment) => AuditEntry,
  ): Promise<ShipmentRecord | null>;
  /** The team's shipments with a delivery issue (in that status), most recently changed first. */
  list(query: DeliveryIssueListQuery): Promise<{ shipments: ShipmentRecord[]; total: number }>;
  /** Shipments whose active issue reached its team's attempts or its deadline (a scheduling filter; the aggregate decides). */
  dueForAutoReturn(now: Date, limit: number): Promise<AutoReturnCandidate[]>;
  /** The shipment a recipient's tracking token names (any team), or null. */
  findByTrackingToken(token: string): Promise<ShipmentRecord | null>;
  /** The team's limit of failed attempts before a parcel goes back. */
  autoReturnAfterAttempts(teamId: string): Promise<number>;
}

export const DELIVERY_ISSUE_REPOSITORY = Symbol('DELIVERY_ISSUE_REPOSITORY');
