import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Carrier pushes (POST /api/v1/carrier-webhooks/{carrier}/{token}): each connection keeps the
 * SHA-256 of its webhook token, never the token itself; the token is shown once, in the answer
 * that created the connection (docs/adr/0081-aymakan-and-carrier-pushes.md).
 */
export class CarrierWebhookTokens1732100610000 implements MigrationInterface {
  name = 'CarrierWebhookTokens1732100610000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE carrier_connections ADD COLUMN webhook_token_hash text NULL');
    await q.query(
      'CREATE UNIQUE INDEX carrier_connections_webhook_token_idx ON carrier_connections (webhook_token_hash) WHERE webhook_token_hash IS NOT NULL',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX IF EXISTS carrier_connections_webhook_token_idx');
    await q.query('ALTER TABLE carrier_connections DROP COLUMN IF EXISTS webhook_token_hash');
  }
}
