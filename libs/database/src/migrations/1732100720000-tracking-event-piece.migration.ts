import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A tracking event a carrier reported for one piece of a multi-piece shipment keeps the piece's
 * number (docs/adr/0087, tracking roll-up): GET tracking tells which piece it is about. NULL for
 * the shipment's own events, and for every event stored before this.
 */
export class TrackingEventPiece1732100720000 implements MigrationInterface {
  name = 'TrackingEventPiece1732100720000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE tracking_events ADD COLUMN piece_number smallint');
    await q.query(
      'ALTER TABLE tracking_events ADD CONSTRAINT tracking_events_piece_number_range CHECK (piece_number IS NULL OR piece_number BETWEEN 1 AND 20)',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE tracking_events DROP CONSTRAINT IF EXISTS tracking_events_piece_number_range');
    await q.query('ALTER TABLE tracking_events DROP COLUMN piece_number');
  }
}
