import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Exactly once at the csv_batch carrier without trusting it (docs/adr/0039): an order is
 * recorded as handed to the carrier before its file leaves; after a crash such an order is
 * looked up at the carrier, never sent again unless the carrier does not have it.
 */
export class BatchOrderHandoff1732100400000 implements MigrationInterface {
  name = 'BatchOrderHandoff1732100400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE fulfilment_batch_orders ADD COLUMN handed_off_at timestamptz NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE fulfilment_batch_orders DROP COLUMN handed_off_at');
  }
}
