/**
 * Keys that make a retried request answer like the first one (docs/adr/0014-idempotency-leases.md).
 * The edge decides which requests have one and what the answer is; the application only keeps,
 * through intent recovery, the view of a request whose process died.
 */

/** What a completed request left under its key. */
export interface KeptResponse {
  /** The edge's word for how it answered; null when intent recovery kept the view (the route's own then holds). */
  readonly outcome: string | null;
  readonly body: unknown;
}

export type IdempotencyBegin =
  | { readonly kind: 'started' }
  | ({ readonly kind: 'replay' } & KeptResponse)
  /** Another request holds the key and its lease runs until `leaseExpiresAt`. */
  | { readonly kind: 'in_progress'; readonly leaseExpiresAt: Date }
  /** The request holding the key stopped renewing its lease: its process presumably died. */
  | { readonly kind: 'lease_expired' }
  | { readonly kind: 'mismatch' };

export interface IdempotencyClaim {
  readonly teamId: string;
  readonly scope: string;
  readonly key: string;
  readonly requestHash: string;
  /** Identifies the request holding the key, so that only it can free the key. */
  readonly owner: string;
  readonly now: Date;
  readonly ttlMs: number;
  readonly leaseMs: number;
}

export interface IdempotencyStorePort {
  /** Atomically claims (team, scope, key) for this request hash, or reports what holds it. */
  begin(claim: IdempotencyClaim): Promise<IdempotencyBegin>;
  /** Takes over a key whose lease expired; false when someone else took it first or it moved on. */
  takeOver(claim: IdempotencyClaim): Promise<boolean>;
  /**
   * Keeps the answer; also completes the booking intents the request left pending under the key
   * once their shipment is recorded (docs/adr/0068), in the same commit.
   */
  complete(teamId: string, scope: string, key: string, response: KeptResponse): Promise<void>;
  /** Forgets a claim whose request failed, so a retry can run; only the owner's claim. */
  abandon(teamId: string, scope: string, key: string, owner: string): Promise<void>;
  /** Forgets an in-progress claim whose lease expired (its request was settled by recovery). */
  releaseExpired(teamId: string, scope: string, key: string, now: Date): Promise<void>;
}

export const IDEMPOTENCY_STORE = Symbol('IDEMPOTENCY_STORE');
