/**
 * When two carrier events are the same event (docs/adr/0036-tracking-history-fidelity.md).
 *
 * Carriers send the same scan again, sometimes under a new id (a re-sent feed line, a
 * corrected batch, a legacy API that numbers events per answer). Ids therefore do not decide:
 * an event is a duplicate when its code, its time at the carrier's own resolution and its
 * location match an event already in the history. Two scans of the same parcel with the same
 * code at the same place within one tick of the carrier's clock cannot be told apart by
 * anyone reading the history either, so keeping one loses nothing.
 */

export interface IdentifiableEvent {
  /** The code the history shows: the gateway status, or the carrier's own code when unmapped. */
  readonly code: string;
  readonly occurredAt: Date | string;
  readonly locationEn?: string | null;
  readonly locationAr?: string | null;
}

/** Milliseconds; 1 means the carrier reports exact times. */
export type TimeResolutionMs = number;

/** A place as written by different systems: case, spacing and Unicode form do not matter. */
export function normalizeLocation(value: string | null | undefined): string {
  return (value ?? '').normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * The time floored to the carrier's resolution, as epoch milliseconds (cheaper than an ISO
 * string, and as exact); an unreadable time stays as written.
 */
function instantAt(value: Date | string, resolutionMs: TimeResolutionMs): string {
  const ms = value instanceof Date ? value.getTime() : Date.parse(value);
  if (Number.isNaN(ms)) return `?${String(value)}`;
  const step = Number.isFinite(resolutionMs) && resolutionMs >= 1 ? Math.floor(resolutionMs) : 1;
  return String(Math.floor(ms / step) * step);
}

/**
 * The event's identity within one shipment's history: equal identities are one event. Stored
 * with the event (tracking_events.dedupe_key) under a unique key, so that two writers racing
 * with the same scan store it once.
 */
export function trackingEventIdentity(event: IdentifiableEvent, resolutionMs: TimeResolutionMs = 1): string {
  return [
    event.code.trim(),
    instantAt(event.occurredAt, resolutionMs),
    normalizeLocation(event.locationEn),
    normalizeLocation(event.locationAr),
  ].join('|');
}

/**
 * Keeps the first copy of every event whose identity is neither in `known` nor earlier in
 * `events`; order preserved.
 */
export function withoutDuplicates<E>(events: readonly E[], identityOf: (event: E) => string, known: ReadonlySet<string> = new Set()): E[] {
  const seen = new Set(known);
  const kept: E[] = [];
  for (const event of events) {
    const identity = identityOf(event);
    if (seen.has(identity)) continue;
    seen.add(identity);
    kept.push(event);
  }
  return kept;
}
