import { nextPollDelayMs } from './tracking-poll-policy';
import { trackingSyncSettingsFrom, TrackingPollPolicy } from '@lgw/kernel';

const MINUTE = 60_000;
const policy: TrackingPollPolicy = {
  lastMileIntervalMs: 5 * MINUTE,
  activeIntervalMs: 15 * MINUTE,
  maxIntervalMs: 120 * MINUTE,
  failureDelayMs: MINUTE,
  terminalGraceMs: 7 * 24 * 60 * MINUTE,
  terminalIntervalMs: 6 * 60 * MINUTE,
};
const now = new Date('2026-01-10T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('tracking poll policy', () => {
  it('polls terminal shipments at the terminal interval during the grace period, then stops', () => {
    for (const status of ['DELIVERED', 'RETURNED', 'LOST', 'CANCELLED'] as const) {
      expect(nextPollDelayMs({ status, lastEventAt: ago(MINUTE), terminalAt: ago(MINUTE) }, now, policy)).toBe(6 * 60 * MINUTE);
      expect(nextPollDelayMs({ status, lastEventAt: ago(MINUTE), terminalAt: ago(policy.terminalGraceMs - 1) }, now, policy)).toBe(
        6 * 60 * MINUTE,
      );
      expect(nextPollDelayMs({ status, lastEventAt: ago(MINUTE), terminalAt: ago(policy.terminalGraceMs) }, now, policy)).toBeNull();
      // No grace period recorded (cancelled by the gateway itself): not polled.
      expect(nextPollDelayMs({ status, lastEventAt: ago(MINUTE) }, now, policy)).toBeNull();
      expect(nextPollDelayMs({ status, lastEventAt: ago(MINUTE), terminalAt: null }, now, policy)).toBeNull();
    }
    expect(nextPollDelayMs({ status: 'DELIVERED', lastEventAt: null, terminalAt: ago(MINUTE) }, now, policy, 0.5)).toBe(6.3 * 60 * MINUTE);
  });

  it('polls the last mile and exceptions more often than the rest', () => {
    const fresh = ago(MINUTE);
    expect(nextPollDelayMs({ status: 'OUT_FOR_DELIVERY', lastEventAt: fresh }, now, policy)).toBe(5 * MINUTE);
    expect(nextPollDelayMs({ status: 'AT_DELIVERY_HUB', lastEventAt: fresh }, now, policy)).toBe(5 * MINUTE);
    expect(nextPollDelayMs({ status: 'EXCEPTION_ADDRESS_ISSUE', lastEventAt: fresh }, now, policy)).toBe(5 * MINUTE);
    expect(nextPollDelayMs({ status: 'IN_TRANSIT', lastEventAt: fresh }, now, policy)).toBe(15 * MINUTE);
    expect(nextPollDelayMs({ status: 'CREATED', lastEventAt: fresh }, now, policy)).toBe(15 * MINUTE);
  });

  it('backs off with silence, up to the ceiling', () => {
    expect(nextPollDelayMs({ status: 'IN_TRANSIT', lastEventAt: ago(4 * 60 * MINUTE) }, now, policy)).toBe(60 * MINUTE);
    expect(nextPollDelayMs({ status: 'IN_TRANSIT', lastEventAt: ago(3 * 24 * 60 * MINUTE) }, now, policy)).toBe(120 * MINUTE);
    expect(nextPollDelayMs({ status: 'OUT_FOR_DELIVERY', lastEventAt: ago(40 * MINUTE) }, now, policy)).toBe(10 * MINUTE);
  });

  it('treats a future or missing last event as fresh news', () => {
    expect(nextPollDelayMs({ status: 'IN_TRANSIT', lastEventAt: new Date(now.getTime() + MINUTE) }, now, policy)).toBe(15 * MINUTE);
    expect(nextPollDelayMs({ status: 'IN_TRANSIT', lastEventAt: null }, now, policy)).toBe(15 * MINUTE);
  });

  it('adds at most 10% jitter', () => {
    const state = { status: 'IN_TRANSIT' as const, lastEventAt: ago(MINUTE) };
    expect(nextPollDelayMs(state, now, policy, 0.5)).toBe(15.75 * MINUTE);
    expect(nextPollDelayMs(state, now, policy, 5)!).toBeLessThan(16.5 * MINUTE);
  });

  it('never polls less often than the state interval even with a low ceiling', () => {
    expect(nextPollDelayMs({ status: 'IN_TRANSIT', lastEventAt: ago(MINUTE) }, now, { ...policy, maxIntervalMs: MINUTE })).toBe(
      15 * MINUTE,
    );
  });

  it('derives embedded defaults from the tick, so an active shipment is re-asked within two ticks', () => {
    expect(trackingSyncSettingsFrom(1000)).toEqual({
      lastMileIntervalMs: 1000,
      activeIntervalMs: 2000,
      maxIntervalMs: 2000,
      failureDelayMs: 2000,
      terminalGraceMs: 7 * 24 * 60 * MINUTE,
      terminalIntervalMs: 2000,
      batchSize: 500,
      leaseMs: 60_000,
    });
  });

  it('keeps the intervals it is given and derives the terminal interval from the active one', () => {
    const settings = trackingSyncSettingsFrom(1000, { activeIntervalMs: 900_000, batchSize: 250, terminalGraceMs: 0 });
    expect(settings).toMatchObject({
      activeIntervalMs: 900_000,
      terminalIntervalMs: 900_000,
      batchSize: 250,
      terminalGraceMs: 0,
      lastMileIntervalMs: 1000,
    });
  });
});
