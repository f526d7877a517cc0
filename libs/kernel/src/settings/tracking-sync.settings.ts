/**
 * How often each shipment is asked about (docs/adr/0006-tracking-sync-at-scale.md). The
 * poller tick (TRACKING_POLL_INTERVAL_MS) only decides how often the due list is read; these
 * intervals decide when a shipment is due.
 */
export interface TrackingPollPolicy {
  /** Shipments customers and operations watch closely: last mile and exceptions. */
  readonly lastMileIntervalMs: number;
  /** Every other non-terminal shipment, as long as it has news. */
  readonly activeIntervalMs: number;
  /** Ceiling of the back-off for shipments without news. */
  readonly maxIntervalMs: number;
  /** Wait after a failed carrier call before the same shipments are tried again. */
  readonly failureDelayMs: number;
  /**
   * How long a shipment is still asked about after it reached a terminal status: carriers
   * report scans late (a hub scan after the delivery), and the history must get them.
   */
  readonly terminalGraceMs: number;
  /** Poll interval during that grace period. */
  readonly terminalIntervalMs: number;
}

export interface TrackingSyncSettings extends TrackingPollPolicy {
  /** Shipments per carrier per run: one fetchTracking call, bounded memory and rows. */
  readonly batchSize: number;
  /**
   * How long a claimed shipment is held by the run that claimed it. Only matters when the
   * run dies; must exceed a carrier call's deadline plus the writes.
   */
  readonly leaseMs: number;
}

export const TRACKING_SYNC_SETTINGS = Symbol('TRACKING_SYNC_SETTINGS');

/** Late carrier scans after a delivery, return or loss are still picked up for a week. */
export const DEFAULT_TERMINAL_GRACE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Defaults follow the poller tick so that, embedded, every active shipment is asked again
 * within about two ticks (the sandbox contract: an injected event shows within 5 s at the
 * default 1 s tick, so the worst case, 2 ticks + 10% jitter + waiting for the next tick, stays
 * near 3.3 s); the idle back-off has no room there and only acts with production intervals. A deployment tracking many shipments against real carriers sets the intervals
 * in minutes (TRACKING_LAST_MILE_INTERVAL_MS, TRACKING_ACTIVE_INTERVAL_MS,
 * TRACKING_MAX_INTERVAL_MS, TRACKING_FAILURE_DELAY_MS, TRACKING_BATCH_SIZE).
 * Terminal shipments are polled for TRACKING_TERMINAL_GRACE_MS (7 days) every
 * TRACKING_TERMINAL_INTERVAL_MS (the active interval by default, so a late scan shows as fast
 * as any other embedded; hours in production, where late scans are rare and not urgent).
 * The configuration module reads those variables (libs/platform app-config.ts) and gives the
 * ones set here; this function only fills in the defaults.
 */
export function trackingSyncSettingsFrom(tickMs: number, given: Partial<TrackingSyncSettings> = {}): TrackingSyncSettings {
  const activeIntervalMs = given.activeIntervalMs ?? 2 * tickMs;
  return {
    lastMileIntervalMs: given.lastMileIntervalMs ?? tickMs,
    activeIntervalMs,
    maxIntervalMs: given.maxIntervalMs ?? 2 * tickMs,
    failureDelayMs: given.failureDelayMs ?? 2 * tickMs,
    terminalGraceMs: given.terminalGraceMs ?? DEFAULT_TERMINAL_GRACE_MS,
    terminalIntervalMs: given.terminalIntervalMs ?? activeIntervalMs,
    batchSize: given.batchSize ?? 500,
    leaseMs: given.leaseMs ?? 60_000,
  };
}
