import { MigrationInterface, QueryRunner } from 'typeorm';

/** Why the carrier sent a shipment back (docs/adr/0059-return-reasons.md): an exception type, or NULL. */
export class ReturnReason1732100450000 implements MigrationInterface {
  name = 'ReturnReason1732100450000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE shipments ADD COLUMN return_reason text NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE shipments DROP COLUMN return_reason');
  }
}
