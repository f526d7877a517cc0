import { MigrationInterface, QueryRunner } from 'typeorm';

export class TeamsAndKeys1732100000000 implements MigrationInterface {
  name = 'TeamsAndKeys1732100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE teams (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        rate_limit_per_minute integer NULL CHECK (rate_limit_per_minute > 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY,
        team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
        key_hash char(64) NOT NULL,
        display_prefix text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz NULL
      )`);
    await q.query('CREATE UNIQUE INDEX api_keys_key_hash_uq ON api_keys (key_hash)');
    await q.query('CREATE INDEX api_keys_team_idx ON api_keys (team_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE api_keys');
    await q.query('DROP TABLE teams');
  }
}
