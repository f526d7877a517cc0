import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Customs document bytes in PostgreSQL (docs/adr/0033-documents-in-postgresql.md): chunks
 * written as an upload streams in, one `document_contents` row per document that makes an
 * upload visible (the commit marker), and `document_uploads` listing uploads in flight, so the
 * sweep of abandoned ones reads a handful of rows instead of every chunk. Embedded mode keeps
 * documents on disk; the tables exist there too, empty, so both modes run one migration list.
 */
export class DocumentChunks1732100330000 implements MigrationInterface {
  name = 'DocumentChunks1732100330000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE document_chunks (
        upload_id uuid NOT NULL,
        seq integer NOT NULL,
        data bytea NOT NULL,
        written_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (upload_id, seq)
      )`);
    await q.query(`
      CREATE TABLE document_contents (
        document_id uuid PRIMARY KEY,
        upload_id uuid NOT NULL UNIQUE,
        size_bytes bigint NOT NULL,
        chunks integer NOT NULL,
        stored_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE document_uploads (
        upload_id uuid PRIMARY KEY,
        started_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE document_uploads');
    await q.query('DROP TABLE document_contents');
    await q.query('DROP TABLE document_chunks');
  }
}
