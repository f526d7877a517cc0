/**
 * 'answered': the carrier sent an HTTP answer (any status, handed back unchanged);
 * 'unavailable': no answer (refused, timed out, circuit open, bulkhead full);
 * 'failed': the gateway itself failed around the call.
 */
export type PassthroughOutcome = 'answered' | 'unavailable' | 'failed';

/**
 * One passthrough call as operators see it. Sizes and timings only: the forwarded bodies
 * belong to the merchant and carry personal data, so they are never stored.
 */
export interface PassthroughAuditEntry {
  readonly teamId: string;
  readonly keyId: string;
  readonly carrierCode: string;
  /** The carrier's HTTP status; null when no answer came. */
  readonly status: number | null;
  readonly outcome: PassthroughOutcome;
  readonly latencyMs: number;
  readonly requestBytes: number;
  /** Null when no answer came. */
  readonly responseBytes: number | null;
  readonly requestId: string;
  readonly createdAt: Date;
}

export interface PassthroughAuditPort {
  record(entry: PassthroughAuditEntry): Promise<void>;
  /** Newest first, one team and carrier only. */
  listForTeam(teamId: string, carrierCode: string, limit: number): Promise<PassthroughAuditEntry[]>;
}

export const PASSTHROUGH_AUDIT = Symbol('PASSTHROUGH_AUDIT');
