import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The carrier connection (account) each shipment was booked on, kept on the shipment so that
 * every later call about it (cancel, pickups, returns, tracking) goes to that account without
 * opening its quote, and a return (booked without a quote) stays on its original's account.
 * Existing rows keep NULL: their quote still names the connection. No foreign key: a revoked
 * connection's bookings still live on that account at the carrier.
 */
export class ShipmentConnection1732100680000 implements MigrationInterface {
  name = 'ShipmentConnection1732100680000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE shipments ADD COLUMN connection_id uuid');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE shipments DROP COLUMN connection_id');
  }
}
