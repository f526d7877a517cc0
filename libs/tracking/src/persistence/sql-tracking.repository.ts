import { DataSource, EntityManager } from 'typeorm';
import {
  CandidateEvent,
  DueShipment,
  PollSchedule,
  RecordedHistory,
  StoredTrackingState,
  TrackingRepositoryPort,
  TrackingSyncDecision,
} from '../application/ports/tracking.repository.port';
import { carrierPieceNumbers, Lane, ShipmentStatus, TERMINAL_STATUSES } from '@lgw/kernel';
import { updatedRows } from '@lgw/database';
import {
  isReturnReasonCode,
  saveShipment,
  Shipment,
  SHIPMENT_COLUMNS,
  ShipmentChanges,
  ShipmentRow,
  toShipmentRecord,
} from '@lgw/shipping';

interface DueRow {
  id: string;
  team_id: string;
  tracking_number: string;
  lane: Lane;
  status: ShipmentStatus;
  progress: ShipmentStatus | null;
  last_event_at: Date | null;
  terminal_at: Date | null;
  quote_id: string | null;
  pieces: Array<{ number: number; tracking_number: string }> | null;
}

interface StateRow {
  status: ShipmentStatus;
  progress: ShipmentStatus | null;
  last_event_at: Date | null;
  terminal_at: Date | null;
}

interface LockedRow extends ShipmentRow {
  terminal_at: Date | null;
  last_exception_type: string | null;
  last_exception_occurred_at: Date | null;
  last_exception_recorded_at: Date | null;
}

const stateOf = (row: StateRow): StoredTrackingState => ({
  status: row.status,
  progress: row.progress,
  lastEventAt: row.last_event_at,
  terminalAt: row.terminal_at,
});

/** Thrown inside a transaction to roll it back when the guarded update lost. */
class StatusMovedMeanwhile extends Error {}

/**
 * Tracking sync storage. Every statement is driven by an index: the due list by
 * tracking_schedule_due_idx (carrier_code, next_poll_at) of the narrow schedule table,
 * event look-ups by tracking_events_key_uq (shipment_id, event_key) and tracking_events_dedupe_uq
 * (shipment_id, dedupe_key). See docs/adr/0006-tracking-sync-at-scale.md and
 * docs/adr/0036-tracking-history-fidelity.md.
 */
export class SqlTrackingRepository implements TrackingRepositoryPort {
  constructor(private readonly dataSource: DataSource) {}

  async claimDue(
    carrierCode: string,
    now: Date,
    limit: number,
    leaseUntil: Date,
    graceCutoff: Date,
    shipmentId?: string,
  ): Promise<DueShipment[]> {
    // One named shipment (a test-mode event drives it now, whenever it was due), or the due ones.
    // The named one waits for a lock held by a short write of its schedule (a sync) instead of
    // skipping it: the caller answers with what the sync applied, so it must not skip silently.
    const which =
      shipmentId === undefined
        ? `SELECT shipment_id FROM tracking_schedule
                WHERE carrier_code = $1 AND next_poll_at <= $2
                ORDER BY next_poll_at
                LIMIT $3
                FOR UPDATE SKIP LOCKED`
        : `SELECT shipment_id FROM tracking_schedule
                WHERE carrier_code = $1 AND shipment_id = $7::uuid AND $2::timestamptz IS NOT NULL AND $3::int > 0
                FOR UPDATE`;
    // A terminal shipment stays on the schedule while its grace period runs (terminal_at after
    // the cutoff); one past it, or one that never had one, is taken off. Only the narrow schedule
    // rows are written (docs/adr/0099-tracking-schedule-table.md); the shipments are read.
    const params: unknown[] = [carrierCode, now, limit, [...TERMINAL_STATUSES], leaseUntil, graceCutoff];
    if (shipmentId !== undefined) params.push(shipmentId);
    const result = await this.dataSource.query(
      `WITH due AS (${which}),
            found AS (
              SELECT s.id, s.team_id, s.tracking_number, s.lane, s.status, s.progress, s.last_event_at, s.terminal_at,
                     s.quote_id::text AS quote_id, s.pieces,
                     NOT (s.status = ANY($4::text[]) AND (s.terminal_at IS NULL OR s.terminal_at <= $6)) AS claimed
                FROM shipments s JOIN due ON s.id = due.shipment_id
            ),
            leased AS (
              UPDATE tracking_schedule t SET next_poll_at = $5::timestamptz
                FROM found WHERE t.shipment_id = found.id AND found.claimed
            ),
            retired AS (
              DELETE FROM tracking_schedule t USING found WHERE t.shipment_id = found.id AND NOT found.claimed
            )
       SELECT * FROM found WHERE claimed`,
      params,
    );
    return updatedRows<DueRow>(result).map((row) => ({
      id: row.id,
      teamId: row.team_id,
      trackingNumber: row.tracking_number,
      lane: row.lane,
      state: stateOf(row),
      quoteId: row.quote_id,
      pieceTrackingNumbers: carrierPieceNumbers(
        row.tracking_number,
        row.pieces?.map((p) => ({ number: p.number, trackingNumber: p.tracking_number })),
      ),
    }));
  }

  async shipmentsTracked(carrierCode: string, trackingNumbers: readonly string[], teamId: string | null): Promise<string[]> {
    if (trackingNumbers.length === 0) return [];
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM shipments
        WHERE carrier_code = $1 AND tracking_number = ANY($2::text[]) AND ($3::uuid IS NULL OR team_id = $3::uuid)`,
      [carrierCode, [...trackingNumbers], teamId],
    );
    return rows.map((r) => r.id);
  }

  async knownEventKeys(pairs: ReadonlyArray<CandidateEvent & { shipmentId: string }>): Promise<Map<string, Set<string>>> {
    const known = new Map<string, Set<string>>();
    const add = (shipmentId: string, eventKey: string) => {
      const keys = known.get(shipmentId);
      if (keys) keys.add(eventKey);
      else known.set(shipmentId, new Set([eventKey]));
    };
    if (pairs.length === 0) return known;
    // By key first: carriers mostly re-send their whole history under the same ids, so this one
    // join settles nearly every candidate, at the cost the check had before identities existed.
    const byKey: Array<{ shipment_id: string; event_key: string }> = await this.dataSource.query(
      `SELECT t.shipment_id, t.event_key
         FROM unnest($1::uuid[], $2::text[]) AS k(shipment_id, event_key)
         JOIN tracking_events t ON t.shipment_id = k.shipment_id AND t.event_key = k.event_key`,
      [pairs.map((p) => p.shipmentId), pairs.map((p) => p.eventKey)],
    );
    for (const row of byKey) add(row.shipment_id, row.event_key);
    // Then by identity, only for what is left: new events and scans re-sent under a new id.
    const rest = pairs.filter((p) => !known.get(p.shipmentId)?.has(p.eventKey));
    if (rest.length === 0) return known;
    const byIdentity: Array<{ shipment_id: string; event_key: string }> = await this.dataSource.query(
      `SELECT k.shipment_id, k.event_key
         FROM unnest($1::uuid[], $2::text[], $3::text[]) AS k(shipment_id, event_key, dedupe_key)
         JOIN tracking_events t ON t.shipment_id = k.shipment_id AND t.dedupe_key = k.dedupe_key`,
      [rest.map((p) => p.shipmentId), rest.map((p) => p.eventKey), rest.map((p) => p.dedupeKey)],
    );
    for (const row of byIdentity) add(row.shipment_id, row.event_key);
    return known;
  }

  async applySync(
    shipmentId: string,
    candidates: readonly CandidateEvent[],
    apply: (shipment: Shipment, history: RecordedHistory) => TrackingSyncDecision,
  ): Promise<ShipmentChanges | null> {
    try {
      // Only the transaction's EntityManager inside: the embedded database has one connection.
      return await this.dataSource.transaction(async (em) => {
        // The shipment under its lock, with the last exception of its history while it has no
        // return reason yet (what a return started now would be explained by).
        const [row]: LockedRow[] = await em.query(
          `SELECT ${SHIPMENT_COLUMNS}, terminal_at,
                  x.exception_type AS last_exception_type, x.occurred_at AS last_exception_occurred_at,
                  x.recorded_at AS last_exception_recorded_at
             FROM shipments
             LEFT JOIN LATERAL (
               SELECT e.exception_type, e.occurred_at, e.recorded_at FROM tracking_events e
                WHERE e.shipment_id = shipments.id AND e.exception_type IS NOT NULL
                ORDER BY e.occurred_at DESC, e.recorded_at DESC LIMIT 1
             ) x ON shipments.return_reason IS NULL
            WHERE shipments.id = $1
              FOR UPDATE OF shipments`,
          [shipmentId],
        );
        if (!row) return null;
        const shipment = Shipment.restore({ ...toShipmentRecord(row), terminalAt: row.terminal_at });
        const lastException =
          row.last_exception_type && isReturnReasonCode(row.last_exception_type)
            ? { type: row.last_exception_type, occurredAt: row.last_exception_occurred_at!, recordedAt: row.last_exception_recorded_at! }
            : null;
        const decision = apply(shipment, { knownKeys: await storedKeys(em, shipmentId, candidates), lastException });
        const saved = await saveShipment(em, shipment, {
          expectedStatus: row.status,
          schedule: { nextPollAt: decision.nextPollAt },
        });
        // Conditional on the status read under the lock: always true with the lock, and still
        // right for any writer that skips it (a cancel that committed first wins).
        if (!saved) throw new StatusMovedMeanwhile();
        return saved;
      });
    } catch (error) {
      if (error instanceof StatusMovedMeanwhile) return null;
      throw error;
    }
  }

  async reschedule(schedule: readonly PollSchedule[]): Promise<void> {
    if (schedule.length === 0) return;
    await this.dataSource.query(
      `UPDATE tracking_schedule t SET next_poll_at = v.at
         FROM unnest($1::uuid[], $2::timestamptz[]) AS v(id, at)
        WHERE t.shipment_id = v.id`,
      [schedule.map((p) => p.shipmentId), schedule.map((p) => p.nextPollAt)],
    );
  }
}

/** The candidates' event keys the shipment already has, by key or by identity. */
async function storedKeys(em: EntityManager, shipmentId: string, candidates: readonly CandidateEvent[]): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const rows: Array<{ event_key: string; dedupe_key: string | null }> = await em.query(
    `SELECT event_key, dedupe_key FROM tracking_events
      WHERE shipment_id = $1 AND (event_key = ANY($2::text[]) OR dedupe_key = ANY($3::text[]))`,
    [shipmentId, candidates.map((c) => c.eventKey), candidates.map((c) => c.dedupeKey)],
  );
  const keys = new Set(rows.map((r) => r.event_key));
  const identities = new Set(rows.map((r) => r.dedupe_key));
  return new Set(candidates.filter((c) => keys.has(c.eventKey) || identities.has(c.dedupeKey)).map((c) => c.eventKey));
}
