import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A label's other printer formats (pdf_4x6, zpl), rendered once from the same data as the A6
 * label and kept with it: deleting the label (a destination change) deletes them too.
 */
export class LabelFormats1732100440000 implements MigrationInterface {
  name = 'LabelFormats1732100440000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE shipment_label_formats (
        shipment_id uuid NOT NULL REFERENCES shipment_labels(shipment_id) ON DELETE CASCADE,
        format text NOT NULL CHECK (format IN ('pdf_4x6', 'zpl')),
        body bytea NOT NULL,
        rendered_at timestamptz NOT NULL,
        PRIMARY KEY (shipment_id, format)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE shipment_label_formats');
  }
}
