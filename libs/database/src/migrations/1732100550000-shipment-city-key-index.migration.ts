import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The destination-city filter compares folded city keys (cityKeySql in sql-shipment.repository.ts:
 * Arabic and Latin spellings of one city alike), so the index on lower(city) no longer serves it.
 * The index holds the same expression, written out here as it was when this migration was made:
 * a spec holds it equal to cityKeySql, so changing the folding means a new migration, never an
 * index that quietly stops matching on existing databases.
 */
export const CITY_KEY_INDEX_EXPRESSION =
  "regexp_replace(regexp_replace(translate(regexp_replace(lower(destination->>'city'), '[\u064B-\u065F\u0670\u0640]', '', 'g'), " +
  "'\u0623\u0625\u0622\u0629\u0649', '\u0627\u0627\u0627\u0647\u064A'), '[[:space:]''\u2019.-]', '', 'g'), '^(al|el|\u0627\u0644)(.{3,})$', '\\2')";

export class ShipmentCityKeyIndex1732100550000 implements MigrationInterface {
  name = 'ShipmentCityKeyIndex1732100550000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX IF EXISTS shipments_team_city_created_idx');
    await q.query(
      `CREATE INDEX shipments_team_city_key_created_idx ON shipments (team_id, (${CITY_KEY_INDEX_EXPRESSION}), created_at DESC, id DESC)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX IF EXISTS shipments_team_city_key_created_idx');
    await q.query(
      "CREATE INDEX shipments_team_city_created_idx ON shipments (team_id, lower(destination->>'city'), created_at DESC, id DESC)",
    );
  }
}
