import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A completed Idempotency-Key keeps how its request succeeded (ok, created, accepted), not an
 * HTTP status: the edge maps the one to the other. Rows completed before keep their status.
 */
export class IdempotencyOutcome1732100530000 implements MigrationInterface {
  name = 'IdempotencyOutcome1732100530000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      "ALTER TABLE idempotency_keys ADD COLUMN response_outcome text NULL CHECK (response_outcome IN ('ok', 'created', 'accepted'))",
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE idempotency_keys DROP COLUMN response_outcome');
  }
}
