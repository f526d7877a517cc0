import { randomUUID } from 'node:crypto';
import { RecordedHistory, SqlTrackingRepository } from '@lgw/tracking';
import { ReportedTrackingEvent, Shipment } from '@lgw/shipping';
import { ShipmentStatus, trackingEventIdentity } from '@lgw/kernel';
import { Database } from '@lgw/database';
import { TrackingFidelity1732100360000 } from '@lgw/database/migrations/1732100360000-tracking-fidelity.migration';
import { TrackingSchedule1732100740000 } from '@lgw/database/migrations/1732100740000-tracking-schedule.migration';
import { openTestDatabase, SERVICES_MODE } from '../support/test-mode';

const NOW = new Date('2026-01-10T12:00:00.000Z');
const sec = (s: number) => new Date(NOW.getTime() + s * 1000);
const DAY = 24 * 3600;
/** Terminal shipments that reached their status after this are still in their grace period. */
const GRACE_CUTOFF = sec(-7 * DAY);
/** A candidate whose identity is derived from its key, unless given. */
const candidate = (eventKey: string, dedupeKey = `identity:${eventKey}`) => ({ eventKey, dedupeKey });

describe(`tracking repository (${SERVICES_MODE ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  let db: Database;
  let repo: SqlTrackingRepository;
  const teamId = randomUUID();
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await openTestDatabase({ inMemory: true }));
    repo = new SqlTrackingRepository(db.dataSource);
    await db.dataSource.query('INSERT INTO teams (id, name) VALUES ($1, $2)', [teamId, 'Tracking']);
  });
  afterAll(() => close());

  async function shipment(carrier: string, status: string, nextPollAt: Date | null, terminalAt: Date | null = null): Promise<string> {
    const id = randomUUID();
    await db.dataSource.query(
      `INSERT INTO shipments (id, team_id, quote_id, service_reference, carrier_code, service_code, tracking_number,
         carrier_reference, status, progress, last_event_at, lane, origin, destination, parcels, chargeable_kg,
         quoted_total_halalas, estimated_delivery_at, created_at, updated_at, terminal_at)
       VALUES ($1, $2, $3, 'LGW1', $4, 'svc', $5, 'ref', $6, $6, $7, 'domestic', '{}', '{}', '[]', 1, 100, $7, $7, $7, $8)`,
      [id, teamId, randomUUID(), carrier, `TN-${id}`, status, sec(-3600), terminalAt],
    );
    if (nextPollAt) {
      await db.dataSource.query('INSERT INTO tracking_schedule (shipment_id, carrier_code, next_poll_at) VALUES ($1, $2, $3)', [
        id,
        carrier,
        nextPollAt,
      ]);
    }
    return id;
  }
  /** When the shipment is polled next; null when it is off the schedule (no schedule row). */
  const nextPoll = async (id: string): Promise<Date | null> =>
    (await db.dataSource.query('SELECT next_poll_at FROM tracking_schedule WHERE shipment_id = $1', [id]))[0]?.next_poll_at ?? null;
  /** The shipment's columns with its schedule beside them. */
  const shipmentRow = async (id: string, columns: string): Promise<Record<string, unknown>> =>
    (
      await db.dataSource.query(
        `SELECT ${columns}, t.next_poll_at FROM shipments s LEFT JOIN tracking_schedule t ON t.shipment_id = s.id WHERE s.id = $1`,
        [id],
      )
    )[0];

  it('claims due shipments of one carrier, oldest first, up to the limit, and leases them', async () => {
    const carrier = 'probe-a';
    const late = await shipment(carrier, 'IN_TRANSIT', sec(-30));
    const later = await shipment(carrier, 'PICKED_UP', sec(-20));
    const latest = await shipment(carrier, 'CREATED', sec(-10));
    const notYet = await shipment(carrier, 'IN_TRANSIT', sec(30));
    const otherCarrier = await shipment('probe-b', 'IN_TRANSIT', sec(-60));

    const first = await repo.claimDue(carrier, NOW, 2, sec(60), GRACE_CUTOFF);
    expect(first.map((s) => s.id)).toEqual(expect.arrayContaining([late, later]));
    expect(first).toHaveLength(2);
    expect(first.find((s) => s.id === late)).toMatchObject({
      teamId,
      lane: 'domestic',
      state: { status: 'IN_TRANSIT', progress: 'IN_TRANSIT', lastEventAt: sec(-3600), terminalAt: null },
    });
    expect(await nextPoll(late)).toEqual(sec(60));

    const second = await repo.claimDue(carrier, NOW, 10, sec(60), GRACE_CUTOFF);
    expect(second.map((s) => s.id)).toEqual([latest]);
    expect(await repo.claimDue(carrier, NOW, 10, sec(60), GRACE_CUTOFF)).toEqual([]);
    expect(await nextPoll(notYet)).toEqual(sec(30));
    expect(await nextPoll(otherCarrier)).toEqual(sec(-60));
  });

  it('gives concurrent pollers disjoint batches', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push(await shipment('probe-h', 'IN_TRANSIT', sec(-100 + i)));
    const batches = await Promise.all([1, 2, 3].map(() => repo.claimDue('probe-h', NOW, 3, sec(60), GRACE_CUTOFF)));
    const claimed = batches.flat().map((s) => s.id);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed.sort()).toEqual([...ids].sort());
  });

  it('takes terminal shipments found due off the schedule once their grace period is over, or when they never had one', async () => {
    const stray = await shipment('probe-c', 'DELIVERED', sec(-5));
    const graceOver = await shipment('probe-c', 'RETURNED', sec(-5), sec(-7 * DAY - 1));
    const inGrace = await shipment('probe-c', 'DELIVERED', sec(-5), sec(-6 * DAY));
    const claimed = await repo.claimDue('probe-c', NOW, 10, sec(60), GRACE_CUTOFF);
    expect(claimed.map((s) => s.id)).toEqual([inGrace]);
    expect(claimed[0].state).toMatchObject({ status: 'DELIVERED', terminalAt: sec(-6 * DAY) });
    expect(await nextPoll(inGrace)).toEqual(sec(60));
    expect(await nextPoll(stray)).toBeNull();
    expect(await nextPoll(graceOver)).toBeNull();
  });

  it('claims and reschedules by writing only the schedule, never a new version of the shipment row', async () => {
    const id = await shipment('probe-x', 'IN_TRANSIT', sec(-5));
    const version = async () => (await db.dataSource.query('SELECT xmin::text AS v FROM shipments WHERE id = $1', [id]))[0].v;
    const before = await version();
    expect((await repo.claimDue('probe-x', NOW, 10, sec(60), GRACE_CUTOFF)).map((s) => s.id)).toEqual([id]);
    await repo.reschedule([{ shipmentId: id, nextPollAt: sec(90) }]);
    expect(await nextPoll(id)).toEqual(sec(90));
    expect(await version()).toBe(before);
  });

  it('drops the schedule with its shipment', async () => {
    const id = await shipment('probe-y', 'IN_TRANSIT', sec(-5));
    await db.dataSource.query('DELETE FROM shipments WHERE id = $1', [id]);
    expect(await db.dataSource.query('SELECT * FROM tracking_schedule WHERE shipment_id = $1', [id])).toEqual([]);
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

  /** A carrier scan as the sync hands it to the shipment. */
  const scan = (
    eventId: string,
    status: ShipmentStatus | null,
    at: Date,
    extra: Partial<ReportedTrackingEvent> = {},
  ): ReportedTrackingEvent => ({
    eventId,
    dedupeKey: `identity:${eventId}`,
    status,
    carrierStatus: status ?? 'X-1',
    occurredAt: at,
    ...extra,
  });
  /** What the sync does inside the transaction: the shipment takes the scans it does not have yet. */
  const taking =
    (scans: readonly ReportedTrackingEvent[], nextPollAt: Date | null = sec(60), now = NOW) =>
    (s: Shipment, history: RecordedHistory) => {
      s.applyTrackingEvents(
        scans.filter((e) => !history.knownKeys.has(e.eventId)),
        { now, lastRecordedException: history.lastException },
      );
      return { nextPollAt };
    };
  const candidatesOf = (scans: readonly ReportedTrackingEvent[]) => scans.map((e) => candidate(e.eventId, e.dedupeKey));

  it('finds stored event keys for many shipments in one go', async () => {
    const a = await shipment('probe-e', 'IN_TRANSIT', sec(60));
    const b = await shipment('probe-e', 'IN_TRANSIT', sec(60));
    const k1 = [scan('k1', 'IN_TRANSIT', sec(-4000))];
    const k2 = [scan('k2', 'IN_TRANSIT', sec(-4000))];
    await repo.applySync(a, candidatesOf(k1), taking(k1));
    await repo.applySync(b, candidatesOf(k2), taking(k2));
    const known = await repo.knownEventKeys([
      { shipmentId: a, ...candidate('k1') },
      { shipmentId: a, ...candidate('k2') },
      { shipmentId: b, ...candidate('k2') },
      { shipmentId: b, ...candidate('k3') },
      // The same scan re-sent under a new id: known by its identity.
      { shipmentId: b, ...candidate('k2-resent', 'identity:k2') },
      { shipmentId: a, ...candidate('k4', 'identity:k2') },
    ]);
    expect([...known.entries()].map(([id, keys]) => [id, [...keys].sort()])).toEqual(
      expect.arrayContaining([
        [a, ['k1']],
        [b, ['k2', 'k2-resent']],
      ]),
    );
    expect(known.size).toBe(2);
  });

  it('applies a sync in one transaction on the shipment read under the lock, and saves what it recorded', async () => {
    const id = await shipment('probe-f', 'CREATED', sec(60));
    const seen: unknown[] = [];
    const first = [scan('e1', 'PICKED_UP', sec(1))];
    const written = await repo.applySync(id, [...candidatesOf(first), candidate('e2')], (s, history) => {
      seen.push(s.state.status, s.state.progress, s.state.lastEventAt, s.state.terminalAt, [...history.knownKeys]);
      return taking(first, sec(30))(s, history);
    });
    expect(written?.history).toHaveLength(1);
    expect(seen).toEqual(['CREATED', 'CREATED', sec(-3600), null, []]);
    const row = await shipmentRow(id, 's.status, s.progress, s.last_event_at, s.updated_at');
    expect(row).toEqual({ status: 'PICKED_UP', progress: 'PICKED_UP', last_event_at: sec(1), next_poll_at: sec(30), updated_at: NOW });
    const outbox = await db.dataSource.query('SELECT type, payload FROM outbox_events WHERE aggregate_id = $1', [id]);
    expect(outbox).toEqual([
      {
        type: 'shipment.status_changed',
        payload: expect.objectContaining({ previous_status: 'CREATED', status: 'PICKED_UP', kinds: ['shipment.status_updated'] }),
      },
    ]);

    // The second run sees the stored key and the new status; nothing new leaves updated_at alone.
    await repo.applySync(id, [candidate('e1'), candidate('e2'), candidate('e1-resent', 'identity:e1')], (s, history) => {
      expect(s.state.status).toBe('PICKED_UP');
      expect([...history.knownKeys].sort()).toEqual(['e1', 'e1-resent']);
      return taking([], sec(40), sec(99))(s, history);
    });
    const after = await shipmentRow(id, 's.updated_at');
    expect(after).toEqual({ updated_at: NOW, next_poll_at: sec(40) });
  });

  it("hands a multi-piece shipment's carrier numbers to the sync and stores each piece's state and events (ADR 0087)", async () => {
    const id = await shipment('probe-p', 'LABEL_GENERATED', sec(-5));
    const gateway = await shipment('probe-p', 'LABEL_GENERATED', sec(-4));
    const piecesOf = (numbers: string[]) =>
      JSON.stringify(numbers.map((tracking_number, i) => ({ number: i + 1, tracking_number, weight_kg: 1 })));
    await db.dataSource.query(`UPDATE shipments SET pieces = $2::jsonb, parcels = $3::jsonb WHERE id = $1`, [
      id,
      piecesOf([`TN-${id}`, 'AWB-2']),
      JSON.stringify([1, 2].map(() => ({ weight_kg: 1, length_cm: 10, width_cm: 10, height_cm: 10 }))),
    ]);
    await db.dataSource.query(`UPDATE shipments SET pieces = $2::jsonb WHERE id = $1`, [
      gateway,
      piecesOf([`TN-${gateway}-1`, `TN-${gateway}-2`]),
    ]);
    const due = await repo.claimDue('probe-p', NOW, 10, sec(60), GRACE_CUTOFF);
    expect(due.find((s) => s.id === id)?.pieceTrackingNumbers).toEqual([`TN-${id}`, 'AWB-2']);
    // Gateway numbers are no carrier's: the carrier is asked for the shipment alone.
    expect(due.find((s) => s.id === gateway)?.pieceTrackingNumbers).toBeNull();

    const scans = [scan('p1', 'PICKED_UP', sec(1), { pieceNumber: 1 }), scan('p2', 'PICKED_UP', sec(2), { pieceNumber: 2 })];
    await repo.applySync(id, candidatesOf(scans), taking(scans.slice(0, 1)));
    const [half] = await db.dataSource.query('SELECT status, pieces FROM shipments WHERE id = $1', [id]);
    expect(half.status).toBe('LABEL_GENERATED');
    expect(half.pieces.map((p: any) => [p.status, p.progress])).toEqual([
      ['PICKED_UP', 'PICKED_UP'],
      ['LABEL_GENERATED', 'LABEL_GENERATED'],
    ]);
    expect(half.pieces[0].last_event_at).toBe(sec(1).toISOString());
    // Read back under the lock on the next sync: the pieces' own states are what the roll-up sees.
    await repo.applySync(id, candidatesOf(scans), taking(scans));
    const [row] = await db.dataSource.query('SELECT status, pieces FROM shipments WHERE id = $1', [id]);
    expect(row.status).toBe('PICKED_UP');
    const events = await db.dataSource.query(
      'SELECT event_key, piece_number FROM tracking_events WHERE shipment_id = $1 ORDER BY event_key',
      [id],
    );
    expect(events).toEqual([
      { event_key: 'p1', piece_number: 1 },
      { event_key: 'p2', piece_number: 2 },
    ]);
  });

  it('rolls everything back when the changes cannot be written', async () => {
    const id = await shipment('probe-g', 'CREATED', sec(60));
    // A weight the database refuses: the history insert fails after the shipment's update ran.
    const broken = [scan('x1', 'PICKED_UP', sec(1), { measuredWeightKg: 'heavy' as unknown as number })];
    await expect(repo.applySync(id, candidatesOf(broken), taking(broken))).rejects.toThrow();
    expect((await db.dataSource.query('SELECT status FROM shipments WHERE id = $1', [id]))[0].status).toBe('CREATED');
    expect(await db.dataSource.query('SELECT id FROM tracking_events WHERE shipment_id = $1', [id])).toEqual([]);
    expect(await db.dataSource.query('SELECT id FROM outbox_events WHERE aggregate_id = $1', [id])).toEqual([]);
  });

  it('records when the shipment reached a terminal status', async () => {
    const id = await shipment('probe-i', 'OUT_FOR_DELIVERY', sec(60));
    const delivered = [scan('d1', 'DELIVERED', sec(1))];
    await repo.applySync(id, candidatesOf(delivered), taking(delivered, sec(3600)));
    const row = await shipmentRow(id, 's.status, s.terminal_at');
    expect(row).toEqual({ status: 'DELIVERED', terminal_at: NOW, next_poll_at: sec(3600) });
  });

  it('stores the return reason and the cash on delivery the shipment decided, not what SQL would', async () => {
    const id = await shipment('probe-l', 'OUT_FOR_DELIVERY', sec(60));
    await db.dataSource.query('UPDATE shipments SET cod_amount_halalas = 15000 WHERE id = $1', [id]);
    // An address issue reported in an earlier sync, then a failed attempt and the return in this one.
    const earlier = [scan('x1', 'EXCEPTION_ADDRESS_ISSUE', sec(-1800))];
    await repo.applySync(id, candidatesOf(earlier), taking(earlier));
    const returning = [scan('x2', 'EXCEPTION_FAILED_DELIVERY_ATTEMPT', sec(-600)), scan('x3', 'RETURN_TO_ORIGIN', sec(-60))];
    await repo.applySync(id, candidatesOf(returning), taking(returning));
    const [row] = await db.dataSource.query(
      'SELECT status, return_reason, cod_status, cod_collected_halalas FROM shipments WHERE id = $1',
      [id],
    );
    expect(row).toEqual({
      status: 'RETURN_TO_ORIGIN',
      return_reason: 'FAILED_DELIVERY_ATTEMPT',
      cod_status: 'REFUSED',
      cod_collected_halalas: null,
    });

    // A return whose exception was stored in an earlier sync is explained by it (read under the lock).
    const other = await shipment('probe-l', 'OUT_FOR_DELIVERY', sec(60));
    const hold = [scan('h1', 'EXCEPTION_CARRIER_DELAY', sec(-900))];
    await repo.applySync(other, candidatesOf(hold), taking(hold));
    const back = [scan('h2', 'RETURN_TO_ORIGIN', sec(-60))];
    await repo.applySync(other, candidatesOf(back), taking(back));
    expect((await db.dataSource.query('SELECT return_reason FROM shipments WHERE id = $1', [other]))[0]).toEqual({
      return_reason: 'CARRIER_DELAY',
    });

    // Delivered with less cash than expected: a discrepancy, the amount the carrier gave kept.
    const paid = await shipment('probe-l', 'OUT_FOR_DELIVERY', sec(60));
    await db.dataSource.query('UPDATE shipments SET cod_amount_halalas = 15000 WHERE id = $1', [paid]);
    const delivered = [scan('p1', 'DELIVERED', sec(-30), { codCollectedHalalas: 14000 })];
    await repo.applySync(paid, candidatesOf(delivered), taking(delivered));
    expect(
      (await db.dataSource.query('SELECT cod_status, cod_collected_halalas, cod_collected_at FROM shipments WHERE id = $1', [paid]))[0],
    ).toEqual({ cod_status: 'DISCREPANCY', cod_collected_halalas: '14000', cod_collected_at: sec(-30) });
  });

  it('stores one copy of a scan however many syncs race to write it under different ids (unique identity key)', async () => {
    const id = await shipment('probe-j', 'IN_TRANSIT', sec(60));
    // Syncs that ignore what the store reports, as a writer that checked before another committed would.
    const racing = (key: string) =>
      repo.applySync(id, [candidate(key, 'identity:same-scan')], (s) => {
        s.applyTrackingEvents([scan(key, 'IN_TRANSIT', sec(-4000), { dedupeKey: 'identity:same-scan' })], { now: NOW });
        return { nextPollAt: sec(60) };
      });
    await Promise.all([racing('r1'), racing('r2'), racing('r3')]);
    const rows = await db.dataSource.query('SELECT event_key FROM tracking_events WHERE shipment_id = $1', [id]);
    expect(rows).toHaveLength(1);
  });

  it('answers null for a shipment that no longer exists', async () => {
    expect(
      await repo.applySync(randomUUID(), [], () => {
        throw new Error('not called');
      }),
    ).toBeNull();
  });

  // Last two: they take migrations down and up again on this database.
  it("moves the schedule out of the shipments row and back, keeping each shipment's next poll", async () => {
    const due = await shipment('probe-m', 'IN_TRANSIT', sec(45));
    const off = await shipment('probe-m', 'CANCELLED', null);
    const migration = new TrackingSchedule1732100740000();
    const runner = db.dataSource.createQueryRunner();
    try {
      await migration.down(runner);
      expect(
        await runner.query('SELECT id, next_poll_at FROM shipments WHERE id = ANY($1::uuid[]) ORDER BY next_poll_at', [[due, off]]),
      ).toEqual([
        { id: due, next_poll_at: sec(45) },
        { id: off, next_poll_at: null },
      ]);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    expect(await nextPoll(due)).toEqual(sec(45));
    expect(await nextPoll(off)).toBeNull();
    expect((await repo.claimDue('probe-m', sec(60), 10, sec(120), GRACE_CUTOFF)).map((s) => s.id)).toEqual([due]);
  });

  it('migrates an existing history: carrier events get their identity, a stored duplicate keeps none, gateway events none', async () => {
    const id = await shipment('probe-k', 'IN_TRANSIT', sec(60));
    const migration = new TrackingFidelity1732100360000();
    const runner = db.dataSource.createQueryRunner();
    try {
      await migration.down(runner);
      const legacy = (key: string, recorded: number) =>
        runner.query(
          `INSERT INTO tracking_events (id, shipment_id, event_key, code, location_en, occurred_at, recorded_at)
           VALUES ($1, $2, $3, 'PICKED_UP', 'Riyadh', $4, $5)`,
          [randomUUID(), id, key, sec(1), sec(recorded)],
        );
      await legacy('old-1', 10);
      await legacy('old-2', 20);
      await legacy('gateway:CREATED', 0);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    const rows = await db.dataSource.query('SELECT event_key, dedupe_key FROM tracking_events WHERE shipment_id = $1 ORDER BY event_key', [
      id,
    ]);
    expect(rows).toEqual([
      { event_key: 'gateway:CREATED', dedupe_key: null },
      { event_key: 'old-1', dedupe_key: trackingEventIdentity({ code: 'PICKED_UP', occurredAt: sec(1), locationEn: 'Riyadh' }) },
      { event_key: 'old-2', dedupe_key: null },
    ]);
    expect(await db.dataSource.query('SELECT terminal_at FROM shipments WHERE id = $1', [id])).toEqual([{ terminal_at: null }]);
  });
});
