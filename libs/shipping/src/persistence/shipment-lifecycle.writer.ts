import { EntityManager } from 'typeorm';
import { appendAuditEvents, insertOutbox, updatedRows } from '@lgw/database';
import { ShipmentChanges } from '../domain/shipment-domain-events';
import { Shipment, ShipmentSnapshot } from '../domain/shipment.aggregate';
import { AddressProps, AuditEntry, ShipmentStatus } from '@lgw/kernel';
import { insertTrackingEvents } from './shipment-event.inserts';
import { storedDeliveryIssue } from '../domain/delivery-issue';
import { storedPieces, storedProofOfDelivery } from './shipment-row.mapper';

/** The lifecycle columns the aggregate's methods change, and how each is stored. */
const LIFECYCLE_COLUMNS: ReadonlyArray<{ column: string; cast: string; of: (s: ShipmentSnapshot) => unknown }> = [
  { column: 'status', cast: 'text', of: (s) => s.status },
  { column: 'progress', cast: 'text', of: (s) => s.progress },
  { column: 'last_event_at', cast: 'timestamptz', of: (s) => s.lastEventAt },
  { column: 'updated_at', cast: 'timestamptz', of: (s) => s.updatedAt },
  { column: 'cancelled_at', cast: 'timestamptz', of: (s) => s.cancelledAt },
  { column: 'cancel_reason', cast: 'text', of: (s) => s.cancelReason },
  { column: 'terminal_at', cast: 'timestamptz', of: (s) => s.terminalAt },
  { column: 'destination', cast: 'jsonb', of: (s) => s.destination },
  { column: 'warnings', cast: 'jsonb', of: (s) => s.warnings },
  { column: 'cod_status', cast: 'text', of: (s) => s.cod?.status },
  { column: 'cod_collected_halalas', cast: 'bigint', of: (s) => s.cod?.collectedHalalas },
  { column: 'cod_collected_at', cast: 'timestamptz', of: (s) => s.cod?.collectedAt },
  { column: 'return_reason', cast: 'text', of: (s) => s.returnReason },
  { column: 'estimated_delivery_date', cast: 'date', of: (s) => s.estimatedDeliveryDate },
  { column: 'delivery_issue', cast: 'jsonb', of: (s) => storedDeliveryIssue(s.deliveryIssue ?? null) },
  { column: 'pieces', cast: 'jsonb', of: (s) => storedPieces(s.pieces) },
  { column: 'proof_of_delivery', cast: 'jsonb', of: (s) => storedProofOfDelivery(s.proofOfDelivery ?? null) },
];

function comparable(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'object') return JSON.stringify(value);
  return value;
}

function stored(value: unknown, cast: string): unknown {
  if (value === undefined || value === null) return null;
  return cast === 'jsonb' ? JSON.stringify(value) : value;
}

export interface ShipmentSaveOptions {
  /** The status the change was decided on: another change in between wins (nothing is written). */
  readonly expectedStatus?: ShipmentStatus;
  /** Statuses in which the change is refused (a status may move while a carrier is called). */
  readonly refusedStatuses?: readonly ShipmentStatus[];
  /** The destination the change was decided on: another redirection in between wins. */
  readonly expectedDestination?: AddressProps;
  /** The tracking poll schedule written with the change (null: off the schedule), not part of the lifecycle. */
  readonly schedule?: { readonly nextPollAt: Date | null };
  /** The change's audit event (a team's or an operator's change), written with it or not at all. */
  readonly audit?: AuditEntry;
}

/**
 * The one way a changed Shipment is saved, inside the caller's transaction: the lifecycle
 * columns its methods changed (compared with the state it was loaded in; nothing else is
 * touched, so a concurrent writer of other columns keeps its work), conditional on what the
 * change was decided on (its status, or its destination), then the history and domain events it
 * recorded (the outbox).
 * SQL stores what the aggregate decided; it decides nothing. Null, and nothing written, when
 * the shipment changed meanwhile.
 */
export async function saveShipment(em: EntityManager, shipment: Shipment, options: ShipmentSaveOptions): Promise<ShipmentChanges | null> {
  const params: unknown[] = [shipment.id];
  const where = ['id = $1'];
  const guard = (clause: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    where.push(clause(`$${params.length}`));
  };
  if (options.expectedStatus !== undefined) guard((p) => `status = ${p}`, options.expectedStatus);
  if (options.refusedStatuses?.length) guard((p) => `NOT (status = ANY(${p}::text[]))`, [...options.refusedStatuses]);
  if (options.expectedDestination) guard((p) => `destination = ${p}::jsonb`, JSON.stringify(options.expectedDestination));
  const sets: string[] = [];
  for (const { column, cast, of } of LIFECYCLE_COLUMNS) {
    const after = of(shipment.state);
    if (comparable(after) === comparable(of(shipment.loadedState))) continue;
    params.push(stored(after, cast));
    sets.push(`${column} = $${params.length}::${cast}`);
  }
  const saved =
    sets.length > 0
      ? `UPDATE shipments SET ${sets.join(', ')} WHERE ${where.join(' AND ')} RETURNING id, carrier_code`
      : `SELECT id, carrier_code FROM shipments WHERE ${where.join(' AND ')}`;
  // The poll schedule has a table of its own (docs/adr/0099-tracking-schedule-table.md), written
  // in the same statement and only when the guarded change was: null takes the shipment off it.
  let schedule: string | undefined;
  if (options.schedule?.nextPollAt === null) {
    schedule = 'DELETE FROM tracking_schedule t USING saved WHERE t.shipment_id = saved.id';
  } else if (options.schedule) {
    params.push(options.schedule.nextPollAt);
    schedule = `INSERT INTO tracking_schedule (shipment_id, carrier_code, next_poll_at)
                SELECT id, carrier_code, $${params.length}::timestamptz FROM saved
                ON CONFLICT (shipment_id) DO UPDATE SET next_poll_at = EXCLUDED.next_poll_at`;
  }
  const result: unknown = await em.query(
    schedule ? `WITH saved AS (${saved}), schedule AS (${schedule}) SELECT id FROM saved` : saved,
    params,
  );
  const rows = updatedRows(result);
  if (rows.length === 0) return null;
  const changes = shipment.pullEvents();
  await insertTrackingEvents(em, changes.history);
  await insertOutbox(em, changes.events);
  if (options.audit) await appendAuditEvents(em, [options.audit]);
  return changes;
}
