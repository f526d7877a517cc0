import { DataSource, EntityManager } from 'typeorm';
import { PickupInsertOutcome, PickupRepositoryPort } from '../application/ports/pickup.repository.port';
import { PickupRecord, PickupShipmentMove } from '../application/pickup.record';
import { AddressProps, NOT_PICKED_UP_STATUSES, PickupStatus } from '@lgw/kernel';
import { rowCount, isUuid } from '@lgw/database';
import { saveShipment, Shipment, SHIPMENT_COLUMNS, ShipmentRow, toShipmentRecord } from '@lgw/shipping';

interface PickupRow {
  id: string;
  team_id: string;
  carrier_code: string;
  status: PickupStatus;
  confirmation_number: string;
  pickup_date: string;
  window_from: string;
  window_to: string;
  address: AddressProps | string;
  shipment_ids: string[] | string;
  created_at: Date;
  updated_at: Date;
  cancelled_at: Date | null;
}

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * A scheduled pickup is COMPLETED once every shipment it still carries has been handed over
 * (none waits for the courier, and not all of them were cancelled): derived when read, so no
 * tracking write has to know about pickups.
 */
const SELECT_PICKUP = `
  SELECT p.id, p.team_id, p.carrier_code, p.confirmation_number, to_char(p.pickup_date, 'YYYY-MM-DD') AS pickup_date,
         p.window_from, p.window_to, p.address, p.shipment_ids, p.created_at, p.updated_at, p.cancelled_at,
         CASE WHEN p.status = 'SCHEDULED'
                   AND EXISTS (SELECT 1 FROM shipments s WHERE s.id IN (SELECT x::uuid FROM jsonb_array_elements_text(p.shipment_ids) x)
                                 AND s.status <> 'CANCELLED')
                   AND NOT EXISTS (SELECT 1 FROM shipments s WHERE s.id IN (SELECT x::uuid FROM jsonb_array_elements_text(p.shipment_ids) x)
                                 AND s.status = ANY($NOT_PICKED_UP::text[]))
              THEN 'COMPLETED' ELSE p.status END AS status
    FROM pickups p`;

function toRecord(row: PickupRow): PickupRecord {
  return {
    id: row.id,
    teamId: row.team_id,
    carrierCode: row.carrier_code,
    status: row.status,
    confirmationNumber: row.confirmation_number,
    pickupDate: row.pickup_date,
    window: { from: row.window_from, to: row.window_to },
    address: json<AddressProps>(row.address),
    shipmentIds: json<string[]>(row.shipment_ids),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    cancelledAt: row.cancelled_at ? new Date(row.cancelled_at) : null,
  };
}

/** Thrown inside the transaction to roll it back when a shipment left its expected status. */
class ShipmentMovedMeanwhile extends Error {}

export class SqlPickupRepository implements PickupRepositoryPort {
  constructor(private readonly dataSource: DataSource) {}

  async insertScheduled(pickup: PickupRecord, moves: readonly PickupShipmentMove[]): Promise<PickupInsertOutcome> {
    try {
      return await this.dataSource.transaction(async (em) => {
        const inserted = await em.query(
          `INSERT INTO pickups (id, team_id, carrier_code, status, confirmation_number, pickup_date, window_from, window_to,
                                address, shipment_ids, created_at, updated_at)
           VALUES ($1, $2, $3, 'SCHEDULED', $4, $5::date, $6, $7, $8::jsonb, $9::jsonb, $10, $11)
           ON CONFLICT (id) DO NOTHING RETURNING id`,
          [
            pickup.id,
            pickup.teamId,
            pickup.carrierCode,
            pickup.confirmationNumber,
            pickup.pickupDate,
            pickup.window.from,
            pickup.window.to,
            JSON.stringify(pickup.address),
            JSON.stringify(pickup.shipmentIds),
            pickup.createdAt,
            pickup.updatedAt,
          ],
        );
        if (rowCount(inserted) === 0) return 'exists' as const;
        for (const move of moves) if (!(await applyMove(em, move))) throw new ShipmentMovedMeanwhile();
        return 'inserted' as const;
      });
    } catch (error) {
      if (error instanceof ShipmentMovedMeanwhile) return 'shipments_moved';
      throw error;
    }
  }

  async markCancelled(pickup: PickupRecord, at: Date, moves: readonly PickupShipmentMove[]): Promise<boolean> {
    return this.dataSource.transaction(async (em) => {
      const updated = await em.query(
        `UPDATE pickups SET status = 'CANCELLED', cancelled_at = $2, updated_at = $2 WHERE id = $1 AND status = 'SCHEDULED' RETURNING id`,
        [pickup.id, at],
      );
      if (rowCount(updated) === 0) return false;
      for (const move of moves) await applyMove(em, move);
      return true;
    });
  }

  async findForTeam(teamId: string, id: string): Promise<PickupRecord | null> {
    if (!isUuid(id)) return null;
    const rows: PickupRow[] = await this.dataSource.query(
      `${SELECT_PICKUP.replace('$NOT_PICKED_UP', '$3')} WHERE p.team_id = $1 AND p.id = $2`,
      [teamId, id, [...NOT_PICKED_UP_STATUSES]],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async list(teamId: string, limit: number, offset: number): Promise<{ items: PickupRecord[]; total: number }> {
    const [count] = await this.dataSource.query('SELECT count(*)::int AS total FROM pickups WHERE team_id = $1', [teamId]);
    const total = Number(count.total);
    if (total === 0 || offset >= total) return { items: [], total };
    const rows: PickupRow[] = await this.dataSource.query(
      `${SELECT_PICKUP.replace('$NOT_PICKED_UP', '$4')} WHERE p.team_id = $1 ORDER BY p.created_at DESC, p.id DESC LIMIT $2 OFFSET $3`,
      [teamId, limit, offset, [...NOT_PICKED_UP_STATUSES]],
    );
    return { items: rows.map(toRecord), total };
  }
}

/** The shipment's step (its changes, history and domain event), if it is still in an expected status. */
async function applyMove(em: EntityManager, move: PickupShipmentMove): Promise<boolean> {
  const [row]: ShipmentRow[] = await em.query(`SELECT ${SHIPMENT_COLUMNS} FROM shipments WHERE id = $1 FOR UPDATE`, [move.shipmentId]);
  if (!row || !(move.from as readonly string[]).includes(row.status)) return false;
  const shipment = Shipment.restore(toShipmentRecord(row));
  move.apply(shipment);
  await saveShipment(em, shipment, { expectedStatus: row.status });
  return true;
}
