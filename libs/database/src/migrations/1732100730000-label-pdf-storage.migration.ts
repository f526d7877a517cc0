import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A stored label is a PDF whose content and fonts are compressed already: PostgreSQL's default
 * storage tried to compress each one again (pglz, up to the whole 47 KB) and kept it as it was,
 * about 1 ms of the database's CPU per label for nothing (docs/performance.md, "Labels as
 * bytes"). Out of line, uncompressed. Rows stored before are read as they are.
 */
export class LabelPdfStorage1732100730000 implements MigrationInterface {
  name = 'LabelPdfStorage1732100730000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE shipment_labels ALTER COLUMN pdf SET STORAGE EXTERNAL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE shipment_labels ALTER COLUMN pdf SET STORAGE EXTENDED');
  }
}
