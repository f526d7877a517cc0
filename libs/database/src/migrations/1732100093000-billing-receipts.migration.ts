import { MigrationInterface, QueryRunner } from 'typeorm';

export class BillingReceipts1732100093000 implements MigrationInterface {
  name = 'BillingReceipts1732100093000';

  async up(q: QueryRunner): Promise<void> {
    // One row per domain event the ledger has processed, lines or not, written with its lines:
    // a published event without a receipt is billing work that was lost (docs/adr/0021).
    await q.query(`
      CREATE TABLE billing_event_receipts (
        event_id text PRIMARY KEY,
        processed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('INSERT INTO billing_event_receipts (event_id) SELECT DISTINCT source_event_id FROM billing_lines');
    // The billing sweep looks at recently published events; retention deletes old ones by the same column.
    await q.query('CREATE INDEX outbox_published_idx ON outbox_events (published_at) WHERE published_at IS NOT NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX outbox_published_idx');
    await q.query('DROP TABLE billing_event_receipts');
  }
}
