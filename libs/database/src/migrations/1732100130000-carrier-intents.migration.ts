import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Carrier calls recorded before they are made, settled by recovery when their process died
 * (docs/adr/0013-carrier-intents.md); Idempotency-Key leases (docs/adr/0014-idempotency-leases.md).
 */
export class CarrierIntents1732100130000 implements MigrationInterface {
  name = 'CarrierIntents1732100130000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE carrier_intents (
        id uuid PRIMARY KEY,
        kind text NOT NULL,
        team_id uuid NOT NULL,
        shipment_id uuid NOT NULL,
        carrier_code text NOT NULL,
        quote_id text NULL,
        state text NOT NULL,
        payload jsonb NOT NULL,
        idempotency_scope text NULL,
        idempotency_key text NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        held_until timestamptz NULL
      )`);
    // Recovery scans only what is unresolved; resolved rows are history.
    await q.query("CREATE INDEX carrier_intents_unresolved_idx ON carrier_intents (created_at) WHERE state IN ('pending', 'compensating')");
    await q.query(
      `CREATE INDEX carrier_intents_key_idx ON carrier_intents (team_id, idempotency_scope, idempotency_key)
        WHERE idempotency_key IS NOT NULL AND state IN ('pending', 'compensating')`,
    );
    await q.query('CREATE INDEX carrier_intents_quote_idx ON carrier_intents (quote_id) WHERE quote_id IS NOT NULL');
    await q.query('ALTER TABLE idempotency_keys ADD COLUMN owner uuid NULL');
    await q.query('ALTER TABLE idempotency_keys ADD COLUMN lease_expires_at timestamptz NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE idempotency_keys DROP COLUMN lease_expires_at');
    await q.query('ALTER TABLE idempotency_keys DROP COLUMN owner');
    await q.query('DROP TABLE carrier_intents');
  }
}
