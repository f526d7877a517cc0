import { Logger } from '@nestjs/common';
import { isTerminal, ShipmentStatus, CarrierUnavailableError, TrackingSyncSettings } from '@lgw/kernel';
import { OutboxEventDraft, Shipment, ShipmentChanges, ShipmentHistoryEntry } from '@lgw/shipping';
import { CarrierConnectionResolver, CarrierPort, CarrierTrackingEvent, TrackedPieces } from '@lgw/carrier-access';
import {
  CandidateEvent,
  DueShipment,
  PollSchedule,
  StoredTrackingState,
  RecordedHistory,
  TrackingRepositoryPort,
  TrackingSyncDecision,
} from '../ports/tracking.repository.port';
import { SyncTrackingUseCase } from './sync-tracking.use-case';

const NOW = new Date('2026-01-10T12:00:00Z');
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
const SETTINGS: TrackingSyncSettings = {
  lastMileIntervalMs: 1000,
  activeIntervalMs: 2000,
  maxIntervalMs: 3000,
  failureDelayMs: 5000,
  terminalGraceMs: 7 * 24 * 3_600_000,
  terminalIntervalMs: 4000,
  batchSize: 500,
  leaseMs: 60_000,
};

interface Row extends DueShipment {
  state: StoredTrackingState;
  nextPollAt: Date | null;
}

/** Keeps the port's contract in memory: claim order and lease, per-shipment commits. */
class InMemoryTrackingRepository implements TrackingRepositoryPort {
  readonly rows = new Map<string, Row>();
  readonly events: ShipmentHistoryEntry[] = [];
  readonly outbox: OutboxEventDraft[] = [];
  transactions = 0;
  /** Runs inside the next transaction before the state is read (a concurrent writer). */
  interleave?: (row: Row) => void;

  add(id: string, trackingNumber: string, status: ShipmentStatus = 'CREATED', lane: DueShipment['lane'] = 'domestic'): Row {
    const row: Row = {
      id,
      teamId: 'team-1',
      trackingNumber,
      lane,
      state: { status, progress: status, lastEventAt: at(-1), terminalAt: null },
      nextPollAt: at(-1),
    };
    this.rows.set(id, row);
    return row;
  }

  async claimDue(_carrier: string, now: Date, limit: number, leaseUntil: Date, graceCutoff: Date): Promise<DueShipment[]> {
    const due = [...this.rows.values()]
      .filter((r) => r.nextPollAt && r.nextPollAt <= now)
      .sort((a, b) => a.nextPollAt!.getTime() - b.nextPollAt!.getTime())
      .slice(0, limit);
    const graceOver = (r: Row) => isTerminal(r.state.status) && (!r.state.terminalAt || r.state.terminalAt <= graceCutoff);
    for (const r of due) r.nextPollAt = graceOver(r) ? null : leaseUntil;
    return due.filter((r) => r.nextPollAt).map((r) => ({ ...r, state: { ...r.state } }));
  }

  async shipmentsTracked(_carrier: string, numbers: readonly string[], teamId: string | null): Promise<string[]> {
    return [...this.rows.values()].filter((r) => numbers.includes(r.trackingNumber) && (!teamId || r.teamId === teamId)).map((r) => r.id);
  }

  private stored(shipmentId: string, c: CandidateEvent): boolean {
    return this.events.some((e) => e.shipmentId === shipmentId && (e.eventKey === c.eventKey || e.dedupeKey === c.dedupeKey));
  }

  async knownEventKeys(pairs: ReadonlyArray<CandidateEvent & { shipmentId: string }>) {
    const known = new Map<string, Set<string>>();
    for (const p of pairs) {
      if (!this.stored(p.shipmentId, p)) continue;
      known.set(p.shipmentId, (known.get(p.shipmentId) ?? new Set()).add(p.eventKey));
    }
    return known;
  }

  async applySync(
    shipmentId: string,
    candidates: readonly CandidateEvent[],
    apply: (shipment: Shipment, history: RecordedHistory) => TrackingSyncDecision,
  ): Promise<ShipmentChanges | null> {
    this.transactions += 1;
    const row = this.rows.get(shipmentId);
    if (!row) return null;
    this.interleave?.(row);
    this.interleave = undefined;
    const known = new Set(candidates.filter((c) => this.stored(shipmentId, c)).map((c) => c.eventKey));
    const shipment = shipmentOf(row);
    const decision = apply(shipment, { knownKeys: known, lastException: null });
    const s = shipment.state;
    row.state = { status: s.status, progress: s.progress, lastEventAt: s.lastEventAt, terminalAt: s.terminalAt ?? null };
    row.nextPollAt = decision.nextPollAt;
    const written = shipment.pullEvents();
    // The store's unique keys: an event whose key or identity is stored already is skipped.
    for (const e of written.history) {
      if (!this.stored(shipmentId, { eventKey: e.eventKey, dedupeKey: e.dedupeKey ?? '' })) this.events.push(e);
    }
    this.outbox.push(...written.events);
    return written;
  }

  async reschedule(schedule: readonly PollSchedule[]): Promise<void> {
    for (const s of schedule) {
      const row = this.rows.get(s.shipmentId)!;
      if (row.nextPollAt) row.nextPollAt = s.nextPollAt;
    }
  }
}

/** The shipment a stored row is the tracking part of. */
function shipmentOf(row: Row): Shipment {
  const booked = Shipment.book({
    trackingToken: `token-${row.id}`,
    id: row.id,
    teamId: row.teamId,
    quoteId: null,
    carrierCode: 'sahm',
    serviceCode: 'sahm_express',
    transitMaxDays: 3,
    lane: row.lane,
    origin: { name: 'Shop', line1: 'King Fahd Rd', city: 'Riyadh', country: 'SA' },
    destination: { name: 'Customer', line1: 'Tahlia St', city: 'Jeddah', country: 'SA' },
    parcels: (row.pieceTrackingNumbers ?? [row.trackingNumber]).map(() => ({ weight_kg: 1, length_cm: 10, width_cm: 10, height_cm: 10 })),
    chargeableKg: 1,
    price: { totalHalalas: 2875, lines: { base: 2000, weight_charge: 300, fuel_surcharge: 200, vat: 375 } },
    bookedAt: at(-60),
  });
  const confirmed = booked.confirmBooking({
    trackingNumber: row.trackingNumber,
    carrierReference: row.trackingNumber,
    ...(row.pieceTrackingNumbers ? { pieceTrackingNumbers: row.pieceTrackingNumbers } : {}),
  });
  confirmed.pullEvents();
  return Shipment.restore({ ...confirmed.draft(), ...row.state });
}

function carrierEvent(
  trackingNumber: string,
  eventId: string,
  status: ShipmentStatus | null,
  minutes: number,
  extra: Partial<CarrierTrackingEvent> = {},
): CarrierTrackingEvent {
  return { trackingNumber, eventId, carrierStatus: status ?? 'X-99', status, occurredAt: at(minutes), ...extra };
}

function fakeCarrier(history: CarrierTrackingEvent[]) {
  const calls: string[][] = [];
  const pieces: (TrackedPieces | undefined)[] = [];
  let failure: Error | undefined;
  const carrier = {
    code: 'sahm',
    fetchTracking: async (numbers: readonly string[], asked?: TrackedPieces) => {
      calls.push([...numbers]);
      pieces.push(asked);
      if (failure) throw failure;
      return history.filter((e) => numbers.includes(e.trackingNumber));
    },
  } as unknown as CarrierPort;
  return { carrier, calls, pieces, history, fail: (error?: Error) => (failure = error) };
}

function setup(history: CarrierTrackingEvent[] = [], resolutionMs = 1) {
  const unknownCodes: string[] = [];
  const repo = new InMemoryTrackingRepository();
  const carrier = fakeCarrier(history);
  const useCase = new SyncTrackingUseCase(
    repo,
    { get: (code) => (code === 'sahm' ? carrier.carrier : undefined), eventTimeResolutionMs: () => resolutionMs },
    { now: () => NOW },
    SETTINGS,
    { forShipment: async () => carrier.carrier } as unknown as CarrierConnectionResolver,
    { countUnknownCode: (code) => unknownCodes.push(code) },
  );
  return { repo, carrier, useCase, unknownCodes };
}

describe('SyncTrackingUseCase', () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'debug').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('asks the carrier once per batch and moves each shipment with its own events', async () => {
    const { repo, carrier, useCase } = setup([
      carrierEvent('T1', 'e1', 'PICKED_UP', 1),
      carrierEvent('T1', 'e2', 'IN_TRANSIT', 2),
      carrierEvent('T2', 'e3', 'PICKED_UP', 1),
    ]);
    repo.add('s1', 'T1');
    repo.add('s2', 'T2');
    repo.add('s3', 'T3');

    const result = await useCase.execute({ carrierCode: 'sahm' });

    expect(result).toEqual({ shipments: 3, events: 3, transitions: 3 });
    expect(carrier.calls).toEqual([['T1', 'T2', 'T3']]);
    expect(repo.rows.get('s1')!.state.status).toBe('IN_TRANSIT');
    expect(repo.rows.get('s2')!.state.status).toBe('PICKED_UP');
    expect(repo.outbox.map((o) => [o.aggregateId, o.payload.previous_status, o.payload.status])).toEqual([
      ['s1', 'CREATED', 'PICKED_UP'],
      ['s1', 'PICKED_UP', 'IN_TRANSIT'],
      ['s2', 'CREATED', 'PICKED_UP'],
    ]);
    expect(repo.outbox[0]).toMatchObject({ type: 'shipment.status_changed', teamId: 'team-1' });
    expect(repo.outbox[0].payload.kinds).toEqual(['shipment.status_updated']);
    // Nothing new for s3: no transaction, just its next poll.
    expect(repo.transactions).toBe(2);
    expect(repo.rows.get('s3')!.nextPollAt!.getTime()).toBeGreaterThanOrEqual(NOW.getTime() + SETTINGS.activeIntervalMs);
  });

  it("asks for the pieces the carrier numbered and applies each piece's events to its piece (docs/adr/0087)", async () => {
    const { repo, carrier, useCase } = setup([
      carrierEvent('M1', 'p1', 'PICKED_UP', 1, { pieceNumber: 1 }),
      // The same scan of the other parcel: an event of its own, not a duplicate.
      carrierEvent('M1', 'p2', 'PICKED_UP', 1, { pieceNumber: 2 }),
      carrierEvent('M1', 'p1-out', 'OUT_FOR_DELIVERY', 2, { pieceNumber: 1 }),
    ]);
    Object.assign(repo.add('s1', 'M1'), { pieceTrackingNumbers: ['M1', 'M2'] });
    repo.add('s2', 'T2');

    const result = await useCase.execute({ carrierCode: 'sahm' });

    expect(carrier.calls).toEqual([['M1', 'T2']]);
    expect(carrier.pieces).toEqual([new Map([['M1', ['M1', 'M2']]])]);
    expect(result).toMatchObject({ events: 3, transitions: 1 });
    expect(repo.events.map((e) => [e.eventKey, e.pieceNumber])).toEqual([
      ['p1', 1],
      ['p2', 2],
      ['p1-out', 1],
    ]);
    expect(new Set(repo.events.map((e) => e.dedupeKey)).size).toBe(3);
    // The shipment is where its slowest piece is.
    expect(repo.rows.get('s1')!.state.status).toBe('PICKED_UP');
  });

  it('asks a carrier for shipments alone when none has pieces it numbered', async () => {
    const { repo, carrier, useCase } = setup([]);
    Object.assign(repo.add('s1', 'G1'), { pieceTrackingNumbers: null });
    await useCase.execute({ carrierCode: 'sahm' });
    expect(carrier.pieces).toEqual([undefined]);
  });

  it('stores an event once however often the carrier reports it, and opens no transaction for old news', async () => {
    const { repo, useCase, carrier } = setup([carrierEvent('T1', 'e1', 'PICKED_UP', 1), carrierEvent('T1', 'e1', 'PICKED_UP', 1)]);
    repo.add('s1', 'T1');
    await useCase.execute({ carrierCode: 'sahm' });
    const transactions = repo.transactions;
    repo.rows.get('s1')!.nextPollAt = at(-1);
    const again = await useCase.execute({ carrierCode: 'sahm' });
    expect(carrier.calls).toHaveLength(2);
    expect(again).toEqual({ shipments: 1, events: 0, transitions: 0 });
    expect(repo.transactions).toBe(transactions);
    expect(repo.events.map((e) => e.eventKey)).toEqual(['e1']);
  });

  it('keeps events that do not change the status, and unknown codes under the carrier code with a warning', async () => {
    const { repo, useCase } = setup([
      carrierEvent('T1', 'e1', 'IN_TRANSIT', 3),
      carrierEvent('T1', 'e0', 'PICKED_UP', 1),
      carrierEvent('T1', 'e9', null, 2, { carrierStatus: 'weird:code' }),
    ]);
    repo.add('s1', 'T1');
    const result = await useCase.execute({ carrierCode: 'sahm' });
    expect(result.events).toBe(3);
    expect(repo.rows.get('s1')!.state.status).toBe('IN_TRANSIT');
    expect(repo.events.find((e) => e.eventKey === 'e9')).toMatchObject({ code: 'weird:code', carrierStatus: 'weird:code' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('weird:code'));
  });

  it('counts an unknown code for operations, per carrier', async () => {
    const { repo, useCase, unknownCodes } = setup([carrierEvent('T1', 'e9', null, 2, { carrierStatus: 'weird:code' })]);
    repo.add('s1', 'T1');
    await useCase.execute({ carrierCode: 'sahm' });
    await useCase.execute({ carrierCode: 'sahm', now: new Date(NOW.getTime() + 86_400_000) });
    expect(unknownCodes).toEqual(['sahm']);
  });

  it("asks each shipment's own account: one call per connection the batch's shipments were booked on", async () => {
    const platform = fakeCarrier([carrierEvent('T1', 'e1', 'PICKED_UP', 1)]);
    const own = fakeCarrier([carrierEvent('T2', 'e2', 'PICKED_UP', 1)]);
    const repo = new InMemoryTrackingRepository();
    repo.add('s1', 'T1');
    Object.assign(repo.add('s2', 'T2'), { quoteId: 'quote-on-own-account' });
    const asked: string[] = [];
    const connections = {
      forShipment: async (teamId: string, shipment: { quoteId: string | null }) => {
        asked.push(`${teamId} ${shipment.quoteId}`);
        return own.carrier;
      },
    } as unknown as CarrierConnectionResolver;
    const useCase = new SyncTrackingUseCase(
      repo,
      { get: (code) => (code === 'sahm' ? platform.carrier : undefined) },
      { now: () => NOW },
      SETTINGS,
      connections,
      { countUnknownCode: () => undefined },
    );
    await useCase.execute({ carrierCode: 'sahm' });
    expect(platform.calls).toEqual([['T1']]);
    expect(own.calls).toEqual([['T2']]);
    expect(asked).toEqual(['team-1 quote-on-own-account']);
    expect([repo.rows.get('s1')!.state.status, repo.rows.get('s2')!.state.status]).toEqual(['PICKED_UP', 'PICKED_UP']);
  });

  it('applies pushed events on the same path without asking the carrier, once however often pushed', async () => {
    const { repo, carrier, useCase } = setup();
    repo.add('s1', 'T1');
    const pushed = [carrierEvent('T1', 'p1', 'PICKED_UP', 1), carrierEvent('T1', 'p2', 'OUT_FOR_DELIVERY', 2)];
    expect((await useCase.execute({ carrierCode: 'sahm', shipmentId: 's1', reported: pushed })).events).toBe(2);
    expect((await useCase.execute({ carrierCode: 'sahm', shipmentId: 's1', reported: pushed })).events).toBe(0);
    expect(carrier.calls).toEqual([]);
    expect(repo.rows.get('s1')!.state.status).toBe('OUT_FOR_DELIVERY');
  });

  it('puts exception type and measured weight in the domain event', async () => {
    const { repo, useCase } = setup([
      carrierEvent('T1', 'e1', 'PICKED_UP', 1),
      carrierEvent('T1', 'e2', 'EXCEPTION_WEIGHT_MISMATCH', 2, { exceptionType: 'WEIGHT_MISMATCH', measuredWeightKg: 7.25 }),
    ]);
    repo.add('s1', 'T1');
    await useCase.execute({ carrierCode: 'sahm' });
    expect(repo.outbox[1].payload).toMatchObject({
      previous_status: 'PICKED_UP',
      status: 'EXCEPTION_WEIGHT_MISMATCH',
      exception_type: 'WEIGHT_MISMATCH',
      measured_weight_kg: 7.25,
      kinds: ['shipment.status_updated', 'shipment.exception'],
    });
    expect(repo.outbox[0].payload).not.toHaveProperty('exception_type');
    expect(repo.events.find((e) => e.eventKey === 'e2')).toMatchObject({ exceptionType: 'WEIGHT_MISMATCH', measuredWeightKg: 7.25 });
  });

  it('reports every new weighing as shipment.weighed, also one too late to move the status', async () => {
    const { repo, useCase, carrier } = setup([carrierEvent('T1', 'e1', 'PICKED_UP', 1), carrierEvent('T1', 'e3', 'IN_TRANSIT', 3)]);
    repo.add('s1', 'T1');
    await useCase.execute({ carrierCode: 'sahm' });
    carrier.history.push(
      carrierEvent('T1', 'e2', 'EXCEPTION_WEIGHT_MISMATCH', 2, { exceptionType: 'WEIGHT_MISMATCH', measuredWeightKg: 4.2 }),
    );
    repo.rows.get('s1')!.nextPollAt = at(-1);
    await useCase.execute({ carrierCode: 'sahm' });
    expect(repo.rows.get('s1')!.state.status).toBe('IN_TRANSIT');
    expect(repo.outbox.map((o) => o.type)).toEqual(['shipment.status_changed', 'shipment.status_changed', 'shipment.weighed']);
    expect(repo.outbox[2]).toMatchObject({
      aggregateId: 's1',
      payload: { measured_weight_kg: 4.2, event_key: 'e2', tracking_number: 'T1' },
    });
  });

  it('keeps polling a terminal shipment for the grace period: a late, older scan joins the history, not the status', async () => {
    const { repo, useCase, carrier } = setup([carrierEvent('T1', 'e1', 'DELIVERED', 5)]);
    repo.add('s1', 'T1');
    await useCase.execute({ carrierCode: 'sahm' });
    const row = repo.rows.get('s1')!;
    expect(row.state).toMatchObject({ status: 'DELIVERED', terminalAt: NOW });
    expect(row.nextPollAt!.getTime() - NOW.getTime()).toBeGreaterThanOrEqual(SETTINGS.terminalIntervalMs);
    expect(row.nextPollAt!.getTime() - NOW.getTime()).toBeLessThanOrEqual(SETTINGS.terminalIntervalMs * 1.1);
    expect(repo.outbox[0].payload.kinds).toEqual(['shipment.status_updated', 'shipment.delivered']);

    carrier.history.push(carrierEvent('T1', 'e2', 'IN_TRANSIT', 5 - 1 / 60));
    const later = new Date(NOW.getTime() + 60_000);
    row.nextPollAt = later;
    expect(await useCase.execute({ carrierCode: 'sahm', now: later })).toEqual({ shipments: 1, events: 1, transitions: 0 });
    expect(row.state).toMatchObject({ status: 'DELIVERED', terminalAt: NOW });
    expect(repo.events.map((e) => e.eventKey)).toEqual(['e1', 'e2']);
    expect(repo.outbox).toHaveLength(1);

    // Past the grace period the shipment leaves the schedule for good.
    const afterGrace = new Date(NOW.getTime() + SETTINGS.terminalGraceMs + 1);
    row.nextPollAt = afterGrace;
    expect(await useCase.execute({ carrierCode: 'sahm', now: afterGrace })).toEqual({ shipments: 0, events: 0, transitions: 0 });
    expect(row.nextPollAt).toBeNull();
    expect(carrier.calls).toHaveLength(2);
  });

  it('stores a scan re-sent under a new id once, within one answer and across runs', async () => {
    const { repo, useCase, carrier } = setup([
      carrierEvent('T1', 'e1', 'PICKED_UP', 1, { locationEn: 'Riyadh' }),
      carrierEvent('T1', 'e1-again', 'PICKED_UP', 1, { locationEn: ' riyadh' }),
    ]);
    repo.add('s1', 'T1');
    expect(await useCase.execute({ carrierCode: 'sahm' })).toMatchObject({ events: 1, transitions: 1 });
    carrier.history.push(carrierEvent('T1', 'e1-third', 'PICKED_UP', 1, { locationEn: 'RIYADH' }));
    repo.rows.get('s1')!.nextPollAt = at(-1);
    const transactions = repo.transactions;
    expect(await useCase.execute({ carrierCode: 'sahm' })).toEqual({ shipments: 1, events: 0, transitions: 0 });
    expect(repo.transactions).toBe(transactions);
    expect(repo.events.map((e) => e.eventKey)).toEqual(['e1']);
    expect(repo.events[0].dedupeKey).toContain('PICKED_UP|');
  });

  it("compares times at the carrier's resolution", async () => {
    const minute = (m: number, s: number) => new Date(at(m).getTime() + s * 1000);
    const { repo, useCase } = setup(
      [
        carrierEvent('T1', 'a', 'PICKED_UP', 0, { occurredAt: minute(1, 5) }),
        carrierEvent('T1', 'b', 'PICKED_UP', 0, { occurredAt: minute(1, 50) }),
        carrierEvent('T1', 'c', 'PICKED_UP', 0, { occurredAt: minute(2, 5) }),
      ],
      60_000,
    );
    repo.add('s1', 'T1');
    await useCase.execute({ carrierCode: 'sahm' });
    expect(repo.events.map((e) => e.eventKey)).toEqual(['a', 'c']);
  });

  it('a minute-resolution carrier: an exception in the minute of the booking and of the pickup scan moves the status and goes out as shipment.exception', async () => {
    const { repo, useCase, carrier } = setup([carrierEvent('T1', 'p', 'PICKED_UP', 1)], 60_000);
    const row = repo.add('s1', 'T1', 'LABEL_GENERATED');
    // Booked at 12:01:23.456 by the gateway's clock; the carrier's scans say 12:01.
    row.state = { ...row.state, lastEventAt: new Date(at(1).getTime() + 23_456) };
    await useCase.execute({ carrierCode: 'sahm' });
    expect(row.state.status).toBe('PICKED_UP');
    carrier.history.push(carrierEvent('T1', 'h', 'EXCEPTION_CUSTOMS_HOLD', 1, { exceptionType: 'CUSTOMS_HOLD' }));
    row.nextPollAt = at(-1);
    await useCase.execute({ carrierCode: 'sahm' });
    expect(row.state.status).toBe('EXCEPTION_CUSTOMS_HOLD');
    expect(repo.outbox[1].payload).toMatchObject({
      previous_status: 'PICKED_UP',
      exception_type: 'CUSTOMS_HOLD',
      kinds: ['shipment.status_updated', 'shipment.exception'],
    });

    const fresh = setup([carrierEvent('T2', 'a', 'EXCEPTION_ADDRESS_ISSUE', 1, { exceptionType: 'ADDRESS_ISSUE' })], 60_000);
    const booked = fresh.repo.add('s2', 'T2', 'LABEL_GENERATED');
    booked.state = { ...booked.state, lastEventAt: new Date(at(1).getTime() + 1_000) };
    await fresh.useCase.execute({ carrierCode: 'sahm' });
    expect(booked.state.status).toBe('EXCEPTION_ADDRESS_ISSUE');
    expect(fresh.repo.outbox[0].payload.kinds).toEqual(['shipment.status_updated', 'shipment.exception']);
  });

  it('lets a cancel that commits first win: the pickup is kept as history only', async () => {
    const { repo, useCase } = setup([carrierEvent('T1', 'e1', 'PICKED_UP', 1)]);
    repo.add('s1', 'T1');
    repo.interleave = (row) => {
      row.state = { ...row.state, status: 'CANCELLED' };
      row.nextPollAt = null;
    };
    const result = await useCase.execute({ carrierCode: 'sahm' });
    expect(result).toMatchObject({ events: 1, transitions: 0 });
    expect(repo.rows.get('s1')!.state.status).toBe('CANCELLED');
    expect(repo.rows.get('s1')!.nextPollAt).toBeNull();
  });

  it('ignores customs steps on a domestic lane and applies them on an international one', async () => {
    const { repo, useCase } = setup([carrierEvent('D1', 'd1', 'CUSTOMS_CLEARANCE', 1), carrierEvent('I1', 'i1', 'CUSTOMS_CLEARANCE', 1)]);
    repo.add('dom', 'D1', 'IN_TRANSIT', 'domestic');
    repo.add('int', 'I1', 'IN_TRANSIT', 'international');
    await useCase.execute({ carrierCode: 'sahm' });
    expect(repo.rows.get('dom')!.state.status).toBe('IN_TRANSIT');
    expect(repo.rows.get('int')!.state.status).toBe('CUSTOMS_CLEARANCE');
  });

  it('applies a customs hold the carrier reports on a domestic lane, with a warning', async () => {
    const { repo, useCase } = setup([
      carrierEvent('D1', 'd1', 'PICKED_UP', 1),
      carrierEvent('D1', 'd2', 'EXCEPTION_CUSTOMS_HOLD', 2, { exceptionType: 'CUSTOMS_HOLD' }),
    ]);
    repo.add('dom', 'D1', 'CREATED', 'domestic');
    await useCase.execute({ carrierCode: 'sahm' });
    expect(repo.rows.get('dom')!.state.status).toBe('EXCEPTION_CUSTOMS_HOLD');
    expect(repo.outbox.map((o) => o.payload.status)).toEqual(['PICKED_UP', 'EXCEPTION_CUSTOMS_HOLD']);
    expect(repo.outbox[1].payload).toMatchObject({
      exception_type: 'CUSTOMS_HOLD',
      kinds: ['shipment.status_updated', 'shipment.exception'],
    });
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(/EXCEPTION_CUSTOMS_HOLD on domestic shipment dom .*applied as the carrier reports it/),
    );
  });

  it('survives a carrier outage: postpones the batch a little, logs once, never throws', async () => {
    const { repo, useCase, carrier } = setup([carrierEvent('T1', 'e1', 'PICKED_UP', 1)]);
    repo.add('s1', 'T1');
    carrier.fail(new CarrierUnavailableError('sahm', 'connection refused'));
    await expect(useCase.execute({ carrierCode: 'sahm' })).resolves.toEqual({ shipments: 1, events: 0, transitions: 0 });
    const postponed = repo.rows.get('s1')!.nextPollAt!.getTime() - NOW.getTime();
    expect(postponed).toBeGreaterThanOrEqual(SETTINGS.failureDelayMs);
    expect(postponed).toBeLessThan(SETTINGS.leaseMs);
    repo.rows.get('s1')!.nextPollAt = at(-1);
    await useCase.execute({ carrierCode: 'sahm' });
    expect(warn).toHaveBeenCalledTimes(1);

    carrier.fail(undefined);
    repo.rows.get('s1')!.nextPollAt = at(-1);
    expect(await useCase.execute({ carrierCode: 'sahm' })).toMatchObject({ events: 1, transitions: 1 });
  });

  it('takes at most the batch size, oldest due first, and leaves the rest for the next run', async () => {
    const { repo, useCase, carrier } = setup();
    for (let i = 0; i < 5; i++) repo.add(`s${i}`, `T${i}`).nextPollAt = at(-10 + i);
    expect((await useCase.execute({ carrierCode: 'sahm', batchSize: 2 })).shipments).toBe(2);
    expect(carrier.calls[0]).toEqual(['T0', 'T1']);
    expect((await useCase.execute({ carrierCode: 'sahm', batchSize: 2 })).shipments).toBe(2);
    expect(carrier.calls[1]).toEqual(['T2', 'T3']);
  });

  it('does nothing for an unknown carrier or when nothing is due', async () => {
    const { repo, useCase, carrier } = setup();
    repo.add('s1', 'T1').nextPollAt = at(5);
    expect(await useCase.execute({ carrierCode: 'nope' })).toEqual({ shipments: 0, events: 0, transitions: 0 });
    expect(await useCase.execute({ carrierCode: 'sahm' })).toEqual({ shipments: 0, events: 0, transitions: 0 });
    expect(carrier.calls).toHaveLength(0);
  });
});
