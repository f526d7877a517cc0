/**
 * A carrier call recorded before it is made (docs/adr/0013-carrier-intents.md), so that the
 * outcome of a call whose process died can be settled afterwards.
 */
export type CarrierIntentKind = 'book' | 'cancel' | 'update_destination' | 'schedule_pickup';

/**
 * pending: the call may or may not have reached the carrier and nobody has answered the client;
 * compensating: the client was told the call failed, so whatever the carrier did must be undone
 * (a booking cancelled) or adopted (a cancellation recorded);
 * completed, abandoned: final.
 */
export type CarrierIntentState = 'pending' | 'compensating' | 'completed' | 'abandoned';

export const UNRESOLVED_INTENT_STATES: readonly CarrierIntentState[] = ['pending', 'compensating'];

/** The Idempotency-Key the request that recorded the intent ran under, if any. */
export interface IdempotencyRef {
  readonly scope: string;
  readonly key: string;
}

export interface CarrierIntent {
  readonly id: string;
  readonly kind: CarrierIntentKind;
  readonly teamId: string;
  /** Also the gateway's reference the carrier knows the booking by. */
  readonly shipmentId: string;
  readonly carrierCode: string;
  /** The quote a booking claimed: while the intent is unresolved or completed, the claim is its. */
  readonly quoteId?: string | null;
  readonly state: CarrierIntentState;
  /** What completing the step needs: the shipment to record, the cancel reason, the new destination. */
  readonly payload: Record<string, unknown>;
  readonly idempotency: IdempotencyRef | null;
  readonly createdAt: Date;
}

export interface CarrierIntentStorePort {
  /** Durably records a pending intent; resolves only once it is committed. */
  record(intent: Omit<CarrierIntent, 'state'>): Promise<void>;
  /** Moves an intent from one of `from` to `to`; false when it was in none of them any more. */
  transition(id: string, from: readonly CarrierIntentState[], to: CarrierIntentState, now: Date): Promise<boolean>;
  /**
   * Unresolved intents created before `createdBefore`, oldest first, each held for `holdMs`
   * so that two recoverers (replicas, or a retry and the worker) do not settle the same one.
   */
  claimUnresolved(createdBefore: Date, now: Date, holdMs: number, limit: number): Promise<CarrierIntent[]>;
  /**
   * Unresolved intents recorded under one Idempotency-Key, held like claimUnresolved;
   * `heldElsewhere` when some of them are being settled by another recoverer right now.
   */
  claimForKey(
    teamId: string,
    key: IdempotencyRef,
    now: Date,
    holdMs: number,
  ): Promise<{ claimed: CarrierIntent[]; heldElsewhere: boolean }>;
  /**
   * The shipment a booking completed under the Idempotency-Key since the key was last taken, or
   * null: what a retry must be answered when the request's process died after the booking's commit
   * and before its answer was kept.
   */
  bookedUnderKey(teamId: string, key: IdempotencyRef): Promise<string | null>;
}

export const CARRIER_INTENTS = Symbol('CARRIER_INTENTS');

/**
 * Settles the intents a request left under its Idempotency-Key when its process died, so
 * that a retry gets their outcome (bound to the recovery use case in the composition root).
 */
export interface IntentRecoveryPort {
  /** True when nothing under the key is left unresolved (the carrier could be asked). */
  settleForKey(teamId: string, key: IdempotencyRef): Promise<boolean>;
}

export const INTENT_RECOVERY = Symbol('INTENT_RECOVERY');
