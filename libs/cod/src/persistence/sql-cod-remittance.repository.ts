import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { CarrierRemittance } from '@lgw/carrier-access';
import {
  CodRemittanceRepositoryPort,
  CodSummaryRecord,
  PayoutAccountKey,
  PLATFORM_PAYOUT_ACCOUNT,
  RecordedPayout,
  RemittanceItemRecord,
  RemittanceRecord,
  UnmatchedPayoutLineRecord,
} from '../application/ports/cod-remittance.repository.port';
import { toRemittanceView } from '../application/cod.view';
import { insertOutbox, updatedRows, isUuid } from '@lgw/database';

interface RemittanceRow {
  id: string;
  team_id: string;
  carrier_code: string;
  carrier_reference: string;
  remitted_at: Date;
  amount_halalas: string;
  item_count: number;
  status: RemittanceRecord['status'];
}

interface MatchRow {
  id: string;
  team_id: string;
  tracking_number: string;
  cod_amount_halalas: string | null;
  mode: string;
  /** Booked on the account whose payout is being recorded. */
  on_account: boolean;
}

const REMITTANCE_COLUMNS = 'id, team_id, carrier_code, carrier_reference, remitted_at, amount_halalas, item_count, status';

/**
 * Cash-on-delivery payouts (docs/adr/0044-cod-remittances.md, 0091): each carrier account's feed
 * apart. A payout is recorded in one transaction under unique keys: (carrier, account,
 * reference, team) for each team's remittance, the shipment for its item (a shipment is paid
 * out once), (carrier, account, reference, tracking number) for an unmatched line. Reading a
 * payout again therefore adds nothing.
 */
export class SqlCodRemittanceRepository implements CodRemittanceRepositoryPort {
  constructor(private readonly dataSource: DataSource) {}

  async cursor(carrierCode: string, account: PayoutAccountKey): Promise<string | null> {
    const rows: Array<{ cursor: string }> = await this.dataSource.query(
      'SELECT cursor FROM cod_payout_cursors WHERE carrier_code = $1 AND account = $2',
      [carrierCode, account],
    );
    return rows[0]?.cursor ?? null;
  }

  async saveCursor(carrierCode: string, account: PayoutAccountKey, cursor: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO cod_payout_cursors (carrier_code, account, cursor, updated_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (carrier_code, account) DO UPDATE SET cursor = EXCLUDED.cursor, updated_at = EXCLUDED.updated_at`,
      [carrierCode, account, cursor],
    );
  }

  recordPayout(carrierCode: string, account: PayoutAccountKey, payout: CarrierRemittance): Promise<RecordedPayout> {
    // Only the transaction's EntityManager inside: the embedded database has one connection.
    return this.dataSource.transaction((em) => this.record(em, carrierCode, account, payout));
  }

  private async record(
    em: EntityManager,
    carrierCode: string,
    account: PayoutAccountKey,
    payout: CarrierRemittance,
  ): Promise<RecordedPayout> {
    // A tracking number listed twice in one payout counts once (the first line).
    const lines = new Map<string, number>();
    for (const line of payout.lines) if (!lines.has(line.trackingNumber)) lines.set(line.trackingNumber, line.amountHalalas);
    const numbers = [...lines.keys()];
    // The account a shipment was booked on: the platform's when its connection is none (booked
    // before connections) or a platform connection (the platform's, replaced or not); a team's
    // connection otherwise. A shipment stored before shipments kept their connection (NULL)
    // is also taken by its own team's connection: either way it is paid to its own team.
    const onAccount =
      account === PLATFORM_PAYOUT_ACCOUNT
        ? `s.connection_id IS NULL OR s.connection_id IN (SELECT c.id FROM carrier_connections c WHERE c.owner = 'platform')`
        : `s.connection_id::text = $3 OR (s.connection_id IS NULL AND s.team_id = (SELECT c.team_id FROM carrier_connections c WHERE c.id::text = $3))`;
    const found: MatchRow[] = numbers.length
      ? await em.query(
          `SELECT s.id, s.team_id, s.tracking_number, s.cod_amount_halalas, t.mode, COALESCE(${onAccount}, false) AS on_account
             FROM shipments s JOIN teams t ON t.id = s.team_id
            WHERE s.carrier_code = $1 AND s.tracking_number = ANY($2::text[])`,
          account === PLATFORM_PAYOUT_ACCOUNT ? [carrierCode, numbers] : [carrierCode, numbers, account],
        )
      : [];
    // An account pays only what was booked on it: a line naming another account's shipment
    // (another team's, or the platform's) is the carrier's mistake, kept for the operator.
    const elsewhere = new Set(found.filter((m) => !m.on_account && m.mode !== 'test').map((m) => m.tracking_number));
    let matched = found.filter((m) => m.on_account);
    // Test mode moves no money (docs/adr/0060): a payout line naming a test shipment is
    // neither remitted nor left for the operator as unmatched.
    const testNumbers = new Set(matched.filter((m) => m.mode === 'test').map((m) => m.tracking_number));
    matched = matched.filter((m) => m.mode !== 'test');
    for (const tn of testNumbers) lines.delete(tn);
    const byTeam = new Map<string, MatchRow[]>();
    for (const row of matched) {
      const list = byTeam.get(row.team_id);
      if (list) list.push(row);
      else byTeam.set(row.team_id, [row]);
    }
    const unmatched: Array<{ trackingNumber: string; reason: string }> = [];
    const known = new Set(matched.map((m) => m.tracking_number));
    for (const tn of numbers) {
      if (known.has(tn) || testNumbers.has(tn)) continue;
      unmatched.push({ trackingNumber: tn, reason: elsewhere.has(tn) ? 'OTHER_ACCOUNT' : 'UNKNOWN_TRACKING_NUMBER' });
    }

    const created: RemittanceRecord[] = [];
    for (const [teamId, rows] of byTeam) {
      const id = randomUUID();
      const inserted: Array<{ id: string }> = await em.query(
        `INSERT INTO cod_remittances (id, team_id, carrier_code, account, carrier_reference, remitted_at, amount_halalas, item_count, status)
         VALUES ($1, $2, $3, $4, $5, $6, 0, 0, 'RECONCILED')
         ON CONFLICT (carrier_code, account, carrier_reference, team_id) DO NOTHING RETURNING id`,
        [id, teamId, carrierCode, account, payout.reference, payout.remittedAt],
      );
      // Recorded by an earlier read of the same payout: its lines are recorded too.
      if (inserted.length === 0) continue;
      const items: Array<{ shipment_id: string }> = await em.query(
        `INSERT INTO cod_remittance_items (remittance_id, shipment_id, tracking_number, expected_halalas, remitted_halalas)
         SELECT $1, v.shipment_id, v.tracking_number, v.expected, v.remitted
           FROM unnest($2::uuid[], $3::text[], $4::bigint[], $5::bigint[]) AS v(shipment_id, tracking_number, expected, remitted)
         ON CONFLICT DO NOTHING RETURNING shipment_id`,
        [
          id,
          rows.map((r) => r.id),
          rows.map((r) => r.tracking_number),
          rows.map((r) => Number(r.cod_amount_halalas ?? 0)),
          rows.map((r) => lines.get(r.tracking_number)!),
        ],
      );
      const carried = new Set(items.map((i) => i.shipment_id));
      for (const r of rows) if (!carried.has(r.id)) unmatched.push({ trackingNumber: r.tracking_number, reason: 'ALREADY_REMITTED' });
      if (carried.size === 0) {
        // Every line was paid out before: nothing of this payout belongs to the team.
        await em.query('DELETE FROM cod_remittances WHERE id = $1', [id]);
        continue;
      }
      const updated = await em.query(
        `UPDATE cod_remittances r SET amount_halalas = t.amount, item_count = t.n,
                status = CASE WHEN t.off > 0 THEN 'DISCREPANCY' ELSE 'RECONCILED' END
           FROM (SELECT COALESCE(SUM(remitted_halalas), 0) AS amount, count(*)::int AS n,
                        count(*) FILTER (WHERE remitted_halalas <> expected_halalas)::int AS off
                   FROM cod_remittance_items WHERE remittance_id = $1) t
          WHERE r.id = $1
          RETURNING t.amount, t.n, t.off`,
        [id],
      );
      const [totals] = updatedRows<{ amount: string; n: number; off: number }>(updated);
      await em.query(
        `UPDATE shipments s
            SET cod_remittance_id = i.remittance_id,
                cod_status = CASE WHEN i.remitted_halalas = i.expected_halalas THEN 'REMITTED' ELSE 'DISCREPANCY' END
           FROM cod_remittance_items i
          WHERE i.remittance_id = $1 AND s.id = i.shipment_id AND s.cod_amount_halalas > 0`,
        [id],
      );
      const remittance: RemittanceRecord = {
        id,
        teamId,
        carrierCode,
        carrierReference: payout.reference,
        remittedAt: payout.remittedAt,
        amountHalalas: Number(totals.amount),
        itemCount: totals.n,
        status: totals.off > 0 ? 'DISCREPANCY' : 'RECONCILED',
      };
      // The webhook kind cod.remitted, for endpoints that list it: with the remittance, once.
      await insertOutbox(em, [
        { teamId, aggregateId: id, type: 'cod.remitted', payload: { kinds: ['cod.remitted'], remittance: toRemittanceView(remittance) } },
      ]);
      created.push(remittance);
    }
    if (unmatched.length > 0) {
      await em.query(
        `INSERT INTO cod_unmatched_lines (carrier_code, account, carrier_reference, tracking_number, amount_halalas, remitted_at, reason)
         SELECT $1, $7, $2, v.tn, v.amount, $3, v.reason FROM unnest($4::text[], $5::bigint[], $6::text[]) AS v(tn, amount, reason)
         ON CONFLICT DO NOTHING`,
        [
          carrierCode,
          payout.reference,
          payout.remittedAt,
          unmatched.map((u) => u.trackingNumber),
          unmatched.map((u) => lines.get(u.trackingNumber)!),
          unmatched.map((u) => u.reason),
          account,
        ],
      );
    }
    return { created, unmatched: unmatched.length };
  }

  async list(teamId: string, limit: number, offset: number): Promise<{ items: RemittanceRecord[]; total: number }> {
    const [count]: Array<{ total: number }> = await this.dataSource.query(
      'SELECT count(*)::int AS total FROM cod_remittances WHERE team_id = $1',
      [teamId],
    );
    if (count.total === 0 || offset >= count.total) return { items: [], total: count.total };
    const rows: RemittanceRow[] = await this.dataSource.query(
      `SELECT ${REMITTANCE_COLUMNS} FROM cod_remittances WHERE team_id = $1
        ORDER BY remitted_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [teamId, limit, offset],
    );
    return { items: rows.map(toRecord), total: count.total };
  }

  async find(teamId: string, id: string): Promise<{ remittance: RemittanceRecord; items: RemittanceItemRecord[] } | null> {
    if (!isUuid(id)) return null;
    const rows: RemittanceRow[] = await this.dataSource.query(
      `SELECT ${REMITTANCE_COLUMNS} FROM cod_remittances WHERE team_id = $1 AND id = $2`,
      [teamId, id],
    );
    if (!rows[0]) return null;
    const items: Array<{ shipment_id: string; tracking_number: string; expected_halalas: string; remitted_halalas: string }> =
      await this.dataSource.query(
        `SELECT shipment_id, tracking_number, expected_halalas, remitted_halalas FROM cod_remittance_items
          WHERE remittance_id = $1 ORDER BY tracking_number`,
        [id],
      );
    return {
      remittance: toRecord(rows[0]),
      items: items.map((i) => ({
        shipmentId: i.shipment_id,
        trackingNumber: i.tracking_number,
        expectedHalalas: Number(i.expected_halalas),
        remittedHalalas: Number(i.remitted_halalas),
      })),
    };
  }

  async listUnmatched(
    carrierCode: string | undefined,
    limit: number,
    offset: number,
  ): Promise<{ items: UnmatchedPayoutLineRecord[]; total: number }> {
    const where = carrierCode === undefined ? '' : 'WHERE carrier_code = $1';
    const args = carrierCode === undefined ? [] : [carrierCode];
    const [count]: Array<{ total: number }> = await this.dataSource.query(
      `SELECT count(*)::int AS total FROM cod_unmatched_lines ${where}`,
      args,
    );
    if (count.total === 0 || offset >= count.total) return { items: [], total: count.total };
    const rows: Array<{
      carrier_code: string;
      account: string;
      carrier_reference: string;
      tracking_number: string;
      amount_halalas: string;
      remitted_at: Date;
      reason: UnmatchedPayoutLineRecord['reason'];
      recorded_at: Date;
    }> = await this.dataSource.query(
      `SELECT carrier_code, account, carrier_reference, tracking_number, amount_halalas, remitted_at, reason, recorded_at
         FROM cod_unmatched_lines ${where}
        ORDER BY recorded_at DESC, carrier_code, carrier_reference, tracking_number
        LIMIT $${args.length + 1} OFFSET $${args.length + 2}`,
      [...args, limit, offset],
    );
    return {
      items: rows.map((r) => ({
        carrierCode: r.carrier_code,
        connectionId: r.account === PLATFORM_PAYOUT_ACCOUNT ? null : r.account,
        carrierReference: r.carrier_reference,
        trackingNumber: r.tracking_number,
        amountHalalas: Number(r.amount_halalas),
        remittedAt: new Date(r.remitted_at),
        reason: r.reason,
        recordedAt: new Date(r.recorded_at),
      })),
      total: count.total,
    };
  }

  /** Reads the open cash only (shipments_cod_open_idx): paid-out history is summed from the remittances. */
  async summary(teamId: string, overdueBefore: Date): Promise<CodSummaryRecord> {
    const [row]: Array<{ pending: string; collected: string; overdue: number; discrepancies: number; remitted: string }> =
      await this.dataSource.query(
        `SELECT
           COALESCE(SUM(cod_amount_halalas) FILTER (WHERE cod_collected_halalas IS NULL AND cod_remittance_id IS NULL
                                                      AND COALESCE(cod_status, 'PENDING') = 'PENDING' AND status <> 'CANCELLED'), 0) AS pending,
           COALESCE(SUM(cod_collected_halalas) FILTER (WHERE cod_remittance_id IS NULL), 0) AS collected,
           count(*) FILTER (WHERE cod_remittance_id IS NULL AND cod_collected_halalas > 0 AND cod_collected_at < $2)::int AS overdue,
           count(*) FILTER (WHERE cod_status = 'DISCREPANCY')::int AS discrepancies,
           (SELECT COALESCE(SUM(amount_halalas), 0) FROM cod_remittances WHERE team_id = $1) AS remitted
         FROM shipments
        WHERE team_id = $1 AND cod_amount_halalas > 0 AND (cod_remittance_id IS NULL OR cod_status = 'DISCREPANCY')`,
        [teamId, overdueBefore],
      );
    return {
      pendingHalalas: Number(row.pending),
      collectedHalalas: Number(row.collected),
      remittedHalalas: Number(row.remitted),
      overdueCount: row.overdue,
      discrepancyCount: row.discrepancies,
    };
  }
}

function toRecord(row: RemittanceRow): RemittanceRecord {
  return {
    id: row.id,
    teamId: row.team_id,
    carrierCode: row.carrier_code,
    carrierReference: row.carrier_reference,
    remittedAt: row.remitted_at,
    amountHalalas: Number(row.amount_halalas),
    itemCount: row.item_count,
    status: row.status,
  };
}
