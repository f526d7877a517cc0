import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Delivery issues (docs/adr/0083-delivery-issues-and-recipients.md): the issue a failed delivery
 * opens, kept with the shipment it belongs to (the aggregate decides it, one writer saves it),
 * the merchant's queue of them, and each team's limit of failed attempts before the parcel goes back.
 */
export class DeliveryIssues1732100630000 implements MigrationInterface {
  name = 'DeliveryIssues1732100630000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE shipments ADD COLUMN delivery_issue jsonb');
    await q.query(
      `CREATE INDEX shipments_team_delivery_issue_idx ON shipments (team_id, (delivery_issue->>'status'), updated_at DESC, id DESC)
        WHERE delivery_issue IS NOT NULL`,
    );
    await q.query(
      'ALTER TABLE teams ADD COLUMN auto_return_after_attempts integer NOT NULL DEFAULT 3 CHECK (auto_return_after_attempts BETWEEN 1 AND 10)',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE teams DROP COLUMN auto_return_after_attempts');
    await q.query('DROP INDEX IF EXISTS shipments_team_delivery_issue_idx');
    await q.query('ALTER TABLE shipments DROP COLUMN delivery_issue');
  }
}
