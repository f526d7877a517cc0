import { MigrationInterface, QueryRunner } from 'typeorm';

/** Each team's National Address rule at booking (docs/adr/0052): warn (the default) or enforce. */
export class TeamAddressVerification1732100520000 implements MigrationInterface {
  name = 'TeamAddressVerification1732100520000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE teams ADD COLUMN address_verification text NOT NULL DEFAULT 'warn' CHECK (address_verification IN ('warn', 'enforce'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE teams DROP COLUMN address_verification');
  }
}
