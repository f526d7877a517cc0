import { MigrationInterface, QueryRunner } from 'typeorm';

/** Rendered labels are kept with the shipment: one row per shipment, rendered once. */
export class Labels1732100006000 implements MigrationInterface {
  name = 'Labels1732100006000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE shipment_labels (
        shipment_id uuid PRIMARY KEY REFERENCES shipments(id) ON DELETE CASCADE,
        pdf bytea NOT NULL,
        rendered_at timestamptz NOT NULL
      )`);
    // The label sweep looks only at shipments still waiting for their label.
    await q.query("CREATE INDEX shipments_awaiting_label_idx ON shipments (created_at) WHERE status = 'CREATED'");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX shipments_awaiting_label_idx');
    await q.query('DROP TABLE shipment_labels');
  }
}
