import { CarrierTrackingEvent } from '@lgw/carrier-access';

/** One run of the tracking sync for one carrier: one batch of due shipments. */
export interface SyncTrackingCommand {
  readonly carrierCode: string;
  /** Overrides the configured batch size (TRACKING_BATCH_SIZE). */
  readonly batchSize?: number;
  /**
   * Only this shipment, now, whenever it is due (a test-mode event: docs/test-mode.md); the
   * same path as every scheduled run.
   */
  readonly shipmentId?: string;
  /**
   * Events the carrier pushed (a carrier webhook) for `shipmentId`: applied like polled ones,
   * without asking the carrier.
   */
  readonly reported?: readonly CarrierTrackingEvent[];
  /** The run's clock; the injected clock when absent. */
  readonly now?: Date;
}

export interface SyncTrackingResult {
  /** Shipments asked about in this run. */
  readonly shipments: number;
  /** Tracking events stored (new ones only). */
  readonly events: number;
  /** Status changes made. */
  readonly transitions: number;
}
