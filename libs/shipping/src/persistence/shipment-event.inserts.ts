import { randomUUID } from 'node:crypto';
import { ShipmentHistoryEntry } from '../domain/shipment-domain-events';
import { EntityManager } from 'typeorm';

/**
 * The inserts every shipment write shares (tracking events, outbox events), run inside the
 * caller's transaction. Row mapping stays in shipment-row.mapper.ts, free of SQL.
 */

/**
 * Inserts events, skipping ones already stored: same shipment and event key, or same shipment
 * and identity (dedupe_key). The unique keys decide, not a read before the write, so two
 * writers racing with the same scan store it once. Returns the keys inserted.
 */
export async function insertTrackingEvents(
  em: EntityManager,
  events: ReadonlyArray<ShipmentHistoryEntry & { readonly id?: string }>,
): Promise<Set<string>> {
  const inserted = new Set<string>();
  for (const e of events) {
    const rows: Array<{ event_key: string }> = await em.query(
      `INSERT INTO tracking_events (id, shipment_id, event_key, code, carrier_status, exception_type, location_en,
                                    location_ar, measured_weight_kg, occurred_at, recorded_at, dedupe_key, piece_number)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT DO NOTHING
       RETURNING event_key`,
      [
        e.id ?? randomUUID(),
        e.shipmentId,
        e.eventKey,
        e.code,
        e.carrierStatus,
        e.exceptionType,
        e.locationEn,
        e.locationAr,
        e.measuredWeightKg,
        e.occurredAt,
        e.recordedAt,
        e.dedupeKey ?? null,
        e.pieceNumber ?? null,
      ],
    );
    if (rows.length > 0) inserted.add(e.eventKey);
  }
  return inserted;
}
