import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { DocumentStorePort, StagedDocument, StageOptions } from '@lgw/application';
import { updatedRows } from '../repositories/sql-results';
import { ChunkTable, deleteChunks, insertChunks, readChunks, sweepUnreferencedChunks } from '../support/postgres-chunks';
import { isUuid } from '../support/uuid';
import { ContentMeter } from './content-meter';

/** 256 KB: a 10 MB document is 40 round trips, and a process holds one chunk of it at a time. */
const CHUNKS: ChunkTable = { table: 'document_chunks', chunkBytes: 256 * 1024 };

/**
 * Customs documents in PostgreSQL (DATABASE_URL set), so api replicas need no shared volume
 * (docs/adr/0033-documents-in-postgresql.md). Staging writes the upload as chunks under a
 * fresh upload id while it streams in; committing inserts the one `document_contents` row
 * that points the document id at that upload. Until then no reader can reach the chunks, so
 * a crash mid-upload leaves nothing visible, only chunks the sweep removes.
 */
export class PostgresDocumentStore implements DocumentStorePort {
  constructor(private readonly dataSource: DataSource) {}

  async stage(content: AsyncIterable<Uint8Array>, options: StageOptions): Promise<StagedDocument> {
    const uploadId = randomUUID();
    const meter = new ContentMeter(options);
    await insertChunks(this.dataSource, CHUNKS, uploadId, meter.pass(content));
    return meter.staged(uploadId);
  }

  async commit(staged: StagedDocument, documentId: string): Promise<void> {
    assertUuid(staged.stagingKey);
    // One statement: the marker appears with the chunk count of a finished upload, or not at all.
    await this.dataSource.query(
      `INSERT INTO document_contents (document_id, upload_id, size_bytes, chunks)
       SELECT $1, $2, $3, count(*) FROM document_chunks WHERE upload_id = $2`,
      [documentId, staged.stagingKey, staged.sizeBytes],
    );
  }

  async discard(staged: StagedDocument): Promise<void> {
    assertUuid(staged.stagingKey);
    await this.dataSource.query(
      `DELETE FROM document_chunks WHERE upload_id = $1
         AND NOT EXISTS (SELECT 1 FROM document_contents WHERE upload_id = $1)`,
      [staged.stagingKey],
    );
  }

  async remove(documentId: string): Promise<void> {
    if (!isUuid(documentId)) return;
    await this.dataSource.transaction(async (em) => {
      const removed = updatedRows<{ upload_id: string }>(
        await em.query('DELETE FROM document_contents WHERE document_id = $1 RETURNING upload_id', [documentId]),
      );
      for (const row of removed) await deleteChunks(em, CHUNKS, row.upload_id);
    });
  }

  async open(documentId: string): Promise<AsyncIterable<Buffer> | null> {
    if (!isUuid(documentId)) return null;
    const [content]: Array<{ upload_id: string; chunks: number }> = await this.dataSource.query(
      'SELECT upload_id, chunks FROM document_contents WHERE document_id = $1',
      [documentId],
    );
    return content ? readChunks(this.dataSource, CHUNKS, content.upload_id, content.chunks) : null;
  }

  /**
   * Uploads never committed (a crash between staging and commit) and committed content whose
   * metadata row never came (a crash between commit and insert) or has gone with its shipment.
   */
  async sweepStaging(olderThanMs: number): Promise<number> {
    const orphans = updatedRows<{ upload_id: string }>(
      await this.dataSource.query(
        `DELETE FROM document_contents c
          WHERE c.stored_at < now() - ($1::text || ' milliseconds')::interval
            AND NOT EXISTS (SELECT 1 FROM shipment_documents d WHERE d.id = c.document_id)
          RETURNING c.upload_id`,
        [String(olderThanMs)],
      ),
    );
    for (const orphan of orphans) await deleteChunks(this.dataSource, CHUNKS, orphan.upload_id);
    return orphans.length + (await sweepUnreferencedChunks(this.dataSource, CHUNKS, 'document_contents', olderThanMs));
  }
}

function assertUuid(value: string): void {
  if (!isUuid(value)) throw new Error('invalid staging key');
}
