import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Test mode (docs/adr/0060-test-mode-tenancy.md): every team gets a test scope, a second
 * tenant row owned by the team (account_id), under which everything a test key creates is
 * stored. Keys carry their mode; a test key authenticates as the team's test scope.
 */
export class TestMode1732100470000 implements MigrationInterface {
  name = 'TestMode1732100470000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE teams
        ADD COLUMN mode text NOT NULL DEFAULT 'live' CHECK (mode IN ('live', 'test')),
        ADD COLUMN account_id uuid NULL REFERENCES teams(id) ON DELETE CASCADE`);
    await q.query(`ALTER TABLE teams ADD CONSTRAINT teams_test_scope_ck CHECK ((mode = 'test') = (account_id IS NOT NULL))`);
    await q.query('CREATE UNIQUE INDEX teams_test_scope_uq ON teams (account_id) WHERE account_id IS NOT NULL');
    await q.query(`
      INSERT INTO teams (id, name, rate_limit_per_minute, created_at, mode, account_id)
      SELECT gen_random_uuid(), name, NULL, created_at, 'test', id FROM teams WHERE mode = 'live'`);
    await q.query(`ALTER TABLE api_keys ADD COLUMN mode text NOT NULL DEFAULT 'live' CHECK (mode IN ('live', 'test'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE api_keys DROP COLUMN mode');
    await q.query(`DELETE FROM teams WHERE mode = 'test'`);
    await q.query('DROP INDEX teams_test_scope_uq');
    await q.query('ALTER TABLE teams DROP CONSTRAINT teams_test_scope_ck');
    await q.query('ALTER TABLE teams DROP COLUMN account_id, DROP COLUMN mode');
  }
}
