import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Customer returns (POST /shipments/{id}/return): a return shipment names the delivered
 * shipment it brings back. At most one live return per original: the partial unique index
 * decides, so two concurrent requests cannot both create one; a cancelled return leaves it.
 */
export class CustomerReturns1732100431000 implements MigrationInterface {
  name = 'CustomerReturns1732100431000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE shipments ADD COLUMN return_of uuid NULL');
    await q.query(
      "CREATE UNIQUE INDEX shipments_live_return_uq ON shipments (return_of) WHERE return_of IS NOT NULL AND status <> 'CANCELLED'",
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX shipments_live_return_uq');
    await q.query('ALTER TABLE shipments DROP COLUMN return_of');
  }
}
