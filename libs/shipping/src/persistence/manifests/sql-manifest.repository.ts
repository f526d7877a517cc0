import { DataSource } from 'typeorm';
import { ManifestLine, ManifestRecord, ManifestRepositoryPort } from '../../application/ports/manifest.port';
import { isUuid } from '@lgw/database';

interface ManifestRow {
  id: string;
  team_id: string;
  carrier_code: string;
  manifest_date: string;
  shipment_count: number;
  created_at: Date;
}

/** Nothing to hand over: the transaction is rolled back and nothing is written. */
class EmptyManifest extends Error {}

export class SqlManifestRepository implements ManifestRepositoryPort {
  constructor(private readonly dataSource: DataSource) {}

  async create(m: Omit<ManifestRecord, 'shipmentCount'>): Promise<ManifestRecord | null> {
    try {
      return await this.dataSource.transaction(async (em) => {
        await em.query(
          `INSERT INTO manifests (id, team_id, carrier_code, manifest_date, shipment_count, created_at) VALUES ($1, $2, $3, $4, 0, $5)`,
          [m.id, m.teamId, m.carrierCode, m.date, m.createdAt],
        );
        // Labelled and not picked up yet, or waiting for a collection the carrier confirmed for
        // that day (PICKUP_SCHEDULED in a scheduled pickup of that date); cancelled shipments are
        // neither. A shipment already on a manifest of that day stays where it is (the unique key).
        const added: unknown[] = await em.query(
          `INSERT INTO manifest_shipments (manifest_id, shipment_id, manifest_date, position)
           SELECT $1, s.id, $2::date, row_number() OVER (ORDER BY s.created_at, s.id)
             FROM shipments s
            WHERE s.team_id = $3 AND s.carrier_code = $4
              AND (s.status = 'LABEL_GENERATED'
                   OR (s.status = 'PICKUP_SCHEDULED' AND EXISTS (
                         SELECT 1 FROM pickups p
                          WHERE p.team_id = s.team_id AND p.carrier_code = s.carrier_code AND p.status = 'SCHEDULED'
                            AND p.pickup_date = $2::date AND p.shipment_ids @> jsonb_build_array(s.id::text))))
              AND NOT EXISTS (SELECT 1 FROM manifest_shipments x WHERE x.shipment_id = s.id AND x.manifest_date = $2::date)
           ON CONFLICT (shipment_id, manifest_date) DO NOTHING
           RETURNING shipment_id`,
          [m.id, m.date, m.teamId, m.carrierCode],
        );
        if (added.length === 0) throw new EmptyManifest();
        await em.query('UPDATE manifests SET shipment_count = $2 WHERE id = $1', [m.id, added.length]);
        return { ...m, shipmentCount: added.length };
      });
    } catch (error) {
      if (error instanceof EmptyManifest) return null;
      throw error;
    }
  }

  async findForTeam(teamId: string, id: string): Promise<ManifestRecord | null> {
    if (!isUuid(id)) return null;
    const rows: ManifestRow[] = await this.dataSource.query(
      `SELECT id, team_id, carrier_code, to_char(manifest_date, 'YYYY-MM-DD') AS manifest_date, shipment_count, created_at
         FROM manifests WHERE id = $1 AND team_id = $2`,
      [id, teamId],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async list(teamId: string, limit: number, offset: number): Promise<{ items: ManifestRecord[]; total: number }> {
    const [rows, counted]: [ManifestRow[], Array<{ n: string }>] = await Promise.all([
      this.dataSource.query(
        `SELECT id, team_id, carrier_code, to_char(manifest_date, 'YYYY-MM-DD') AS manifest_date, shipment_count, created_at
           FROM manifests WHERE team_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
        [teamId, limit, offset],
      ),
      this.dataSource.query('SELECT count(*) AS n FROM manifests WHERE team_id = $1', [teamId]),
    ]);
    return { items: rows.map(toRecord), total: Number(counted[0].n) };
  }

  async lines(manifestId: string): Promise<ManifestLine[]> {
    const rows: Array<{
      position: number;
      id: string;
      tracking_number: string;
      reference: string | null;
      destination: { name?: string; city: string };
      parcels: unknown[];
      chargeable_kg: string;
      cod_amount_halalas: string | null;
    }> = await this.dataSource.query(
      `SELECT m.position, s.id, s.tracking_number, s.reference, s.destination, s.parcels, s.chargeable_kg, s.cod_amount_halalas
         FROM manifest_shipments m JOIN shipments s ON s.id = m.shipment_id
        WHERE m.manifest_id = $1 ORDER BY m.position`,
      [manifestId],
    );
    return rows.map((r) => ({
      position: Number(r.position),
      shipmentId: r.id,
      trackingNumber: r.tracking_number,
      reference: r.reference,
      recipientName: r.destination.name ?? null,
      destinationCity: r.destination.city,
      parcelCount: r.parcels.length,
      weightKg: Number(r.chargeable_kg),
      codAmountHalalas: Number(r.cod_amount_halalas ?? 0),
    }));
  }
}

function toRecord(row: ManifestRow): ManifestRecord {
  return {
    id: row.id,
    teamId: row.team_id,
    carrierCode: row.carrier_code,
    date: row.manifest_date,
    shipmentCount: Number(row.shipment_count),
    createdAt: new Date(row.created_at),
  };
}
