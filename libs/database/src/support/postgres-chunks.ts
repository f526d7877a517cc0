import { DataSource, EntityManager } from 'typeorm';
import { updatedRows } from './sql-results';

/**
 * File bytes as `(upload_id, seq, data)` rows: one upload is one version of one file, never
 * visible until a row elsewhere (the file's commit marker) points at its upload id. The table
 * name is a constant of the store that owns it, never client text.
 */
export interface ChunkTable {
  readonly table: 'batch_file_chunks' | 'document_chunks';
  /** Big enough for few round trips, small enough that memory stays flat while streaming. */
  readonly chunkBytes: number;
}

type Queryable = Pick<DataSource | EntityManager, 'query'>;

/**
 * Inserts `content` under `uploadId` as it arrives, one chunk in memory at most. Each insert
 * commits on its own: a crash leaves chunks that no marker points at, which
 * `sweepUnreferencedChunks` removes. On failure the chunks written so far are removed.
 */
export async function insertChunks(
  dataSource: DataSource,
  chunks: ChunkTable,
  uploadId: string,
  content: AsyncIterable<Uint8Array>,
): Promise<{ sizeBytes: number; chunks: number }> {
  let seq = 0;
  let sizeBytes = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (pendingBytes === 0) return;
    const data = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    await dataSource.query(`INSERT INTO ${chunks.table} (upload_id, seq, data) VALUES ($1, $2, $3)`, [uploadId, seq, data]);
    seq += 1;
  };
  try {
    for await (const chunk of content) {
      const piece = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      pending.push(piece);
      pendingBytes += piece.length;
      sizeBytes += piece.length;
      if (pendingBytes >= chunks.chunkBytes) await flush();
    }
    await flush();
  } catch (error) {
    await deleteChunks(dataSource, chunks, uploadId).catch(() => undefined);
    throw error;
  }
  return { sizeBytes, chunks: seq };
}

/** The upload's bytes, one chunk per query and in memory; fails if a chunk has gone. */
export function readChunks(dataSource: DataSource, chunks: ChunkTable, uploadId: string, count: number): AsyncIterable<Buffer> {
  return (async function* () {
    for (let seq = 0; seq < count; seq += 1) {
      const [chunk]: Array<{ data: Buffer }> = await dataSource.query(
        `SELECT data FROM ${chunks.table} WHERE upload_id = $1 AND seq = $2`,
        [uploadId, seq],
      );
      if (!chunk) throw new Error(`upload ${uploadId} changed while being read`);
      yield chunk.data;
    }
  })();
}

export async function deleteChunks(queryable: Queryable, chunks: ChunkTable, uploadId: string): Promise<void> {
  await queryable.query(`DELETE FROM ${chunks.table} WHERE upload_id = $1`, [uploadId]);
}

/**
 * Chunks older than `olderThanMs` of uploads no marker row points at: writes cut short by a
 * crash, or staged and never committed. Returns how many chunks were removed.
 */
export async function sweepUnreferencedChunks(
  dataSource: DataSource,
  chunks: ChunkTable,
  markers: 'batch_files' | 'document_contents',
  olderThanMs: number,
): Promise<number> {
  const rows = await dataSource.query(
    `DELETE FROM ${chunks.table} c
      WHERE c.written_at < now() - ($1::text || ' milliseconds')::interval
        AND NOT EXISTS (SELECT 1 FROM ${markers} m WHERE m.upload_id = c.upload_id)
      RETURNING c.upload_id`,
    [String(olderThanMs)],
  );
  return updatedRows(rows).length;
}
