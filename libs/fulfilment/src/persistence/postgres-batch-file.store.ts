import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { BatchFileStorePort } from '../application/ports/batch-file-store.port';
import { updatedRows, ChunkTable, deleteChunks, insertChunks, readChunks, sweepUnreferencedChunks } from '@lgw/database';

const CHUNKS: ChunkTable = { table: 'batch_file_chunks', chunkBytes: 1024 * 1024 };

/**
 * Batch files in PostgreSQL (DATABASE_URL set), so api and worker replicas share nothing but
 * the database (docs/adr/0024-batch-file-storage.md). A file is written as chunks under a fresh
 * upload id, then published by pointing its key at that upload in one transaction that also
 * drops the previous version: readers see the old file or the new one, never a mix. Chunks of
 * an upload that never got published (a crash mid-write) are swept by `sweepAbandoned`.
 */
export class PostgresBatchFileStore implements BatchFileStorePort {
  constructor(private readonly dataSource: DataSource) {}

  async write(key: string, content: AsyncIterable<Uint8Array>): Promise<{ sizeBytes: number }> {
    const uploadId = randomUUID();
    const written = await insertChunks(this.dataSource, CHUNKS, uploadId, content);
    try {
      await this.dataSource.transaction(async (em) => {
        const previous: Array<{ upload_id: string }> = await em.query('SELECT upload_id FROM batch_files WHERE file_key = $1 FOR UPDATE', [
          key,
        ]);
        await em.query(
          `INSERT INTO batch_files (file_key, upload_id, size_bytes, chunks) VALUES ($1, $2, $3, $4)
           ON CONFLICT (file_key) DO UPDATE SET upload_id = EXCLUDED.upload_id, size_bytes = EXCLUDED.size_bytes,
             chunks = EXCLUDED.chunks, stored_at = now()`,
          [key, uploadId, written.sizeBytes, written.chunks],
        );
        if (previous[0]) await deleteChunks(em, CHUNKS, previous[0].upload_id);
      });
    } catch (error) {
      await deleteChunks(this.dataSource, CHUNKS, uploadId).catch(() => undefined);
      throw error;
    }
    return { sizeBytes: written.sizeBytes };
  }

  async open(key: string): Promise<AsyncIterable<Buffer> | null> {
    const rows: Array<{ upload_id: string; chunks: number }> = await this.dataSource.query(
      'SELECT upload_id, chunks FROM batch_files WHERE file_key = $1',
      [key],
    );
    const file = rows[0];
    // The upload id pins the version that was opened.
    return file ? readChunks(this.dataSource, CHUNKS, file.upload_id, file.chunks) : null;
  }

  async remove(key: string): Promise<void> {
    await this.dataSource.transaction(async (em) => {
      const removed = updatedRows<{ upload_id: string }>(
        await em.query('DELETE FROM batch_files WHERE file_key = $1 RETURNING upload_id', [key]),
      );
      for (const row of removed) await deleteChunks(em, CHUNKS, row.upload_id);
    });
  }

  /** Chunks no published file points at, older than `olderThanMs` (writes abandoned by a crash). */
  sweepAbandoned(olderThanMs: number): Promise<number> {
    return sweepUnreferencedChunks(this.dataSource, CHUNKS, 'batch_files', olderThanMs);
  }
}
