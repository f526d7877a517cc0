import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Quotes become signed ids (docs/adr/0031-signed-quotes.md): longer than a UUID, so
 * shipments.quote_id turns to text (its unique index stays: one shipment per quote), and the
 * only thing stored about a quote is that it was used. `expires_at` lets retention drop a row
 * once its quote could no longer be booked anyway.
 */
export class SignedQuotes1732100310000 implements MigrationInterface {
  name = 'SignedQuotes1732100310000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE shipments ALTER COLUMN quote_id TYPE text USING quote_id::text');
    await q.query(`
      CREATE TABLE used_quotes (
        quote_id text PRIMARY KEY,
        team_id uuid NOT NULL,
        used_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
      )`);
    await q.query('CREATE INDEX used_quotes_expires_idx ON used_quotes (expires_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE used_quotes');
    await q.query(`DELETE FROM shipments WHERE quote_id IS NOT NULL AND quote_id !~ '^[0-9a-f-]{36}$'`);
    await q.query('ALTER TABLE shipments ALTER COLUMN quote_id TYPE uuid USING quote_id::uuid');
  }
}
