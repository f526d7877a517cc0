import { MigrationInterface, QueryRunner } from 'typeorm';

/** The label format a shipment asked for at booking: what GET /labels/{id} serves without ?format. */
export class ShipmentLabelFormat1732100442000 implements MigrationInterface {
  name = 'ShipmentLabelFormat1732100442000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE shipments ADD COLUMN label_format text NULL CHECK (label_format IN ('pdf_a6', 'pdf_4x6', 'zpl'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE shipments DROP COLUMN label_format');
  }
}
