import { AddressProps, PickupWindow } from '@lgw/domain';

export interface SchedulePickupCommand {
  readonly teamId: string;
  readonly carrier: string;
  /** Riyadh calendar date, YYYY-MM-DD. */
  readonly pickupDate: string;
  readonly window: PickupWindow;
  /** Where the courier collects; the first shipment's origin when absent. */
  readonly address?: AddressProps;
  readonly shipmentIds: readonly string[];
}
