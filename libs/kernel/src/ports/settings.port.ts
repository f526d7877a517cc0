/** The operator settings use cases need, bound from the app config. */
export interface GatewaySettings {
  readonly apiKeyPrefix: string;
  readonly rateLimitPerMinute: number;
  readonly quoteTtlSeconds: number;
  /** How long a request holds its Idempotency-Key before a retry may take over (docs/adr/0014). */
  readonly idempotencyLeaseMs?: number;
  /** Age after which an unresolved carrier intent is settled by recovery (docs/adr/0013). */
  readonly intentRecoveryAfterMs?: number;
  /** Days audit events are kept (AUDIT_RETENTION_DAYS); 0 or absent keeps them all. */
  readonly auditRetentionDays?: number;
  /** Reads of one recipient tracking link a minute (RECIPIENT_PAGE_PER_TOKEN_PER_MINUTE, 60). */
  readonly recipientPagePerTokenPerMinute?: number;
  /** Reads of recipient tracking pages from one client address a minute (RECIPIENT_PAGE_PER_ADDRESS_PER_MINUTE, 120). */
  readonly recipientPagePerAddressPerMinute?: number;
}

export const DEFAULT_IDEMPOTENCY_LEASE_MS = 30_000;
export const DEFAULT_INTENT_RECOVERY_AFTER_MS = 30_000;

export const GATEWAY_SETTINGS = Symbol('GATEWAY_SETTINGS');
