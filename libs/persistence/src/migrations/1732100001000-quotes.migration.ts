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
        origin jsonb NOT NULL,
        destination jsonb NOT NULL,
        parcels jsonb NOT NULL,
        parcels_fingerprint char(64) NOT NULL,
        chargeable_kg numeric(10,1) NOT NULL,
        total_halalas bigint NOT NULL,
        view jsonb NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz NULL
      )`);
    // Look-ups are always by (team, id); expired quotes are purged by expires_at.
    await q.query('CREATE INDEX quotes_team_idx ON quotes (team_id, id)');
    await q.query('CREATE INDEX quotes_expires_idx ON quotes (expires_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE quotes');
  }
}
