import { AddressProps, IdempotencyRef, PickupWindow } from '@lgw/kernel';

export interface SchedulePickupCommand {
  readonly teamId: string;
  readonly carrier: string;
  /** Riyadh calendar date, YYYY-MM-DD. */
  readonly pickupDate: string;
  readonly window: PickupWindow;
  /** Where the courier collects; the first shipment's origin when absent. */
  readonly address?: AddressProps;
  readonly shipmentIds: readonly string[];
  /** The Idempotency-Key the request runs under, named on the carrier intent so a retry can settle it; none when absent. */
  readonly idempotencyKey?: IdempotencyRef | null;
}
