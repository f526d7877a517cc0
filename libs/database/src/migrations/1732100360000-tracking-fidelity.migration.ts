import { MigrationInterface, QueryRunner } from 'typeorm';
import { trackingEventIdentity } from '@lgw/kernel';

const BACKFILL_BATCH = 5000;

interface EventRow {
  id: string;
  shipment_id: string;
  code: string;
  occurred_at: Date;
  recorded_at: Date;
  location_en: string | null;
  location_ar: string | null;
}

/**
 * Tracking fidelity (docs/adr/0036-tracking-history-fidelity.md): carrier events get their
 * identity (code, time, place) under a unique key per shipment, so a scan re-sent under a new
 * id is stored once even by two syncs racing; shipments remember when the sync saw them reach
 * a terminal status, for the grace period in which late scans are still fetched.
 */
export class TrackingFidelity1732100360000 implements MigrationInterface {
  name = 'TrackingFidelity1732100360000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE shipments ADD COLUMN terminal_at timestamptz NULL');
    await q.query('ALTER TABLE tracking_events ADD COLUMN dedupe_key text NULL');
    await backfillDedupeKeys(q);
    // NULLs are distinct: gateway events (unique by event_key) and older copies of a duplicate stay as they are.
    await q.query('CREATE UNIQUE INDEX tracking_events_dedupe_uq ON tracking_events (shipment_id, dedupe_key)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX tracking_events_dedupe_uq');
    await q.query('ALTER TABLE tracking_events DROP COLUMN dedupe_key');
    await q.query('ALTER TABLE shipments DROP COLUMN terminal_at');
  }
}

/**
 * Stored times came from the carrier mappers, which parse at the carrier's own resolution, so
 * the identity is taken at 1 ms here. The first recorded copy of a duplicate gets the key; later
 * copies keep none (the history shows them once: orderTrackingHistory), nothing is deleted.
 */
async function backfillDedupeKeys(q: QueryRunner): Promise<void> {
  let after: [string, Date, string] | null = null;
  let shipment: string | null = null;
  let seen = new Set<string>();
  for (;;) {
    const rows: EventRow[] = await q.query(
      `SELECT id, shipment_id, code, occurred_at, recorded_at, location_en, location_ar FROM tracking_events
        WHERE event_key NOT LIKE 'gateway:%' ${after ? 'AND (shipment_id, recorded_at, id) > ($2::uuid, $3::timestamptz, $4::uuid)' : ''}
        ORDER BY shipment_id, recorded_at, id LIMIT $1`,
      after ? [BACKFILL_BATCH, ...after] : [BACKFILL_BATCH],
    );
    if (rows.length === 0) return;
    const ids: string[] = [];
    const keys: string[] = [];
    for (const row of rows) {
      if (row.shipment_id !== shipment) {
        shipment = row.shipment_id;
        seen = new Set();
      }
      const key = trackingEventIdentity({
        code: row.code,
        occurredAt: row.occurred_at,
        locationEn: row.location_en,
        locationAr: row.location_ar,
      });
      if (seen.has(key)) continue;
      seen.add(key);
      ids.push(row.id);
      keys.push(key);
    }
    if (ids.length > 0) {
      await q.query(`UPDATE tracking_events t SET dedupe_key = v.key FROM unnest($1::uuid[], $2::text[]) AS v(id, key) WHERE t.id = v.id`, [
        ids,
        keys,
      ]);
    }
    const last = rows[rows.length - 1];
    after = [last.shipment_id, last.recorded_at, last.id];
  }
}
