import { PickupRecord, PickupShipmentMove } from '../pickup.record';

export type PickupInsertOutcome = 'inserted' | 'exists' | 'shipments_moved';

export interface PickupRepositoryPort {
  /**
   * The pickup and every shipment's move to PICKUP_SCHEDULED, atomically: `exists` when a pickup
   * with this id is already stored (recovery got there first), `shipments_moved` (nothing
   * written) when a shipment left its expected status meanwhile.
   */
  insertScheduled(pickup: PickupRecord, moves: readonly PickupShipmentMove[]): Promise<PickupInsertOutcome>;
  /**
   * CANCELLED if still SCHEDULED, and the moves of shipments still in their expected status
   * (others moved on and keep where they are), atomically. False when it was not SCHEDULED.
   */
  markCancelled(pickup: PickupRecord, at: Date, moves: readonly PickupShipmentMove[]): Promise<boolean>;
  findForTeam(teamId: string, id: string): Promise<PickupRecord | null>;
  /** Newest first. */
  list(teamId: string, limit: number, offset: number): Promise<{ items: PickupRecord[]; total: number }>;
}

export const PICKUP_REPOSITORY = Symbol('PICKUP_REPOSITORY');
