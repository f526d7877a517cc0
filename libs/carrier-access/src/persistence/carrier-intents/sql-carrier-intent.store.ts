import { DataSource } from 'typeorm';
import { CarrierIntent, CarrierIntentState, CarrierIntentStorePort, IdempotencyRef } from '@lgw/kernel';
import { rowCount, updatedRows } from '@lgw/database';

interface IntentRow {
  id: string;
  kind: CarrierIntent['kind'];
  team_id: string;
  shipment_id: string;
  carrier_code: string;
  quote_id: string | null;
  state: CarrierIntentState;
  payload: Record<string, unknown> | string;
  idempotency_scope: string | null;
  idempotency_key: string | null;
  created_at: Date | string;
}

const UNRESOLVED = "state IN ('pending', 'compensating')";

/**
 * A pending intent as one row: its columns, typed placeholders numbered from `first` (typed, so
 * the row may also be a SELECT list, whose parameters have no column to infer a type from) and
 * their values. For statements that write the intent in the same commit as something else.
 */
export function pendingIntentRow(intent: Omit<CarrierIntent, 'state'>, first = 1): { columns: string; values: string; params: unknown[] } {
  const $ = (n: number) => `$${first + n - 1}`;
  return {
    columns:
      'id, kind, team_id, shipment_id, carrier_code, state, payload, idempotency_scope, idempotency_key, created_at, updated_at, quote_id',
    values:
      `${$(1)}::uuid, ${$(2)}::text, ${$(3)}::uuid, ${$(4)}::uuid, ${$(5)}::text, 'pending', ${$(6)}::jsonb, ${$(7)}::text, ` +
      `${$(8)}::text, ${$(9)}::timestamptz, ${$(9)}::timestamptz, ${$(10)}::text`,
    params: [
      intent.id,
      intent.kind,
      intent.teamId,
      intent.shipmentId,
      intent.carrierCode,
      JSON.stringify(intent.payload),
      intent.idempotency?.scope ?? null,
      intent.idempotency?.key ?? null,
      intent.createdAt,
      intent.quoteId ?? null,
    ],
  };
}

export class SqlCarrierIntentStore implements CarrierIntentStorePort {
  constructor(private readonly dataSource: DataSource) {}

  async record(intent: Omit<CarrierIntent, 'state'>): Promise<void> {
    const row = pendingIntentRow(intent);
    await this.dataSource.query(`INSERT INTO carrier_intents (${row.columns}) VALUES (${row.values})`, row.params);
  }

  async transition(id: string, from: readonly CarrierIntentState[], to: CarrierIntentState, now: Date): Promise<boolean> {
    const result = await this.dataSource.query(
      'UPDATE carrier_intents SET state = $2, updated_at = $4, held_until = NULL WHERE id = $1 AND state = ANY($3) RETURNING id',
      [id, to, from, now],
    );
    return rowCount(result) > 0;
  }

  async claimUnresolved(createdBefore: Date, now: Date, holdMs: number, limit: number): Promise<CarrierIntent[]> {
    const result = await this.dataSource.query(
      `UPDATE carrier_intents SET held_until = $2
        WHERE id IN (
          SELECT id FROM carrier_intents
           WHERE ${UNRESOLVED} AND created_at <= $1 AND (held_until IS NULL OR held_until <= $3)
           ORDER BY created_at LIMIT $4
           FOR UPDATE SKIP LOCKED)
        RETURNING *`,
      [createdBefore, new Date(now.getTime() + holdMs), now, limit],
    );
    return updatedRows<IntentRow>(result)
      .map(toIntent)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  async claimForKey(
    teamId: string,
    key: IdempotencyRef,
    now: Date,
    holdMs: number,
  ): Promise<{ claimed: CarrierIntent[]; heldElsewhere: boolean }> {
    const [held]: Array<{ n: number }> = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM carrier_intents
        WHERE team_id = $1 AND idempotency_scope = $2 AND idempotency_key = $3 AND ${UNRESOLVED} AND held_until > $4`,
      [teamId, key.scope, key.key, now],
    );
    const result = await this.dataSource.query(
      `UPDATE carrier_intents SET held_until = $4
        WHERE team_id = $1 AND idempotency_scope = $2 AND idempotency_key = $3 AND ${UNRESOLVED}
          AND (held_until IS NULL OR held_until <= $5)
        RETURNING *`,
      [teamId, key.scope, key.key, new Date(now.getTime() + holdMs), now],
    );
    return { claimed: updatedRows<IntentRow>(result).map(toIntent), heldElsewhere: Number(held?.n ?? 0) > 0 };
  }

  async bookedUnderKey(teamId: string, key: IdempotencyRef): Promise<string | null> {
    // Only since the key was taken: an expired key taken again must not answer an older booking.
    const rows: Array<{ shipment_id: string }> = await this.dataSource.query(
      `SELECT i.shipment_id FROM carrier_intents i
         JOIN idempotency_keys k ON k.team_id = i.team_id AND k.scope = i.idempotency_scope AND k.key = i.idempotency_key
        WHERE i.team_id = $1 AND i.idempotency_scope = $2 AND i.idempotency_key = $3
          AND i.kind = 'book' AND i.state = 'completed' AND i.created_at >= k.created_at
        ORDER BY i.created_at DESC LIMIT 1`,
      [teamId, key.scope, key.key],
    );
    return rows[0]?.shipment_id ?? null;
  }
}

function toIntent(row: IntentRow): CarrierIntent {
  return {
    id: row.id,
    kind: row.kind,
    teamId: row.team_id,
    shipmentId: row.shipment_id,
    carrierCode: row.carrier_code,
    quoteId: row.quote_id,
    state: row.state,
    payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
    idempotency: row.idempotency_key && row.idempotency_scope ? { scope: row.idempotency_scope, key: row.idempotency_key } : null,
    createdAt: new Date(row.created_at),
  };
}
