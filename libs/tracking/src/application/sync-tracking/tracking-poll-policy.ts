import { isException, isTerminal, type ShipmentStatus } from '@lgw/kernel';
import type { StoredTrackingState } from '../ports/tracking.repository.port';

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

/**
 * Silence stretches the interval: a shipment quiet for 8 h is asked again after 2 h, so news
 * that follows a long silence is seen within a quarter of that silence.
 */
export const IDLE_BACKOFF_RATIO = 0.25;

/** Late carrier scans after a delivery, return or loss are still picked up for a week. */
export const DEFAULT_TERMINAL_GRACE_MS = 7 * 24 * 60 * 60 * 1000;

/** Up to this fraction is added at random, so shipments booked together drift apart. */
export const POLL_JITTER_RATIO = 0.1;

/** What the schedule depends on; terminalAt absent counts as no grace period. */
export type PollState = Pick<StoredTrackingState, 'status' | 'lastEventAt'> & { readonly terminalAt?: Date | null };

const LAST_MILE: ReadonlySet<ShipmentStatus> = new Set<ShipmentStatus>(['AT_DELIVERY_HUB', 'OUT_FOR_DELIVERY']);

export function isLastMile(status: ShipmentStatus): boolean {
  return LAST_MILE.has(status) || isException(status);
}

/** Until when a terminal shipment is still polled; null for one that is not, or never was, in its grace period. */
export function terminalGraceEnd(state: PollState, policy: TrackingPollPolicy): Date | null {
  if (!isTerminal(state.status) || !state.terminalAt) return null;
  return new Date(state.terminalAt.getTime() + policy.terminalGraceMs);
}

/**
 * Delay until the next poll, or null when the shipment needs none (terminal, and its grace
 * period over or never started). `jitter` in [0, 1) is the random part, given by the caller so
 * the policy stays a pure function.
 */
export function nextPollDelayMs(state: PollState, now: Date, policy: TrackingPollPolicy, jitter = 0): number | null {
  if (isTerminal(state.status)) {
    const graceEnd = terminalGraceEnd(state, policy);
    if (!graceEnd || graceEnd.getTime() <= now.getTime()) return null;
    return Math.round(policy.terminalIntervalMs * (1 + POLL_JITTER_RATIO * clamp01(jitter)));
  }
  const base = isLastMile(state.status) ? policy.lastMileIntervalMs : policy.activeIntervalMs;
  const ceiling = Math.max(base, policy.maxIntervalMs);
  const idleMs = state.lastEventAt ? Math.max(0, now.getTime() - state.lastEventAt.getTime()) : 0;
  const delay = Math.min(ceiling, Math.max(base, idleMs * IDLE_BACKOFF_RATIO));
  return Math.round(delay * (1 + POLL_JITTER_RATIO * clamp01(jitter)));
}

export function nextPollAt(state: PollState, now: Date, policy: TrackingPollPolicy, jitter = 0): Date | null {
  const delay = nextPollDelayMs(state, now, policy, jitter);
  return delay === null ? null : new Date(now.getTime() + delay);
}

function clamp01(value: number): number {
  return Number.isFinite(value) ? Math.min(Math.max(value, 0), 0.999) : 0;
}

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
