import { randomUUID } from 'node:crypto';
import { TrackingSyncPlan } from '@lgw/application';
import { Database, TypeOrmTrackingRepository } from '@lgw/persistence';
import { openTestDatabase, SERVICES_MODE } from '../support/test-mode';

const NOW = new Date('2026-01-10T12:00:00.000Z');
const sec = (s: number) => new Date(NOW.getTime() + s * 1000);

describe(`tracking repository (${SERVICES_MODE ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  let db: Database;
  let repo: TypeOrmTrackingRepository;
  const teamId = randomUUID();
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await openTestDatabase({ inMemory: true }));
    repo = new TypeOrmTrackingRepository(db.dataSource);
    await db.dataSource.query('INSERT INTO teams (id, name) VALUES ($1, $2)', [teamId, 'Tracking']);
  });
  afterAll(() => close());

  async function shipment(carrier: string, status: string, nextPollAt: Date | null): Promise<string> {
    const id = randomUUID();
    await db.dataSource.query(
      `INSERT INTO shipments (id, team_id, quote_id, service_reference, carrier_code, service_code, tracking_number,
         carrier_reference, status, progress, last_event_at, lane, origin, destination, parcels, chargeable_kg,
         quoted_total_halalas, estimated_delivery_at, created_at, updated_at, next_poll_at)
       VALUES ($1, $2, $3, 'LGW1', $4, 'svc', $5, 'ref', $6, $6, $7, 'domestic', '{}', '{}', '[]', 1, 100, $7, $7, $7, $8)`,
      [id, teamId, randomUUID(), carrier, `TN-${id}`, status, sec(-3600), nextPollAt],
    );
    return id;
  }
  const nextPoll = async (id: string): Promise<Date | null> =>
    (await db.dataSource.query('SELECT next_poll_at FROM shipments WHERE id = $1', [id]))[0].next_poll_at;

  it('claims due shipments of one carrier, oldest first, up to the limit, and leases them', async () => {
    const carrier = 'probe-a';
    const late = await shipment(carrier, 'IN_TRANSIT', sec(-30));
    const later = await shipment(carrier, 'PICKED_UP', sec(-20));
    const latest = await shipment(carrier, 'CREATED', sec(-10));
    const notYet = await shipment(carrier, 'IN_TRANSIT', sec(30));
    const otherCarrier = await shipment('probe-b', 'IN_TRANSIT', sec(-60));

    const first = await repo.claimDue(carrier, NOW, 2, sec(60));
    expect(first.map((s) => s.id)).toEqual(expect.arrayContaining([late, later]));
    expect(first).toHaveLength(2);
    expect(first.find((s) => s.id === late)).toMatchObject({
      teamId,
      lane: 'domestic',
      state: { status: 'IN_TRANSIT', progress: 'IN_TRANSIT', lastEventAt: sec(-3600) },
    });
    expect(await nextPoll(late)).toEqual(sec(60));

    const second = await repo.claimDue(carrier, NOW, 10, sec(60));
    expect(second.map((s) => s.id)).toEqual([latest]);
    expect(await repo.claimDue(carrier, NOW, 10, sec(60))).toEqual([]);
    expect(await nextPoll(notYet)).toEqual(sec(30));
    expect(await nextPoll(otherCarrier)).toEqual(sec(-60));
  });

  it('gives concurrent pollers disjoint batches', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push(await shipment('probe-h', 'IN_TRANSIT', sec(-100 + i)));
    const batches = await Promise.all([1, 2, 3].map(() => repo.claimDue('probe-h', NOW, 3, sec(60))));
    const claimed = batches.flat().map((s) => s.id);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed.sort()).toEqual([...ids].sort());
  });

  it('takes terminal shipments found due off the schedule without returning them', async () => {
    const stray = await shipment('probe-c', 'DELIVERED', sec(-5));
    expect(await repo.claimDue('probe-c', NOW, 10, sec(60))).toEqual([]);
    expect(await nextPoll(stray)).toBeNull();
  });

  it('reschedules, but never puts a shipment taken off the schedule back on it', async () => {
    const active = await shipment('probe-d', 'IN_TRANSIT', sec(60));
    const cancelled = await shipment('probe-d', 'CANCELLED', null);
    await repo.reschedule([
      { shipmentId: active, nextPollAt: sec(5) },
      { shipmentId: cancelled, nextPollAt: sec(5) },
    ]);
    expect(await nextPoll(active)).toEqual(sec(5));
    expect(await nextPoll(cancelled)).toBeNull();
  });

  it('finds stored event keys for many shipments in one go', async () => {
    const a = await shipment('probe-e', 'IN_TRANSIT', sec(60));
    const b = await shipment('probe-e', 'IN_TRANSIT', sec(60));
    const plan = (id: string, key: string): TrackingSyncPlan => ({
      events: [event(id, key)],
      state: { status: 'IN_TRANSIT', progress: 'IN_TRANSIT', lastEventAt: sec(-3600) },
      outbox: [],
      nextPollAt: sec(60),
      updatedAt: NOW,
    });
    await repo.applySync(a, ['k1'], () => plan(a, 'k1'));
    await repo.applySync(b, ['k2'], () => plan(b, 'k2'));
    const known = await repo.knownEventKeys([
      { shipmentId: a, eventKey: 'k1' },
      { shipmentId: a, eventKey: 'k2' },
      { shipmentId: b, eventKey: 'k2' },
      { shipmentId: b, eventKey: 'k3' },
    ]);
    expect([...known.entries()].map(([id, keys]) => [id, [...keys]])).toEqual(
      expect.arrayContaining([
        [a, ['k1']],
        [b, ['k2']],
      ]),
    );
    expect(known.size).toBe(2);
  });

  it('applies a sync in one transaction on the state read under the lock', async () => {
    const id = await shipment('probe-f', 'CREATED', sec(60));
    const seen: unknown[] = [];
    const written = await repo.applySync(id, ['e1', 'e2'], (current, known) => {
      seen.push(current, [...known]);
      return {
        events: [event(id, 'e1', 'PICKED_UP')],
        state: { status: 'PICKED_UP', progress: 'PICKED_UP', lastEventAt: sec(1) },
        outbox: [{ teamId, aggregateId: id, type: 'shipment.status_changed', payload: { status: 'PICKED_UP' } }],
        nextPollAt: sec(30),
        updatedAt: NOW,
      };
    });
    expect(written?.events).toHaveLength(1);
    expect(seen).toEqual([{ status: 'CREATED', progress: 'CREATED', lastEventAt: sec(-3600) }, []]);
    const [row] = await db.dataSource.query(
      'SELECT status, progress, last_event_at, next_poll_at, updated_at FROM shipments WHERE id = $1',
      [id],
    );
    expect(row).toEqual({ status: 'PICKED_UP', progress: 'PICKED_UP', last_event_at: sec(1), next_poll_at: sec(30), updated_at: NOW });
    const outbox = await db.dataSource.query('SELECT type FROM outbox_events WHERE aggregate_id = $1', [id]);
    expect(outbox).toEqual([{ type: 'shipment.status_changed' }]);

    // The second run sees the stored key and the new status.
    await repo.applySync(id, ['e1', 'e2'], (current, known) => {
      expect(current.status).toBe('PICKED_UP');
      expect([...known]).toEqual(['e1']);
      return { events: [], state: current, outbox: [], nextPollAt: sec(40), updatedAt: sec(99) };
    });
    const [after] = await db.dataSource.query('SELECT updated_at, next_poll_at FROM shipments WHERE id = $1', [id]);
    expect(after).toEqual({ updated_at: NOW, next_poll_at: sec(40) });
  });

  it('rolls everything back when the plan cannot be written', async () => {
    const id = await shipment('probe-g', 'CREATED', sec(60));
    await expect(
      repo.applySync(id, ['x1'], () => ({
        events: [event(id, 'x1', 'PICKED_UP')],
        state: { status: 'PICKED_UP', progress: 'PICKED_UP', lastEventAt: sec(1) },
        outbox: [{ teamId: 'not-a-uuid', aggregateId: id, type: 'shipment.status_changed', payload: {} }],
        nextPollAt: sec(30),
        updatedAt: NOW,
      })),
    ).rejects.toThrow();
    expect((await db.dataSource.query('SELECT status FROM shipments WHERE id = $1', [id]))[0].status).toBe('CREATED');
    expect(await db.dataSource.query('SELECT id FROM tracking_events WHERE shipment_id = $1', [id])).toEqual([]);
  });

  it('answers null for a shipment that no longer exists', async () => {
    expect(
      await repo.applySync(randomUUID(), [], () => {
        throw new Error('not called');
      }),
    ).toBeNull();
  });

  function event(shipmentId: string, key: string, code = 'IN_TRANSIT') {
    return {
      id: randomUUID(),
      shipmentId,
      eventKey: key,
      code,
      carrierStatus: code,
      exceptionType: null,
      locationEn: null,
      locationAr: null,
      measuredWeightKg: null,
      occurredAt: sec(1),
      recordedAt: NOW,
    };
  }
});
