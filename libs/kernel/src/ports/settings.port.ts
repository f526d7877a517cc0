/** The operator settings use cases need, bound from the app config. */
export interface GatewaySettings {
  readonly apiKeyPrefix: string;
  readonly rateLimitPerMinute: number;
  readonly quoteTtlSeconds: number;
  /** How long a request holds its Idempotency-Key before a retry may take over (docs/adr/0014). */
  readonly idempotencyLeaseMs?: number;
  /** Age after which an unresolved carrier intent is settled by recovery (docs/adr/0013). */
  readonly intentRecoveryAfterMs?: number;
}

export const DEFAULT_IDEMPOTENCY_LEASE_MS = 30_000;
export const DEFAULT_INTENT_RECOVERY_AFTER_MS = 30_000;

export const GATEWAY_SETTINGS = Symbol('GATEWAY_SETTINGS');
