import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The recipient's tracking page and delivery estimates (docs/adr/0083): each shipment's
 * unguessable tracking token (existing shipments get one here, from two random UUIDs hashed:
 * 128 bits kept, the same entropy as a new one's 144 bits for the page's purpose), its
 * estimated delivery date (an Asia/Riyadh calendar date), and each team's brand colour.
 */
export class RecipientTracking1732100631000 implements MigrationInterface {
  name = 'RecipientTracking1732100631000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE shipments ADD COLUMN tracking_token text');
    await q.query(
      `UPDATE shipments SET tracking_token =
         translate(encode(substring(sha256((gen_random_uuid()::text || gen_random_uuid()::text)::bytea) FROM 1 FOR 18), 'base64'), '+/', '-_')
       WHERE tracking_token IS NULL`,
    );
    await q.query('CREATE UNIQUE INDEX shipments_tracking_token_idx ON shipments (tracking_token)');
    await q.query('ALTER TABLE shipments ADD COLUMN estimated_delivery_date date');
    await q.query(`UPDATE shipments SET estimated_delivery_date = (estimated_delivery_at AT TIME ZONE 'Asia/Riyadh')::date`);
    await q.query("ALTER TABLE teams ADD COLUMN brand_colour text CHECK (brand_colour ~ '^#[0-9a-f]{6}$')");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE teams DROP COLUMN brand_colour');
    await q.query('ALTER TABLE shipments DROP COLUMN estimated_delivery_date');
    await q.query('DROP INDEX IF EXISTS shipments_tracking_token_idx');
    await q.query('ALTER TABLE shipments DROP COLUMN tracking_token');
  }
}
