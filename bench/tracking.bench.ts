/**
 * Tracking sync storage costs of docs/adr/0036-tracking-history-fidelity.md, on PostgreSQL:
 * - the known-events check of one batch (500 shipments × 12 reported events, the carrier's whole
 *   history again), by event key only (before) and by key, then identity for the rest (now);
 * - a poll's claim of 500 due shipments (terminal ones in their grace period among them) and the
 *   reschedule of the same 500, with the schedule in the shipments row (before) and in its own
 *   table (docs/adr/0099-tracking-schedule-table.md);
 * - ordering one shipment's history for GET tracking (orderTrackingHistory, pure).
 *
 *   node -r ./bench/support/register.js bench/tracking.bench.ts
 *
 * Env: BENCH_POSTGRES_URL (postgres://postgres@127.0.0.1:5432/postgres; a scratch database is
 * created there and dropped), TRACKING_BENCH_SHIPMENTS (50000), TRACKING_BENCH_RUNS (30).
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { HistoryEvent, orderTrackingHistory } from '@lgw/shipping';
import { TERMINAL_STATUSES, trackingEventIdentity } from '@lgw/kernel';
import { openDatabase, updatedRows } from '@lgw/database';
import { SqlTrackingRepository } from '@lgw/tracking';
import { intEnv } from './support/bench-env';

// Plain JavaScript of the bench support, loaded as CommonJS.
const { scratchPostgres } = require('./support/scratch-postgres') as { scratchPostgres(): Promise<{ url: string; drop(): Promise<void> }> };

const SHIPMENTS = intEnv('TRACKING_BENCH_SHIPMENTS', 50_000);
const RUNS = intEnv('TRACKING_BENCH_RUNS', 30);
const EVENTS_PER_SHIPMENT = 12;
const BATCH = 500;
const CODES = ['PICKED_UP', 'AT_ORIGIN_HUB', 'DEPARTED_ORIGIN', 'IN_TRANSIT', 'AT_DELIVERY_HUB', 'OUT_FOR_DELIVERY'];

const stats = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => +sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(2);
  return { median_ms: at(0.5), p95_ms: at(0.95), runs: ms.length };
};

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

async function main() {
  const scratch = await scratchPostgres();
  // A PostgreSQL database: the data directory is never used.
  const db = await openDatabase({ databaseUrl: scratch.url, dataDir: os.tmpdir() });
  try {
    const q = db.dataSource;
    const teamId = randomUUID();
    await q.query('INSERT INTO teams (id, name) VALUES ($1, $2)', [teamId, 'Bench']);
    const populateStarted = Date.now();
    // A tenth delivered within the grace period (still due), the rest in flight; all due now.
    await q.query(
      `INSERT INTO shipments (id, team_id, quote_id, service_reference, carrier_code, service_code, tracking_number,
         carrier_reference, status, progress, last_event_at, lane, origin, destination, parcels, chargeable_kg,
         quoted_total_halalas, estimated_delivery_at, created_at, updated_at, terminal_at)
       SELECT gen_random_uuid(), $1, gen_random_uuid(), 'LGWB' || g, 'sahm', 'svc', 'TN' || g, 'ref', s, s,
              now() - interval '1 hour', 'domestic', '{}', '{}', '[]', 1, 100, now(), now(), now(),
              CASE WHEN s = 'DELIVERED' THEN now() - interval '1 day' END
         FROM generate_series(1, $2::int) g, LATERAL (SELECT CASE WHEN g % 10 = 0 THEN 'DELIVERED' ELSE 'IN_TRANSIT' END AS s) st`,
      [teamId, SHIPMENTS],
    );
    // The schedule twice, for the side-by-side below: in its own table (now) and, as before
    // docs/adr/0099-tracking-schedule-table.md, in a column of the shipments row under a partial index.
    await q.query(
      `INSERT INTO tracking_schedule (shipment_id, carrier_code, next_poll_at)
       SELECT id, carrier_code, now() - ((substr(tracking_number, 3)::int % 3600) || ' seconds')::interval FROM shipments`,
    );
    await q.query('ALTER TABLE shipments ADD COLUMN next_poll_at timestamptz NULL');
    await q.query('UPDATE shipments s SET next_poll_at = t.next_poll_at FROM tracking_schedule t WHERE t.shipment_id = s.id');
    await q.query('CREATE INDEX shipments_poll_due_idx ON shipments (carrier_code, next_poll_at) WHERE next_poll_at IS NOT NULL');
    const shipments: Array<{ id: string }> = await q.query('SELECT id FROM shipments ORDER BY tracking_number');
    // Events with their identity as the sync writes them.
    for (let i = 0; i < shipments.length; i += 2000) {
      const rows = shipments.slice(i, i + 2000).flatMap(({ id }) =>
        Array.from({ length: EVENTS_PER_SHIPMENT }, (_, e) => {
          const code = CODES[e % CODES.length];
          const occurredAt = new Date(Date.UTC(2026, 0, 10, 8, e));
          return { id, key: `${id}-${e}`, code, at: occurredAt, dedupe: trackingEventIdentity({ code, occurredAt, locationEn: 'Riyadh' }) };
        }),
      );
      await q.query(
        `INSERT INTO tracking_events (id, shipment_id, event_key, dedupe_key, code, location_en, occurred_at, recorded_at)
         SELECT gen_random_uuid(), r.shipment_id, r.event_key, r.dedupe_key, r.code, 'Riyadh', r.occurred_at, now()
           FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::timestamptz[])
             AS r(shipment_id, event_key, dedupe_key, code, occurred_at)`,
        [rows.map((r) => r.id), rows.map((r) => r.key), rows.map((r) => r.dedupe), rows.map((r) => r.code), rows.map((r) => r.at)],
      );
    }
    await q.query('ANALYZE shipments');
    await q.query('ANALYZE tracking_events');
    const populateMs = Date.now() - populateStarted;

    const repo = new SqlTrackingRepository(q);
    const batchOf = (run: number) => {
      const start = (run * BATCH) % Math.max(1, shipments.length - BATCH);
      return shipments.slice(start, start + BATCH).flatMap(({ id }) =>
        Array.from({ length: EVENTS_PER_SHIPMENT }, (_, e) => {
          const code = CODES[e % CODES.length];
          return {
            shipmentId: id,
            eventKey: `${id}-${e}`,
            dedupeKey: trackingEventIdentity({ code, occurredAt: new Date(Date.UTC(2026, 0, 10, 8, e)), locationEn: 'Riyadh' }),
          };
        }),
      );
    };
    const byKeyOnly = (pairs: ReturnType<typeof batchOf>) =>
      q.query(
        `SELECT t.shipment_id, t.event_key FROM unnest($1::uuid[], $2::text[]) AS k(shipment_id, event_key)
           JOIN tracking_events t ON t.shipment_id = k.shipment_id AND t.event_key = k.event_key`,
        [pairs.map((p) => p.shipmentId), pairs.map((p) => p.eventKey)],
      );
    const keyOnly: number[] = [];
    const keyOrIdentity: number[] = [];
    for (let run = 0; run < RUNS + 3; run++) {
      const pairs = batchOf(run);
      const a = await timed(() => byKeyOnly(pairs));
      const b = await timed(async () => {
        const known = await repo.knownEventKeys(pairs);
        if (known.size !== BATCH) throw new Error(`expected every shipment known, got ${known.size}`);
      });
      if (run >= 3) {
        keyOnly.push(a);
        keyOrIdentity.push(b);
      }
    }

    // A poll's two writes, the claim of the due rows and the reschedule of the quiet ones, with
    // the schedule in the shipments row (before) and in its own table (now); alternating, so load
    // on the machine hits both alike. Each side works on its own copy of the same schedule.
    const terminal = [...TERMINAL_STATUSES];
    const rowClaim = (now: Date, cutoff: Date) =>
      q.query(
        `UPDATE shipments s
            SET next_poll_at = CASE WHEN s.status = ANY($4::text[]) AND (s.terminal_at IS NULL OR s.terminal_at <= $6)
                                    THEN NULL ELSE $5::timestamptz END
           FROM (SELECT id FROM shipments
                  WHERE carrier_code = $1 AND next_poll_at IS NOT NULL AND next_poll_at <= $2
                  ORDER BY next_poll_at LIMIT $3 FOR UPDATE SKIP LOCKED) due
          WHERE s.id = due.id
          RETURNING s.id, s.team_id, s.tracking_number, s.lane, s.status, s.progress, s.last_event_at, s.terminal_at,
                    s.quote_id::text AS quote_id, s.pieces, s.next_poll_at IS NOT NULL AS claimed`,
        ['sahm', now, BATCH, terminal, new Date(now.getTime() + 60_000), cutoff],
      );
    const rowReschedule = (ids: string[], at: Date) =>
      q.query(
        `UPDATE shipments s SET next_poll_at = v.at FROM unnest($1::uuid[], $2::timestamptz[]) AS v(id, at)
          WHERE s.id = v.id AND s.next_poll_at IS NOT NULL`,
        [ids, ids.map(() => at)],
      );
    const poll = {
      row: { claim: [] as number[], reschedule: [] as number[] },
      table: { claim: [] as number[], reschedule: [] as number[] },
    };
    let terminalClaimed = 0;
    const rounds = Math.min(RUNS, Math.floor(SHIPMENTS / (2 * BATCH)));
    for (let run = 0; run < rounds; run++) {
      const now = new Date();
      const cutoff = new Date(now.getTime() - 7 * 86_400_000);
      const later = new Date(now.getTime() + 3_600_000);
      let rows: unknown;
      poll.row.claim.push(await timed(async () => (rows = await rowClaim(now, cutoff))));
      const rowIds = updatedRows<{ id: string }>(rows).map((r) => r.id);
      poll.row.reschedule.push(await timed(() => rowReschedule(rowIds, later)));
      let due: Awaited<ReturnType<typeof repo.claimDue>> = [];
      poll.table.claim.push(
        await timed(async () => {
          due = await repo.claimDue('sahm', now, BATCH, new Date(now.getTime() + 60_000), cutoff);
        }),
      );
      poll.table.reschedule.push(await timed(() => repo.reschedule(due.map((d) => ({ shipmentId: d.id, nextPollAt: later })))));
      terminalClaimed += due.filter((d) => d.state.status === 'DELIVERED').length;
    }

    const history: HistoryEvent[] = [
      { id: 'g0', source: 'gateway', code: 'CREATED', occurredAt: new Date(Date.UTC(2026, 0, 10, 7, 0)) },
      { id: 'g1', source: 'gateway', code: 'LABEL_GENERATED', occurredAt: new Date(Date.UTC(2026, 0, 10, 8, 30)) },
      ...Array.from({ length: 38 }, (_, e) => ({
        id: `c${e}`,
        source: 'carrier' as const,
        code: CODES[e % CODES.length],
        occurredAt: new Date(Date.UTC(2026, 0, 10, 8, e)),
        locationEn: 'Riyadh',
      })),
    ];
    for (let i = 0; i < 2000; i++) orderTrackingHistory(history);
    const orderRuns = 20_000;
    const orderMs = await timed(async () => {
      for (let i = 0; i < orderRuns; i++) orderTrackingHistory(history);
    });

    const explain = async (sql: string, params: unknown[]) =>
      (await q.query(`EXPLAIN ${sql}`, params)).map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
    const identityPlan = await explain(
      `SELECT k.shipment_id, k.event_key FROM unnest($1::uuid[], $2::text[], $3::text[]) AS k(shipment_id, event_key, dedupe_key)
         JOIN tracking_events t ON t.shipment_id = k.shipment_id AND t.dedupe_key = k.dedupe_key`,
      [[shipments[0].id], ['x'], ['y']],
    );

    console.log(
      JSON.stringify(
        {
          machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model },
          data: { shipments: SHIPMENTS, tracking_events: SHIPMENTS * EVENTS_PER_SHIPMENT, populate_ms: populateMs },
          known_events_500x12: { by_key_only: stats(keyOnly), by_key_or_identity: stats(keyOrIdentity) },
          poll_500_due: {
            schedule_in_shipments_row: { claim: stats(poll.row.claim), reschedule: stats(poll.row.reschedule) },
            schedule_table: {
              claim: stats(poll.table.claim),
              reschedule: stats(poll.table.reschedule),
              terminal_in_grace_claimed: terminalClaimed,
            },
          },
          order_history_40_events_us: +((orderMs * 1000) / orderRuns).toFixed(2),
          identity_lookup_uses_index: identityPlan.includes('tracking_events_dedupe_uq'),
        },
        null,
        2,
      ),
    );
  } finally {
    await db.close();
    await scratch.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
