import { DataSource, EntityManager } from 'typeorm';
import {
  CandidateEvent,
  CodReport,
  DueShipment,
  PollSchedule,
  StoredTrackingState,
  TrackingRepositoryPort,
  TrackingSyncPlan,
} from '../application/ports/tracking.repository.port';
import { Lane } from '@lgw/carrier-access';
import { ShipmentStatus, TERMINAL_STATUSES } from '@lgw/kernel';
import { insertOutbox, updatedRows } from '@lgw/database';
import { insertTrackingEvents } from '@lgw/shipping';

interface DueRow {
  id: string;
  team_id: string;
  tracking_number: string;
  lane: Lane;
  status: ShipmentStatus;
  progress: ShipmentStatus | null;
  last_event_at: Date | null;
  terminal_at: Date | null;
}

interface StateRow {
  status: ShipmentStatus;
  progress: ShipmentStatus | null;
  last_event_at: Date | null;
  terminal_at: Date | null;
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
 * Tracking sync storage. Every statement is driven by an index: the due list by the partial
 * index shipments_poll_due_idx (carrier_code, next_poll_at) WHERE next_poll_at IS NOT NULL,
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
    const which =
      shipmentId === undefined
        ? `SELECT id FROM shipments
                WHERE carrier_code = $1 AND next_poll_at IS NOT NULL AND next_poll_at <= $2
                ORDER BY next_poll_at
                LIMIT $3
                FOR UPDATE SKIP LOCKED`
        : `SELECT id FROM shipments
                WHERE carrier_code = $1 AND id = $7::uuid AND $2::timestamptz IS NOT NULL AND $3::int > 0
                FOR UPDATE SKIP LOCKED`;
    // A terminal shipment stays on the schedule while its grace period runs (terminal_at after
    // the cutoff); one past it, or one that never had one, is taken off.
    const params: unknown[] = [carrierCode, now, limit, [...TERMINAL_STATUSES], leaseUntil, graceCutoff];
    if (shipmentId !== undefined) params.push(shipmentId);
    const result = await this.dataSource.query(
      `UPDATE shipments s
          SET next_poll_at = CASE WHEN s.status = ANY($4::text[]) AND (s.terminal_at IS NULL OR s.terminal_at <= $6)
                                  THEN NULL ELSE $5::timestamptz END
         FROM (${which}) due
        WHERE s.id = due.id
        RETURNING s.id, s.team_id, s.tracking_number, s.lane, s.status, s.progress, s.last_event_at, s.terminal_at,
                  s.next_poll_at IS NOT NULL AS claimed`,
      params,
    );
    return updatedRows<DueRow & { claimed: boolean }>(result)
      .filter((row) => row.claimed)
      .map((row) => ({
        id: row.id,
        teamId: row.team_id,
        trackingNumber: row.tracking_number,
        lane: row.lane,
        state: stateOf(row),
      }));
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
    plan: (current: StoredTrackingState, knownKeys: ReadonlySet<string>) => TrackingSyncPlan,
  ): Promise<TrackingSyncPlan | null> {
    try {
      // Only the transaction's EntityManager inside: the embedded database has one connection.
      return await this.dataSource.transaction(async (em) => {
        const [row]: StateRow[] = await em.query(
          'SELECT status, progress, last_event_at, terminal_at FROM shipments WHERE id = $1 FOR UPDATE',
          [shipmentId],
        );
        if (!row) return null;
        const current = stateOf(row);
        const written = plan(current, await storedKeys(em, shipmentId, candidates));
        await this.updateShipment(em, shipmentId, current.status, written);
        await insertTrackingEvents(em, written.events);
        await insertOutbox(em, written.outbox);
        if (written.cod) await applyCodReport(em, shipmentId, written.cod);
        if (written.returnStarted) await recordReturnReason(em, shipmentId);
        return written;
      });
    } catch (error) {
      if (error instanceof StatusMovedMeanwhile) return null;
      throw error;
    }
  }

  async reschedule(schedule: readonly PollSchedule[]): Promise<void> {
    if (schedule.length === 0) return;
    await this.dataSource.query(
      `UPDATE shipments s SET next_poll_at = v.at
         FROM unnest($1::uuid[], $2::timestamptz[]) AS v(id, at)
        WHERE s.id = v.id AND s.next_poll_at IS NOT NULL`,
      [schedule.map((p) => p.shipmentId), schedule.map((p) => p.nextPollAt)],
    );
  }

  /**
   * Conditional on the status read under the row lock: always true with the lock, and still
   * right for any writer that skips it (a cancel that committed first wins).
   */
  private async updateShipment(em: EntityManager, id: string, expected: ShipmentStatus, plan: TrackingSyncPlan): Promise<void> {
    const result = await em.query(
      `UPDATE shipments
          SET status = $3, progress = $4, last_event_at = $5, next_poll_at = $6, terminal_at = $8,
              updated_at = CASE WHEN status IS DISTINCT FROM $3 OR progress IS DISTINCT FROM $4
                                  OR last_event_at IS DISTINCT FROM $5 THEN $7 ELSE updated_at END
        WHERE id = $1 AND status = $2
        RETURNING id`,
      [
        id,
        expected,
        plan.state.status,
        plan.state.progress,
        plan.state.lastEventAt,
        plan.nextPollAt,
        plan.updatedAt,
        plan.state.terminalAt,
      ],
    );
    if (updatedRows(result).length === 0) throw new StatusMovedMeanwhile();
  }
}

/**
 * Cash on delivery news, on a shipment that has cash to collect. A first collection sets the
 * amount (the full amount when the carrier does not say) and COLLECTED, or DISCREPANCY when it
 * differs from the expected amount; a second report of another amount never overwrites the
 * first: it makes the shipment a DISCREPANCY. A return to origin is REFUSED while nothing was
 * collected.
 */
async function applyCodReport(em: EntityManager, shipmentId: string, report: CodReport): Promise<void> {
  if (report.kind === 'refused') {
    await em.query(
      `UPDATE shipments SET cod_status = 'REFUSED'
        WHERE id = $1 AND cod_amount_halalas > 0 AND (cod_status IS NULL OR cod_status = 'PENDING')`,
      [shipmentId],
    );
    return;
  }
  const collected = report.collectedHalalas ?? null;
  // $2 NULL: the carrier does not say how much, which carriers only do for the full amount.
  await em.query(
    `UPDATE shipments
        SET cod_status = CASE
              WHEN cod_collected_halalas IS NULL THEN
                CASE WHEN COALESCE($2::bigint, cod_amount_halalas) <> cod_amount_halalas THEN 'DISCREPANCY'
                     -- A payout read before the delivery scan keeps what the payout decided.
                     WHEN cod_status IN ('REMITTED', 'DISCREPANCY') THEN cod_status
                     ELSE 'COLLECTED' END
              ELSE 'DISCREPANCY' END,
            cod_collected_halalas = COALESCE(cod_collected_halalas, $2::bigint, cod_amount_halalas),
            cod_collected_at = COALESCE(cod_collected_at, $3)
      WHERE id = $1 AND cod_amount_halalas > 0
        AND (cod_collected_halalas IS NULL
             OR ($2::bigint IS NOT NULL AND $2::bigint <> cod_collected_halalas AND cod_status <> 'DISCREPANCY'))`,
    [shipmentId, collected, report.at],
  );
}

/**
 * The carrier's last exception before the return is why it sent the parcel back (three failed
 * attempts, an address it could not find). Events of this sync are inserted already; the first
 * reason recorded stays.
 */
async function recordReturnReason(em: EntityManager, shipmentId: string): Promise<void> {
  await em.query(
    `UPDATE shipments
        SET return_reason = (SELECT e.exception_type FROM tracking_events e
                              WHERE e.shipment_id = $1 AND e.exception_type IS NOT NULL
                              ORDER BY e.occurred_at DESC, e.recorded_at DESC LIMIT 1)
      WHERE id = $1 AND return_reason IS NULL`,
    [shipmentId],
  );
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
