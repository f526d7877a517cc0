import { MigrationInterface, QueryRunner } from 'typeorm';

/** When a key was last used, for the control panel (advisory; written at most once a minute). */
export class ApiKeyLastUsed1732100091000 implements MigrationInterface {
  name = 'ApiKeyLastUsed1732100091000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE api_keys ADD COLUMN last_used_at timestamptz');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE api_keys DROP COLUMN last_used_at');
  }
}
