import { MigrationInterface, QueryRunner } from 'typeorm';

export class Webhooks1732100170000 implements MigrationInterface {
  name = 'Webhooks1732100170000';

  async up(q: QueryRunner): Promise<void> {
    // One endpoint per team; secrets only encrypted (docs/adr/0019-webhook-delivery.md).
    await q.query(`
      CREATE TABLE webhook_endpoints (
        team_id uuid PRIMARY KEY REFERENCES teams(id) ON DELETE CASCADE,
        url text NOT NULL,
        events text[] NOT NULL,
        secret_ciphertext text NOT NULL,
        previous_secret_ciphertext text NULL,
        previous_secret_expires_at timestamptz NULL,
        enabled boolean NOT NULL DEFAULT true,
        disabled_reason text NULL,
        disabled_at timestamptz NULL,
        failing_since timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One row per message (the webhook-id is its key): the delivery log and the retry schedule.
    await q.query(`
      CREATE TABLE webhook_messages (
        id text PRIMARY KEY,
        team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
        event_id text NOT NULL,
        type text NOT NULL,
        shipment_id uuid NULL,
        body text NOT NULL,
        state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        last_status_code integer NULL,
        last_error text NULL,
        last_attempt_at timestamptz NULL,
        next_attempt_at timestamptz NULL,
        lease_token uuid NULL,
        lease_until timestamptz NULL,
        delivered_at timestamptz NULL,
        created_at timestamptz NOT NULL
      )`);
    // Dispatch reads only pending rows: all teams' due ones (the periodic round), or one team's
    // (after its fan-out or an attempt), so a backlog never makes a claim scan the whole table.
    await q.query(`CREATE INDEX webhook_messages_due_idx ON webhook_messages (next_attempt_at) WHERE state = 'pending'`);
    await q.query(`CREATE INDEX webhook_messages_team_due_idx ON webhook_messages (team_id, next_attempt_at) WHERE state = 'pending'`);
    await q.query('CREATE INDEX webhook_messages_log_idx ON webhook_messages (team_id, created_at DESC, id DESC)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE webhook_messages');
    await q.query('DROP TABLE webhook_endpoints');
  }
}
