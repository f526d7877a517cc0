import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { BatchFileStorePort } from '@lgw/application';
import { updatedRows } from '../repositories/sql-results';

/** Chunks of this size: big enough for few round trips, small enough that memory stays flat. */
export const BATCH_FILE_CHUNK_BYTES = 1024 * 1024;

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
    let seq = 0;
    let sizeBytes = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      if (pendingBytes === 0) return;
      const data = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      await this.dataSource.query('INSERT INTO batch_file_chunks (upload_id, seq, data) VALUES ($1, $2, $3)', [uploadId, seq, data]);
      seq += 1;
    };
    try {
      for await (const chunk of content) {
        const piece = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        pending.push(piece);
        pendingBytes += piece.length;
        sizeBytes += piece.length;
        if (pendingBytes >= BATCH_FILE_CHUNK_BYTES) await flush();
      }
      await flush();
      await this.dataSource.transaction(async (em) => {
        const previous: Array<{ upload_id: string }> = await em.query('SELECT upload_id FROM batch_files WHERE file_key = $1 FOR UPDATE', [
          key,
        ]);
        await em.query(
          `INSERT INTO batch_files (file_key, upload_id, size_bytes, chunks) VALUES ($1, $2, $3, $4)
           ON CONFLICT (file_key) DO UPDATE SET upload_id = EXCLUDED.upload_id, size_bytes = EXCLUDED.size_bytes,
             chunks = EXCLUDED.chunks, stored_at = now()`,
          [key, uploadId, sizeBytes, seq],
        );
        if (previous[0]) await em.query('DELETE FROM batch_file_chunks WHERE upload_id = $1', [previous[0].upload_id]);
      });
    } catch (error) {
      await this.dataSource.query('DELETE FROM batch_file_chunks WHERE upload_id = $1', [uploadId]).catch(() => undefined);
      throw error;
    }
    return { sizeBytes };
  }

  async open(key: string): Promise<AsyncIterable<Buffer> | null> {
    const rows: Array<{ upload_id: string; chunks: number }> = await this.dataSource.query(
      'SELECT upload_id, chunks FROM batch_files WHERE file_key = $1',
      [key],
    );
    const file = rows[0];
    if (!file) return null;
    const dataSource = this.dataSource;
    // One chunk in memory at a time; the upload id pins the version that was opened.
    return (async function* () {
      for (let seq = 0; seq < file.chunks; seq += 1) {
        const [chunk]: Array<{ data: Buffer }> = await dataSource.query(
          'SELECT data FROM batch_file_chunks WHERE upload_id = $1 AND seq = $2',
          [file.upload_id, seq],
        );
        if (!chunk) throw new Error(`batch file ${key} changed while being read`);
        yield chunk.data;
      }
    })();
  }

  async remove(key: string): Promise<void> {
    await this.dataSource.transaction(async (em) => {
      const removed = updatedRows<{ upload_id: string }>(
        await em.query('DELETE FROM batch_files WHERE file_key = $1 RETURNING upload_id', [key]),
      );
      for (const row of removed) await em.query('DELETE FROM batch_file_chunks WHERE upload_id = $1', [row.upload_id]);
    });
  }

  /** Chunks no published file points at, older than `olderThanMs` (writes abandoned by a crash). */
  async sweepAbandoned(olderThanMs: number): Promise<number> {
    const rows = await this.dataSource.query(
      `DELETE FROM batch_file_chunks c
        WHERE c.written_at < now() - ($1::text || ' milliseconds')::interval
          AND NOT EXISTS (SELECT 1 FROM batch_files f WHERE f.upload_id = c.upload_id)
        RETURNING c.upload_id`,
      [String(olderThanMs)],
    );
    return updatedRows(rows).length;
  }
}
