import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Recipient notifications (docs/adr/0086): a team's settings, one row per notice (shipment ×
 * event occurrence × channel, unique: claimed before anything is sent, so an event relayed or a
 * job run twice never sends twice), and the recipients who opted out, per team and address.
 */
export class Notifications1732100650000 implements MigrationInterface {
  name = 'Notifications1732100650000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE notification_settings (
        team_id uuid PRIMARY KEY,
        sms boolean NOT NULL,
        email boolean NOT NULL,
        events text[] NOT NULL,
        sender_name text NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await q.query(`
      CREATE TABLE notifications (
        id uuid PRIMARY KEY,
        team_id uuid NOT NULL,
        shipment_id uuid NOT NULL,
        event text NOT NULL,
        occurrence text NOT NULL,
        channel text NOT NULL,
        recipient text,
        status text NOT NULL,
        reason text,
        facts jsonb NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        provider_ref text,
        next_attempt_at timestamptz NOT NULL,
        claimed_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CONSTRAINT notifications_once UNIQUE (shipment_id, event, occurrence, channel)
      )`);
    await q.query('CREATE INDEX notifications_shipment_idx ON notifications (team_id, shipment_id, created_at)');
    await q.query("CREATE INDEX notifications_open_idx ON notifications (status, next_attempt_at) WHERE status IN ('PENDING', 'SENDING')");
    await q.query(`
      CREATE TABLE notification_opt_outs (
        team_id uuid NOT NULL,
        address text NOT NULL,
        shipment_id uuid NOT NULL,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (team_id, address)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS notification_opt_outs');
    await q.query('DROP TABLE IF EXISTS notifications');
    await q.query('DROP TABLE IF EXISTS notification_settings');
  }
}
