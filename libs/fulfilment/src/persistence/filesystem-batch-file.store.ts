import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BatchFileStorePort } from '../application/ports/batch-file-store.port';

/** Keys are `<batch uuid>/<name>.csv`: nothing a client typed ever reaches a path. */
const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[a-z]+\.csv$/i;

/**
 * Batch files under DATA_DIR/batches (embedded mode). Written to a temporary name beside
 * the target and renamed, so a reader (or a crash) never sees half a file.
 */
export class FilesystemBatchFileStore implements BatchFileStorePort {
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = join(dataDir, 'batches');
  }

  async write(key: string, content: AsyncIterable<Uint8Array>): Promise<{ sizeBytes: number }> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomUUID()}.part`;
    let sizeBytes = 0;
    const counted = (async function* () {
      for await (const chunk of content) {
        sizeBytes += chunk.byteLength;
        yield chunk;
      }
    })();
    const sink = createWriteStream(temporary, { flags: 'wx', mode: 0o600 });
    try {
      await pipeline(Readable.from(counted), sink);
      await rename(temporary, path);
    } catch (error) {
      // A source that fails at once (a refused header) can beat the file's open: removing it
      // before the stream has closed would leave the file the open creates afterwards.
      if (!sink.closed) await once(sink, 'close').catch(() => undefined);
      await rm(temporary, { force: true });
      throw error;
    }
    return { sizeBytes };
  }

  async open(key: string): Promise<AsyncIterable<Buffer> | null> {
    if (!KEY.test(key)) return null;
    const path = this.path(key);
    try {
      await stat(path);
    } catch {
      return null;
    }
    return createReadStream(path, { highWaterMark: 256 * 1024 });
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async sweepAbandoned(olderThanMs: number): Promise<number> {
    let removed = 0;
    let entries: string[];
    try {
      entries = (await readdir(this.root, { recursive: true })) as string[];
    } catch {
      return 0;
    }
    for (const entry of entries.filter((e) => e.endsWith('.part'))) {
      const path = join(this.root, entry);
      const info = await stat(path).catch(() => null);
      if (info && Date.now() - info.mtimeMs > olderThanMs) {
        await rm(path, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  private path(key: string): string {
    if (!KEY.test(key)) throw new Error(`invalid batch file key ${key}`);
    return join(this.root, key);
  }
}
