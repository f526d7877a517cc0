import { MigrationInterface, QueryRunner } from 'typeorm';

export class Shipments1732100002000 implements MigrationInterface {
  name = 'Shipments1732100002000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE SEQUENCE shipment_reference_seq');
    await q.query(`
      CREATE TABLE shipments (
        id uuid PRIMARY KEY,
        team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
        quote_id uuid NOT NULL,
        service_reference text NOT NULL,
        carrier_code text NOT NULL,
        service_code text NOT NULL,
        tracking_number text NOT NULL,
        carrier_reference text NOT NULL,
        status text NOT NULL,
        progress text NULL,
        last_event_at timestamptz NULL,
        lane text NOT NULL,
        origin jsonb NOT NULL,
        destination jsonb NOT NULL,
        parcels jsonb NOT NULL,
        chargeable_kg numeric(10,1) NOT NULL,
        declared_value_halalas bigint NULL,
        incoterm text NULL,
        hs_codes jsonb NOT NULL DEFAULT '[]',
        cod_amount_halalas bigint NULL,
        reference text NULL,
        quoted_total_halalas bigint NOT NULL,
        warnings jsonb NOT NULL DEFAULT '[]',
        estimated_delivery_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        cancelled_at timestamptz NULL,
        cancel_reason text NULL,
        next_poll_at timestamptz NULL
      )`);
    // A quote books at most one shipment, whatever races in front of it.
    await q.query('CREATE UNIQUE INDEX shipments_quote_uq ON shipments (quote_id)');
    await q.query('CREATE UNIQUE INDEX shipments_tracking_uq ON shipments (carrier_code, tracking_number)');
    // The list endpoint: newest first within a team, optionally by status.
    await q.query('CREATE INDEX shipments_team_created_idx ON shipments (team_id, created_at DESC, id DESC)');
    await q.query('CREATE INDEX shipments_team_status_created_idx ON shipments (team_id, status, created_at DESC, id DESC)');
    // Tracking sync picks due shipments per carrier without scanning the others.
    await q.query('CREATE INDEX shipments_poll_due_idx ON shipments (carrier_code, next_poll_at) WHERE next_poll_at IS NOT NULL');

    await q.query(`
      CREATE TABLE tracking_events (
        id uuid PRIMARY KEY,
        shipment_id uuid NOT NULL REFERENCES shipments(id) ON DELETE CASCADE,
        event_key text NOT NULL,
        code text NOT NULL,
        carrier_status text NULL,
        exception_type text NULL,
        location_en text NULL,
        location_ar text NULL,
        measured_weight_kg numeric(10,3) NULL,
        occurred_at timestamptz NOT NULL,
        recorded_at timestamptz NOT NULL
      )`);
    await q.query('CREATE UNIQUE INDEX tracking_events_key_uq ON tracking_events (shipment_id, event_key)');
    await q.query('CREATE INDEX tracking_events_shipment_idx ON tracking_events (shipment_id, occurred_at DESC)');

    await q.query(`
      CREATE TABLE outbox_events (
        id bigserial PRIMARY KEY,
        team_id uuid NOT NULL,
        aggregate_id uuid NOT NULL,
        type text NOT NULL,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz NULL
      )`);
    await q.query('CREATE INDEX outbox_unpublished_idx ON outbox_events (id) WHERE published_at IS NULL');

    await q.query(`
      CREATE TABLE idempotency_keys (
        team_id uuid NOT NULL,
        scope text NOT NULL,
        key text NOT NULL,
        request_hash char(64) NOT NULL,
        state text NOT NULL,
        response_status integer NULL,
        response_body jsonb NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (team_id, scope, key)
      )`);
    await q.query('CREATE INDEX idempotency_expires_idx ON idempotency_keys (expires_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE idempotency_keys');
    await q.query('DROP TABLE outbox_events');
    await q.query('DROP TABLE tracking_events');
    await q.query('DROP TABLE shipments');
    await q.query('DROP SEQUENCE shipment_reference_seq');
  }
}
