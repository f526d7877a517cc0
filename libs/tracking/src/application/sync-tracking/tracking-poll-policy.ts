import { isException, isTerminal, type ShipmentStatus, type TrackingPollPolicy } from '@lgw/kernel';
import type { StoredTrackingState } from '../ports/tracking.repository.port';

/**
 * Silence stretches the interval: a shipment quiet for 8 h is asked again after 2 h, so news
 * that follows a long silence is seen within a quarter of that silence.
 */
export const IDLE_BACKOFF_RATIO = 0.25;

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
