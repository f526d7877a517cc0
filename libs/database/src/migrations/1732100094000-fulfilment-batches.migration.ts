import { MigrationInterface, QueryRunner } from 'typeorm';

export class FulfilmentBatches1732100094000 implements MigrationInterface {
  name = 'FulfilmentBatches1732100094000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE fulfilment_batches (
        id uuid PRIMARY KEY,
        team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
        status text NOT NULL CHECK (status IN ('PROCESSING', 'COMPLETED', 'REJECTED')),
        phase text NOT NULL,
        filename text NOT NULL,
        size_bytes bigint NOT NULL,
        row_count integer NOT NULL DEFAULT 0,
        accepted_count integer NOT NULL DEFAULT 0,
        rejected_count integer NOT NULL DEFAULT 0,
        processed_rows integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        finished_at timestamptz NULL
      )`);
    // The recovery sweep looks only at unfinished batches.
    await q.query(`CREATE INDEX fulfilment_batches_processing_idx ON fulfilment_batches (updated_at) WHERE status = 'PROCESSING'`);

    // One row per order of a valid batch: its shipment id is fixed before the carrier sees
    // it, so a re-run books the same order under the same id (docs/adr/0023-fulfilment-batches.md).
    await q.query(`
      CREATE TABLE fulfilment_batch_orders (
        batch_id uuid NOT NULL REFERENCES fulfilment_batches(id) ON DELETE CASCADE,
        order_ref text NOT NULL,
        seq integer NOT NULL,
        shipment_id uuid NOT NULL UNIQUE,
        destination jsonb NOT NULL,
        row_count integer NOT NULL,
        total_qty integer NOT NULL,
        cod_halalas bigint NOT NULL,
        tracking_number text NULL,
        carrier_error text NULL,
        PRIMARY KEY (batch_id, order_ref)
      )`);
    await q.query('CREATE UNIQUE INDEX fulfilment_batch_orders_seq_uq ON fulfilment_batch_orders (batch_id, seq)');

    // Batch shipments are priced without a quote and say which batch they came from.
    await q.query('ALTER TABLE shipments ALTER COLUMN quote_id DROP NOT NULL');
    await q.query('ALTER TABLE shipments ADD COLUMN batch_id uuid NULL');

    // Batch files when the database is PostgreSQL: api replicas stay stateless (ADR 0024).
    await q.query(`
      CREATE TABLE batch_files (
        file_key text PRIMARY KEY,
        upload_id uuid NOT NULL,
        size_bytes bigint NOT NULL,
        chunks integer NOT NULL,
        stored_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE batch_file_chunks (
        upload_id uuid NOT NULL,
        seq integer NOT NULL,
        data bytea NOT NULL,
        written_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (upload_id, seq)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE batch_file_chunks');
    await q.query('DROP TABLE batch_files');
    await q.query('ALTER TABLE shipments DROP COLUMN batch_id');
    await q.query('DROP TABLE fulfilment_batch_orders');
    await q.query('DROP TABLE fulfilment_batches');
  }
}
