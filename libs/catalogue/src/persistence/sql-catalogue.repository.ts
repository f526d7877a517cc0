import { DataSource } from 'typeorm';
import { CatalogueProductRecord, CatalogueRepositoryPort } from '../application/ports/catalogue.repository.port';
import { CatalogueProduct } from '../domain/catalogue-product';
import { Money } from '@lgw/kernel';

interface ProductRow {
  sku: string;
  name_en: string | null;
  name_ar: string | null;
  hs_code: string | null;
  weight_kg: number | null;
  length_cm: number | null;
  width_cm: number | null;
  height_cm: number | null;
  origin_country: string | null;
  value_halalas: string | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'sku, name_en, name_ar, hs_code, weight_kg, length_cm, width_cm, height_cm, origin_country, value_halalas';
/** Rows per page when the whole catalogue is read (scoring): bounded memory, few round trips. */
const SCAN_PAGE = 5000;
/** What scoring reads: the names are not scored, and leaving them out halves the bytes scanned. */
const SCORED_COLUMNS = 'sku, hs_code, weight_kg, length_cm, width_cm, height_cm, origin_country, value_halalas';

export class SqlCatalogueRepository implements CatalogueRepositoryPort {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * One statement for the whole batch: the columns travel as ten arrays and unnest() turns
   * them back into rows, so 10,000 products cost one round trip and one transaction.
   * `xmax = 0` tells a freshly inserted row from a replaced one.
   */
  async upsert(teamId: string, products: readonly CatalogueProduct[], now: Date): Promise<{ created: number; updated: number }> {
    const column = <T>(pick: (p: CatalogueProduct) => T) => products.map(pick);
    const rows: Array<{ inserted: boolean }> = await this.dataSource.query(
      `INSERT INTO catalogue_products AS c (team_id, ${COLUMNS}, created_at, updated_at)
       SELECT $1, u.*, $12, $12
         FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::float8[], $7::float8[], $8::float8[],
                     $9::float8[], $10::text[], $11::bigint[])
           AS u(sku, name_en, name_ar, hs_code, weight_kg, length_cm, width_cm, height_cm, origin_country, value_halalas)
       ON CONFLICT (team_id, sku) DO UPDATE SET
         name_en = EXCLUDED.name_en, name_ar = EXCLUDED.name_ar, hs_code = EXCLUDED.hs_code,
         weight_kg = EXCLUDED.weight_kg, length_cm = EXCLUDED.length_cm, width_cm = EXCLUDED.width_cm,
         height_cm = EXCLUDED.height_cm, origin_country = EXCLUDED.origin_country,
         value_halalas = EXCLUDED.value_halalas, updated_at = EXCLUDED.updated_at
       RETURNING (xmax = 0) AS inserted`,
      [
        teamId,
        column((p) => p.sku),
        column((p) => p.name_en ?? null),
        column((p) => p.name_ar ?? null),
        column((p) => p.hs_code ?? null),
        column((p) => p.weight_kg ?? null),
        column((p) => p.length_cm ?? null),
        column((p) => p.width_cm ?? null),
        column((p) => p.height_cm ?? null),
        column((p) => p.origin_country ?? null),
        column((p) => (p.value_sar === null || p.value_sar === undefined ? null : Money.fromSar(p.value_sar).halalas)),
        now,
      ],
    );
    const created = rows.filter((r) => r.inserted).length;
    return { created, updated: rows.length - created };
  }

  async list(teamId: string, limit: number, offset: number): Promise<{ items: CatalogueProductRecord[]; total: number }> {
    const [count] = await this.dataSource.query('SELECT count(*)::int AS total FROM catalogue_products WHERE team_id = $1', [teamId]);
    const total = Number(count.total);
    if (total === 0 || offset >= total) return { items: [], total };
    const rows: ProductRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS}, created_at, updated_at FROM catalogue_products WHERE team_id = $1 ORDER BY sku LIMIT $2 OFFSET $3`,
      [teamId, limit, offset],
    );
    return { items: rows.map(toRecord), total };
  }

  async find(teamId: string, sku: string): Promise<CatalogueProductRecord | null> {
    const rows: ProductRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS}, created_at, updated_at FROM catalogue_products WHERE team_id = $1 AND sku = $2`,
      [teamId, sku],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async forEach(teamId: string, visit: (product: CatalogueProduct) => void): Promise<void> {
    let after: string | null = null;
    for (;;) {
      // Keyset paging on the primary key: every page is an index range scan, however deep.
      const rows: ProductRow[] = await this.dataSource.query(
        `SELECT ${SCORED_COLUMNS}, NULL AS name_en, NULL AS name_ar FROM catalogue_products
          WHERE team_id = $1 AND ($2::text IS NULL OR sku > $2)
          ORDER BY sku LIMIT $3`,
        [teamId, after, SCAN_PAGE],
      );
      for (const row of rows) visit(toProduct(row));
      if (rows.length < SCAN_PAGE) return;
      after = rows[rows.length - 1].sku;
    }
  }
}

function toProduct(row: ProductRow): CatalogueProduct {
  return {
    sku: row.sku,
    name_en: row.name_en,
    name_ar: row.name_ar,
    hs_code: row.hs_code,
    weight_kg: row.weight_kg === null ? null : Number(row.weight_kg),
    length_cm: row.length_cm === null ? null : Number(row.length_cm),
    width_cm: row.width_cm === null ? null : Number(row.width_cm),
    height_cm: row.height_cm === null ? null : Number(row.height_cm),
    origin_country: row.origin_country,
    value_sar: row.value_halalas === null ? null : Money.ofHalalas(Number(row.value_halalas)).toSar(),
  };
}

function toRecord(row: ProductRow & { created_at: Date; updated_at: Date }): CatalogueProductRecord {
  return { ...toProduct(row), createdAt: new Date(row.created_at), updatedAt: new Date(row.updated_at) };
}
