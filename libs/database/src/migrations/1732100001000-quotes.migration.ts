import { MigrationInterface, QueryRunner } from 'typeorm';

export class Quotes1732100001000 implements MigrationInterface {
  name = 'Quotes1732100001000';

  async up(q: QueryRunner): Promise<void> {
    // Quotes are the hottest insert: narrow rows (no documents), read back only by primary
    // key and team, so no secondary index either.
    await q.query(`
      CREATE TABLE quotes (
        id uuid PRIMARY KEY,
        team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
        carrier_code text NOT NULL,
        service_code text NOT NULL,
        lane text NOT NULL,
        origin_country char(2) NOT NULL,
        destination_country char(2) NOT NULL,
        parcels_fingerprint char(64) NOT NULL,
        chargeable_kg numeric(10,1) NOT NULL,
        base_halalas bigint NOT NULL,
        weight_charge_halalas bigint NOT NULL,
        fuel_surcharge_halalas bigint NOT NULL,
        vat_halalas bigint NOT NULL,
        total_halalas bigint NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE quotes');
  }
}
