import { MigrationInterface, QueryRunner } from 'typeorm';

export class Quotes1732100001000 implements MigrationInterface {
  name = 'Quotes1732100001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE quotes (
        id uuid PRIMARY KEY,
        team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
        carrier_code text NOT NULL,
        service_code text NOT NULL,
        lane text NOT NULL,
        origin json NOT NULL,
        destination json NOT NULL,
        parcels json NOT NULL,
        parcels_fingerprint char(64) NOT NULL,
        chargeable_kg numeric(10,1) NOT NULL,
        total_halalas bigint NOT NULL,
        view json NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz NULL
      )`);
    // Quotes are the hottest insert: they are only ever read back by primary key (and team),
    // so they carry no other index, and their documents are kept as plain json (no parsing
    // on insert; nothing queries inside them but the countries at booking).
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE quotes');
  }
}
