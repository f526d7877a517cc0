import { MigrationInterface, QueryRunner } from 'typeorm';

/** Customs document metadata; the bytes live in the document store under the same id. */
export class Documents1732100004000 implements MigrationInterface {
  name = 'Documents1732100004000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE shipment_documents (
        id uuid PRIMARY KEY,
        team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
        shipment_id uuid NOT NULL REFERENCES shipments(id) ON DELETE CASCADE,
        type text NOT NULL,
        filename text NOT NULL,
        content_type text NOT NULL,
        size_bytes bigint NOT NULL,
        sha256 char(64) NOT NULL,
        uploaded_at timestamptz NOT NULL
      )`);
    // The list endpoint: one shipment's documents in upload order.
    await q.query('CREATE INDEX shipment_documents_shipment_idx ON shipment_documents (shipment_id, uploaded_at, id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE shipment_documents');
  }
}
