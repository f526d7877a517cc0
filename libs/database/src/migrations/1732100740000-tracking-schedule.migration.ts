import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The tracking poll schedule moves out of the shipments row into a narrow table of its own
 * (docs/adr/0099-tracking-schedule-table.md). `shipments.next_poll_at` was in a partial index, so
 * every claim and reschedule of a poll wrote a new version of the wide row and an entry in each of
 * the table's indexes; a schedule row has two indexes and three columns. A shipment off the
 * schedule has no row (it had NULL).
 */
export class TrackingSchedule1732100740000 implements MigrationInterface {
  name = 'TrackingSchedule1732100740000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE tracking_schedule (
        shipment_id uuid PRIMARY KEY REFERENCES shipments(id) ON DELETE CASCADE,
        carrier_code text NOT NULL,
        next_poll_at timestamptz NOT NULL
      )`);
    // Polls are claimed per carrier, oldest due first, without reading the other carriers' rows.
    await q.query('CREATE INDEX tracking_schedule_due_idx ON tracking_schedule (carrier_code, next_poll_at)');
    await q.query(`
      INSERT INTO tracking_schedule (shipment_id, carrier_code, next_poll_at)
      SELECT id, carrier_code, next_poll_at FROM shipments WHERE next_poll_at IS NOT NULL`);
    await q.query('DROP INDEX shipments_poll_due_idx');
    await q.query('ALTER TABLE shipments DROP COLUMN next_poll_at');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE shipments ADD COLUMN next_poll_at timestamptz NULL');
    await q.query(`UPDATE shipments s SET next_poll_at = t.next_poll_at FROM tracking_schedule t WHERE t.shipment_id = s.id`);
    await q.query('CREATE INDEX shipments_poll_due_idx ON shipments (carrier_code, next_poll_at) WHERE next_poll_at IS NOT NULL');
    await q.query('DROP TABLE tracking_schedule');
  }
}
