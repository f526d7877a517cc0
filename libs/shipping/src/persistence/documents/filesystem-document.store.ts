import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DocumentStorePort, StagedDocument, StageOptions } from '../../application/ports/document-store.port';
import { isUuid } from '@lgw/database';
import { ContentMeter } from './content-meter';

/**
 * Documents as files under DATA_DIR/documents: `<first two id characters>/<id>`, so no
 * client-chosen text ever reaches a path and no directory grows without bound. Staging is a
 * sibling directory on the same filesystem, so committing is an atomic rename.
 * Embedded mode only: with DATABASE_URL the documents live in PostgreSQL (PostgresDocumentStore),
 * so api replicas share no volume.
 */
export class FilesystemDocumentStore implements DocumentStorePort {
  private readonly root: string;
  private readonly staging: string;

  constructor(dataDir: string) {
    this.root = join(dataDir, 'documents');
    this.staging = join(this.root, '.staging');
  }

  async stage(content: AsyncIterable<Uint8Array>, options: StageOptions): Promise<StagedDocument> {
    await mkdir(this.staging, { recursive: true });
    const stagingKey = randomUUID();
    const path = this.stagingPath(stagingKey);
    const meter = new ContentMeter(options);
    try {
      await pipeline(meter.pass(content), createWriteStream(path, { flags: 'wx', mode: 0o600 }));
    } catch (error) {
      await rm(path, { force: true });
      throw error;
    }
    return meter.staged(stagingKey);
  }

  async commit(staged: StagedDocument, documentId: string): Promise<void> {
    const target = this.documentPath(documentId);
    await mkdir(dirname(target), { recursive: true });
    await rename(this.stagingPath(staged.stagingKey), target);
  }

  async discard(staged: StagedDocument): Promise<void> {
    await rm(this.stagingPath(staged.stagingKey), { force: true });
  }

  async remove(documentId: string): Promise<void> {
    await rm(this.documentPath(documentId), { force: true });
  }

  async open(documentId: string): Promise<AsyncIterable<Buffer> | null> {
    if (!isUuid(documentId)) return null;
    const path = this.documentPath(documentId);
    try {
      await stat(path);
    } catch {
      return null;
    }
    return createReadStream(path);
  }

  /** Staged files a crash left behind (never committed, never discarded). */
  async sweepStaging(olderThanMs: number, now = Date.now()): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.staging);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const name of names) {
      const path = join(this.staging, name);
      const info = await stat(path).catch(() => null);
      if (info && now - info.mtimeMs > olderThanMs) {
        await rm(path, { force: true });
        removed++;
      }
    }
    return removed;
  }

  private stagingPath(stagingKey: string): string {
    if (!isUuid(stagingKey)) throw new Error('invalid staging key');
    return join(this.staging, `${stagingKey}.part`);
  }

  private documentPath(documentId: string): string {
    if (!isUuid(documentId)) throw new Error('invalid document id');
    const id = documentId.toLowerCase();
    return join(this.root, id.slice(0, 2), id);
  }
}
