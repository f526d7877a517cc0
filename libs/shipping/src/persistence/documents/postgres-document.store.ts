import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { DocumentStorePort, StagedDocument, StageOptions } from '../../application/ports/document-store.port';
import { updatedRows, ChunkTable, deleteChunks, insertChunks, readChunks, isUuid } from '@lgw/database';
import { ContentMeter } from './content-meter';

/** 256 KB: a 10 MB document is 40 round trips, and a process holds one chunk of it at a time. */
const CHUNKS: ChunkTable = { table: 'document_chunks', chunkBytes: 256 * 1024 };

/**
 * Customs documents in PostgreSQL (DATABASE_URL set), so api replicas need no shared volume
 * (docs/adr/0033-documents-in-postgresql.md). Staging writes the upload as chunks under a
 * fresh upload id (listed in `document_uploads` while in flight) as it streams in; committing
 * inserts, in one transaction with taking it off that list, the `document_contents` row that
 * points the document id at that upload. Until then no reader can reach the chunks, so a crash
 * mid-upload leaves nothing visible, only an upload in flight that the sweep removes.
 */
export class PostgresDocumentStore implements DocumentStorePort {
  constructor(private readonly dataSource: DataSource) {}

  async stage(content: AsyncIterable<Uint8Array>, options: StageOptions): Promise<StagedDocument> {
    const uploadId = randomUUID();
    const meter = new ContentMeter(options);
    // Listed before the first chunk, so a crash at any point leaves something the sweep finds.
    await this.dataSource.query('INSERT INTO document_uploads (upload_id) VALUES ($1)', [uploadId]);
    try {
      await insertChunks(this.dataSource, CHUNKS, uploadId, meter.pass(content));
    } catch (error) {
      await this.dataSource.query('DELETE FROM document_uploads WHERE upload_id = $1', [uploadId]).catch(() => undefined);
      throw error;
    }
    return meter.staged(uploadId);
  }

  async commit(staged: StagedDocument, documentId: string): Promise<void> {
    assertUuid(staged.stagingKey);
    await this.dataSource.transaction(async (em) => {
      const claimed = updatedRows(
        await em.query('DELETE FROM document_uploads WHERE upload_id = $1 RETURNING upload_id', [staged.stagingKey]),
      );
      if (claimed.length === 0) throw new Error('staged document no longer exists');
      // The commit marker, with the chunk count of the finished upload.
      await em.query(
        `INSERT INTO document_contents (document_id, upload_id, size_bytes, chunks)
         SELECT $1, $2, $3, count(*) FROM document_chunks WHERE upload_id = $2`,
        [documentId, staged.stagingKey, staged.sizeBytes],
      );
    });
  }

  /** Only an upload still in flight: a committed one belongs to its document. */
  async discard(staged: StagedDocument): Promise<void> {
    assertUuid(staged.stagingKey);
    await this.forgetUploads(
      updatedRows(
        await this.dataSource.query('DELETE FROM document_uploads WHERE upload_id = $1 RETURNING upload_id', [staged.stagingKey]),
      ),
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
    const age = [String(olderThanMs)];
    const abandoned = updatedRows<{ upload_id: string }>(
      await this.dataSource.query(
        `DELETE FROM document_uploads WHERE started_at < now() - ($1::text || ' milliseconds')::interval RETURNING upload_id`,
        age,
      ),
    );
    const orphans = updatedRows<{ upload_id: string }>(
      await this.dataSource.query(
        `DELETE FROM document_contents c
          WHERE c.stored_at < now() - ($1::text || ' milliseconds')::interval
            AND NOT EXISTS (SELECT 1 FROM shipment_documents d WHERE d.id = c.document_id)
          RETURNING c.upload_id`,
        age,
      ),
    );
    await this.forgetUploads([...abandoned, ...orphans]);
    return abandoned.length + orphans.length;
  }

  private async forgetUploads(uploads: ReadonlyArray<{ upload_id: string }>): Promise<void> {
    for (const upload of uploads) await deleteChunks(this.dataSource, CHUNKS, upload.upload_id);
  }
}

function assertUuid(value: string): void {
  if (!isUuid(value)) throw new Error('invalid staging key');
}
