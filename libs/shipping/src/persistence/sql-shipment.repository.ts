import { DataSource } from 'typeorm';
import { randomUUID } from 'node:crypto';
import {
  BookingIntentCompletion,
  ShipmentCursor,
  ShipmentFilterQuery,
  ShipmentListQuery,
  ShipmentRepositoryPort,
} from '../application/ports/shipment.repository.port';
import { ShipmentRecord, TrackingEventRecord } from '../application/shipment.record';
import { Shipment } from '../domain/shipment.aggregate';
import { saveShipment } from './shipment-lifecycle.writer';
import { AuditEntry, cityKeysOf, phoneSearchForm, ShipmentStatus } from '@lgw/kernel';
import { preparedQuery, statementName, isUuid } from '@lgw/database';
import {
  bookedShipmentColumns,
  JSON_SHIPMENT_COLUMNS,
  ShipmentRow,
  toShipmentRecord,
  toTrackingEventRecord,
  TrackingEventRow,
} from './shipment-row.mapper';

/**
 * The columns a ShipmentRow reads, named: a prepared statement keeps its result shape for the
 * life of the connection, so `SELECT *` would fail ("cached plan must not change result type")
 * on replicas still running when a migration adds a column.
 */
export const SHIPMENT_COLUMNS = [
  'id',
  'team_id',
  'quote_id',
  'service_reference',
  'carrier_code',
  'service_code',
  'tracking_number',
  'carrier_reference',
  'status',
  'progress',
  'last_event_at',
  'lane',
  'origin',
  'destination',
  'parcels',
  'chargeable_kg',
  'declared_value_halalas',
  'incoterm',
  'hs_codes',
  'cod_amount_halalas',
  'reference',
  'quoted_total_halalas',
  'quoted_lines',
  'warnings',
  'estimated_delivery_at',
  'created_at',
  'updated_at',
  'cancelled_at',
  'cancel_reason',
  'cod_status',
  'cod_collected_halalas',
  'cod_collected_at',
  'cod_remittance_id',
  'return_of',
  'connection_id',
  'return_reason',
  'label_format',
  'delivery_issue',
  'tracking_token',
  'estimated_delivery_date',
  'pieces',
  'proof_of_delivery',
].join(', ');

export class SqlShipmentRepository implements ShipmentRepositoryPort {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * One statement (data-modifying CTEs) instead of BEGIN, three INSERTs and COMMIT: atomic all
   * the same, and a fifth of the round trips on the hottest write path.
   */
  async insertBooked(shipment: Shipment, completes?: BookingIntentCompletion): Promise<string> {
    const s = shipment.draft();
    const { history, events: outbox } = shipment.pullEvents();
    if (history.length !== 1) throw new Error(`a booking records one history step, not ${history.length}`);
    const event = { ...history[0], id: randomUUID() };
    const params: unknown[] = [];
    const p = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const columns = bookedShipmentColumns(s);
    const shipmentColumns = Object.keys(columns);
    const shipmentValues = shipmentColumns.map((name) => {
      const value = columns[name];
      return p(JSON_SHIPMENT_COLUMNS.has(name) && value !== null ? JSON.stringify(value) : value);
    });
    // Parameters in a SELECT list have no target type to infer from: cast each one.
    const eventValues = [
      `${p(event.id)}::uuid`,
      `${p(event.shipmentId)}::uuid`,
      `${p(event.eventKey)}::text`,
      `${p(event.code)}::text`,
      `${p(event.carrierStatus)}::text`,
      `${p(event.exceptionType)}::text`,
      `${p(event.locationEn)}::text`,
      `${p(event.locationAr)}::text`,
      `${p(event.measuredWeightKg)}::numeric`,
      `${p(event.occurredAt)}::timestamptz`,
      `${p(event.recordedAt)}::timestamptz`,
    ];
    const outboxValues = outbox.map(
      (e) => `(${p(e.teamId)}::uuid, ${p(e.aggregateId)}::uuid, ${p(e.type)}::text, ${p(JSON.stringify(e.payload))}::jsonb)`,
    );
    const sql = `
      WITH shipment AS (
        INSERT INTO shipments (${shipmentColumns.join(', ')}, service_reference)
        VALUES (${shipmentValues.join(', ')}, 'LGW' || lpad(nextval('shipment_reference_seq')::text, 10, '0'))
        RETURNING id, carrier_code, created_at, service_reference
      ), schedule AS (
        INSERT INTO tracking_schedule (shipment_id, carrier_code, next_poll_at) SELECT id, carrier_code, created_at FROM shipment
      ), event AS (
        INSERT INTO tracking_events (id, shipment_id, event_key, code, carrier_status, exception_type, location_en,
          location_ar, measured_weight_kg, occurred_at, recorded_at)
        SELECT ${eventValues.join(', ')} FROM shipment
      )${
        outboxValues.length
          ? `, outbox AS (
        INSERT INTO outbox_events (team_id, aggregate_id, type, payload)
        SELECT v.* FROM (VALUES ${outboxValues.join(', ')}) AS v(team_id, aggregate_id, type, payload), shipment
      )`
          : ''
      }${
        completes
          ? `, intent AS (
        UPDATE carrier_intents SET state = 'completed', updated_at = ${p(completes.at)}, held_until = NULL
         WHERE id = ${p(completes.intentId)} AND state = 'pending'
      )`
          : ''
      }
      SELECT service_reference FROM shipment`;
    // Prepared under a name derived from the text: the text varies only with the shape of the
    // booking (which columns, how many domain events), so a handful of names cover every booking.
    const rows = await preparedQuery<{ service_reference: string }>(this.dataSource, statementName('booked', sql), sql, params);
    return rows[0].service_reference;
  }

  async findForTeam(teamId: string, id: string): Promise<ShipmentRecord | null> {
    if (!isUuid(id)) return null;
    const rows = await preparedQuery<ShipmentRow>(
      this.dataSource,
      'shipment_for_team',
      `SELECT ${SHIPMENT_COLUMNS} FROM shipments WHERE team_id = $1 AND id = $2`,
      [teamId, id],
    );
    return rows[0] ? toShipmentRecord(rows[0]) : null;
  }

  async list(teamId: string, query: ShipmentListQuery): Promise<{ items: ShipmentRecord[]; total: number }> {
    const { where, params } = shipmentFilterSql(teamId, query);
    const [countRow] = await this.dataSource.query(`SELECT count(*)::int AS total FROM shipments WHERE ${where}`, params);
    const total = Number(countRow.total);
    if (total === 0 || query.offset >= total) return { items: [], total };
    const rows: ShipmentRow[] = await this.dataSource.query(
      `SELECT * FROM shipments WHERE ${where}
        ORDER BY created_at DESC, id DESC
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.limit, query.offset],
    );
    return { items: rows.map(toShipmentRecord), total };
  }

  async listAfter(teamId: string, filter: ShipmentFilterQuery, after: ShipmentCursor | null, limit: number): Promise<ShipmentRecord[]> {
    const { where, params } = shipmentFilterSql(teamId, filter);
    const keyset = after ? ` AND (created_at, id) < ($${params.length + 1}, $${params.length + 2})` : '';
    const rows: ShipmentRow[] = await this.dataSource.query(
      `SELECT * FROM shipments WHERE ${where}${keyset}
        ORDER BY created_at DESC, id DESC
        LIMIT $${params.length + (after ? 3 : 1)}`,
      after ? [...params, after.createdAt, after.id, limit] : [...params, limit],
    );
    return rows.map(toShipmentRecord);
  }

  async markCancelled(shipment: Shipment, expected: ShipmentStatus, audit?: AuditEntry): Promise<boolean> {
    return this.dataSource.transaction(
      // A cancelled shipment is not polled any more.
      async (em) => (await saveShipment(em, shipment, { expectedStatus: expected, schedule: { nextPollAt: null }, audit })) !== null,
    );
  }

  async liveReturnOf(teamId: string, originalId: string): Promise<string | null> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      "SELECT id FROM shipments WHERE team_id = $1 AND return_of = $2 AND status <> 'CANCELLED' LIMIT 1",
      [teamId, originalId],
    );
    return rows[0]?.id ?? null;
  }

  async trackingEvents(shipmentId: string): Promise<TrackingEventRecord[]> {
    const rows: TrackingEventRow[] = await this.dataSource.query(
      'SELECT * FROM tracking_events WHERE shipment_id = $1 ORDER BY occurred_at DESC, recorded_at DESC',
      [shipmentId],
    );
    return rows.map(toTrackingEventRecord);
  }
}

/** LIKE text matching exactly what it says, as a prefix. */
function prefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const ARABIC_MARKS = '\u064B-\u065F\u0670\u0640';

/**
 * cityKey (libs/domain national-address.ts) in SQL, so that both sides of a city search are
 * folded alike: lower case, Arabic marks dropped, letter variants folded (أإآ → ا, ة → ه,
 * ى → ي), spaces and separators dropped, a leading article (al, el, ال) dropped before three
 * or more letters. A spec holds it equal to cityKey.
 */
export function cityKeySql(column: string): string {
  const marks = `regexp_replace(lower(${column}), '[${ARABIC_MARKS}]', '', 'g')`;
  const letters = `translate(${marks}, '\u0623\u0625\u0622\u0629\u0649', '\u0627\u0627\u0627\u0647\u064A')`;
  const separators = `regexp_replace(${letters}, '[[:space:]''\u2019.-]', '', 'g')`;
  return `regexp_replace(${separators}, '^(al|el|\u0627\u0644)(.{3,})$', '\\2')`;
}

/**
 * The WHERE clause of the list and the export: each filter is served by an index of the team
 * (migration 1732100410000); the search is one index per searched column, or-ed by the planner.
 */
export function shipmentFilterSql(teamId: string, filter: ShipmentFilterQuery): { where: string; params: unknown[] } {
  const params: unknown[] = [teamId];
  const clauses = ['team_id = $1'];
  const add = (clause: (placeholder: string) => string, value: unknown): void => {
    params.push(value);
    clauses.push(clause(`$${params.length}`));
  };
  if (filter.status) add((p) => `status = ${p}`, filter.status);
  if (filter.carrierCode) add((p) => `carrier_code = ${p}`, filter.carrierCode);
  if (filter.createdFrom) add((p) => `created_at >= ${p}`, filter.createdFrom);
  if (filter.createdBefore) add((p) => `created_at < ${p}`, filter.createdBefore);
  if (filter.destinationCity) add((p) => `${cityKeySql("destination->>'city'")} = ANY(${p}::text[])`, cityKeysOf(filter.destinationCity));
  if (filter.search) {
    // The phone is also looked for in its stored form (0598… is stored 966598…).
    const phone = phoneSearchForm(filter.search);
    const phoneClause = phone && phone !== filter.search ? ` OR (destination->>'phone') LIKE $${params.length + 2}` : '';
    add(
      (p) =>
        `(tracking_number LIKE ${p} OR reference LIKE ${p} OR (destination->>'phone') LIKE ${p} OR service_reference LIKE ${p}${phoneClause})`,
      prefixPattern(filter.search),
    );
    if (phoneClause) params.push(prefixPattern(phone!));
  }
  return { where: clauses.join(' AND '), params };
}
