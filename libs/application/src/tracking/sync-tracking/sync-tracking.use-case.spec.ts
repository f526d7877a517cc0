import { Logger } from '@nestjs/common';
import { ShipmentStatus } from '@lgw/domain';
import { CarrierPort, CarrierTrackingEvent, CarrierUnavailableError } from '../../ports/carrier.port';
import {
  DueShipment,
  PollSchedule,
  StoredTrackingState,
  TrackingRepositoryPort,
  TrackingSyncPlan,
} from '../../ports/tracking.repository.port';
import { OutboxEventDraft, TrackingEventRecord } from '../../shipments/shipment.record';
import { SyncTrackingUseCase } from './sync-tracking.use-case';
import { TrackingSyncSettings } from './tracking-poll-policy';

const NOW = new Date('2026-01-10T12:00:00Z');
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
const SETTINGS: TrackingSyncSettings = {
  lastMileIntervalMs: 1000,
  activeIntervalMs: 2000,
  maxIntervalMs: 3000,
  failureDelayMs: 5000,
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
  readonly events: TrackingEventRecord[] = [];
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
      state: { status, progress: status, lastEventAt: at(-1) },
      nextPollAt: at(-1),
    };
    this.rows.set(id, row);
    return row;
  }

  async claimDue(_carrier: string, now: Date, limit: number, leaseUntil: Date): Promise<DueShipment[]> {
    const due = [...this.rows.values()]
      .filter((r) => r.nextPollAt && r.nextPollAt <= now)
      .sort((a, b) => a.nextPollAt!.getTime() - b.nextPollAt!.getTime())
      .slice(0, limit);
    for (const r of due) r.nextPollAt = leaseUntil;
    return due.map((r) => ({ ...r, state: { ...r.state } }));
  }

  async knownEventKeys(pairs: ReadonlyArray<{ shipmentId: string; eventKey: string }>) {
    const known = new Map<string, Set<string>>();
    for (const p of pairs) {
      if (!this.events.some((e) => e.shipmentId === p.shipmentId && e.eventKey === p.eventKey)) continue;
      known.set(p.shipmentId, (known.get(p.shipmentId) ?? new Set()).add(p.eventKey));
    }
    return known;
  }

  async applySync(
    shipmentId: string,
    keys: readonly string[],
    plan: (current: StoredTrackingState, known: ReadonlySet<string>) => TrackingSyncPlan,
  ): Promise<TrackingSyncPlan | null> {
    this.transactions += 1;
    const row = this.rows.get(shipmentId);
    if (!row) return null;
    this.interleave?.(row);
    this.interleave = undefined;
    const known = new Set(this.events.filter((e) => e.shipmentId === shipmentId && keys.includes(e.eventKey)).map((e) => e.eventKey));
    const written = plan({ ...row.state }, known);
    row.state = written.state;
    row.nextPollAt = written.nextPollAt;
    this.events.push(...written.events);
    this.outbox.push(...written.outbox);
    return written;
  }

  async reschedule(schedule: readonly PollSchedule[]): Promise<void> {
    for (const s of schedule) {
      const row = this.rows.get(s.shipmentId)!;
      if (row.nextPollAt) row.nextPollAt = s.nextPollAt;
    }
  }
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
  let failure: Error | undefined;
  const carrier = {
    code: 'sahm',
    fetchTracking: async (numbers: readonly string[]) => {
      calls.push([...numbers]);
      if (failure) throw failure;
      return history.filter((e) => numbers.includes(e.trackingNumber));
    },
  } as unknown as CarrierPort;
  return { carrier, calls, history, fail: (error?: Error) => (failure = error) };
}

function setup(history: CarrierTrackingEvent[] = []) {
  const repo = new InMemoryTrackingRepository();
  const carrier = fakeCarrier(history);
  const useCase = new SyncTrackingUseCase(
    repo,
    { get: (code) => (code === 'sahm' ? carrier.carrier : undefined) },
    { now: () => NOW },
    SETTINGS,
  );
  return { repo, carrier, useCase };
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

  it('stops polling at a terminal status, and an older event later does not move it', async () => {
    const { repo, useCase, carrier } = setup([carrierEvent('T1', 'e1', 'DELIVERED', 5)]);
    repo.add('s1', 'T1');
    await useCase.execute({ carrierCode: 'sahm' });
    expect(repo.rows.get('s1')!.state.status).toBe('DELIVERED');
    expect(repo.rows.get('s1')!.nextPollAt).toBeNull();
    expect(repo.outbox[0].payload.kinds).toEqual(['shipment.status_updated', 'shipment.delivered']);

    carrier.history.push(carrierEvent('T1', 'e2', 'OUT_FOR_DELIVERY', 4));
    repo.rows.get('s1')!.nextPollAt = at(-1);
    await useCase.execute({ carrierCode: 'sahm' });
    expect(repo.rows.get('s1')!.state.status).toBe('DELIVERED');
    expect(repo.events.map((e) => e.eventKey)).toEqual(['e1', 'e2']);
    expect(repo.outbox).toHaveLength(1);
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

  it('ignores customs statuses on a domestic lane and applies them on an international one', async () => {
    const { repo, useCase } = setup([carrierEvent('D1', 'd1', 'CUSTOMS_CLEARANCE', 1), carrierEvent('I1', 'i1', 'CUSTOMS_CLEARANCE', 1)]);
    repo.add('dom', 'D1', 'IN_TRANSIT', 'domestic');
    repo.add('int', 'I1', 'IN_TRANSIT', 'international');
    await useCase.execute({ carrierCode: 'sahm' });
    expect(repo.rows.get('dom')!.state.status).toBe('IN_TRANSIT');
    expect(repo.rows.get('int')!.state.status).toBe('CUSTOMS_CLEARANCE');
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
