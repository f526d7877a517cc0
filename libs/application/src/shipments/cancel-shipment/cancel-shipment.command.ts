export const MAX_CANCEL_REASON_LENGTH = 500;

/** POST /shipments/{id}/cancel once the request passed the edge. */
export interface CancelShipmentCommand {
  readonly teamId: string;
  readonly shipmentId: string;
  /** Trimmed; null when none was given. */
  readonly reason: string | null;
}
