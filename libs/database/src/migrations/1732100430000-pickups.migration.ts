import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Courier collections (POST /pickups). A row exists only once the carrier has confirmed the
 * collection: the carrier call is recorded before it as a carrier intent (ADR 0013), and the
 * row, the shipments' move to PICKUP_SCHEDULED and their events commit together.
 */
export class Pickups1732100430000 implements MigrationInterface {
  name = 'Pickups1732100430000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE pickups (
        id uuid PRIMARY KEY,
        team_id uuid NOT NULL,
        carrier_code text NOT NULL,
        status text NOT NULL,
        confirmation_number text NOT NULL,
        pickup_date date NOT NULL,
        window_from text NOT NULL,
        window_to text NOT NULL,
        address jsonb NOT NULL,
        shipment_ids jsonb NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        cancelled_at timestamptz NULL
      )`);
    await q.query('CREATE INDEX pickups_team_created_idx ON pickups (team_id, created_at DESC, id DESC)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE pickups');
  }
}
