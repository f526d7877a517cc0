export interface RetentionReport {
  readonly idempotencyKeys: number;
  readonly quotes: number;
  readonly outboxEvents: number;
  /** Billing receipts of events that are purged themselves: nothing can ask about them again. */
  readonly billingReceipts: number;
  /** Settled carrier intents (completed or abandoned) as old as published events; unresolved ones stay. */
  readonly carrierIntents: number;
}

/** Deletes what has outlived its purpose, in bounded batches so a purge never holds long locks. */
export interface RetentionPort {
  purge(now: Date, policy: RetentionPolicy): Promise<RetentionReport>;
}

export interface RetentionPolicy {
  /** Quotes are kept this long after they expire (then a booking gets "unknown quote"). */
  readonly quoteGraceMs: number;
  /** Published domain events are kept this long for audit and late consumers. */
  readonly outboxKeepMs: number;
  readonly batchSize: number;
}

export const RETENTION = Symbol('RETENTION');
