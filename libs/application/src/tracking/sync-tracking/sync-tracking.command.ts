/** One run of the tracking sync for one carrier: one batch of due shipments. */
export interface SyncTrackingCommand {
  readonly carrierCode: string;
  /** Overrides the configured batch size (TRACKING_BATCH_SIZE). */
  readonly batchSize?: number;
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
