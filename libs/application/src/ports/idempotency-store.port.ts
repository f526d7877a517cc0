export type IdempotencyBegin =
  | { readonly kind: 'started' }
  | { readonly kind: 'replay'; readonly status: number; readonly body: unknown }
  | { readonly kind: 'in_progress' }
  | { readonly kind: 'mismatch' };

export interface IdempotencyStorePort {
  /** Atomically claims (team, scope, key) for this request hash, or reports what holds it. */
  begin(teamId: string, scope: string, key: string, requestHash: string, now: Date, ttlMs: number): Promise<IdempotencyBegin>;
  complete(teamId: string, scope: string, key: string, status: number, body: unknown): Promise<void>;
  /** Forgets a claim whose request failed, so a retry can run. */
  abandon(teamId: string, scope: string, key: string): Promise<void>;
}

export const IDEMPOTENCY_STORE = Symbol('IDEMPOTENCY_STORE');
