import { AuditSource, IdempotencyRef } from '@lgw/kernel';

export const MAX_CANCEL_REASON_LENGTH = 500;

/** POST /shipments/{id}/cancel once the request passed the edge. */
export interface CancelShipmentCommand {
  readonly teamId: string;
  readonly shipmentId: string;
  /** Trimmed; null when none was given. */
  readonly reason: string | null;
  /** The Idempotency-Key the request runs under, named on the carrier intent so a retry can settle it; none when absent. */
  readonly idempotencyKey?: IdempotencyRef | null;
  readonly source?: AuditSource;
}
