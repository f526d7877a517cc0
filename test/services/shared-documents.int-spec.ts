import { createHash, randomUUID } from 'node:crypto';
import { DOCUMENT_STORE, DocumentStorePort } from '@lgw/shipping';
import { book } from '../support/booking';
import { largePdf, MB, pdf, storedDocument, uploadDocument } from '../support/document-upload';
import { collectGarbage } from '../support/memory';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';

const STAGE = { maxBytes: 10 * MB, headBytes: 5 };

async function* pieces(...chunks: Buffer[]): AsyncGenerator<Buffer> {
  yield* chunks;
}

async function sha256Of(content: AsyncIterable<Uint8Array>): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of content) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/**
 * Needs PostgreSQL: part of `npm run test:services` only. Two api replicas with a data
 * directory each (no shared volume) and one database: a document uploaded through one is
 * listed and read back through the other.
 */
describe('customs documents across api replicas sharing PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  let team: TestTeam;
  let shipment: any;

  beforeAll(async () => {
    a = await bootTestApp();
    b = await bootTestApp({ shareWith: a });
    team = await a.createTeam('Replica Documents Team');
    shipment = await book(a, team, 'sahm');
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('run with separate data directories and the PostgreSQL store', () => {
    expect(a.runtime.config.dataDir).not.toBe(b.runtime.config.dataDir);
    expect(a.runtime.database.mode).toBe('postgres');
  });

  it("see each other's documents: listed and read back byte for byte on the other replica", async () => {
    const uploads: Array<{ id: string; content: Buffer }> = [];
    for (const [replica, type] of [
      [a, 'commercial_invoice'],
      [b, 'packing_list'],
    ] as const) {
      const content = pdf(`uploaded through ${replica === a ? 'a' : 'b'}`);
      const res = await uploadDocument(
        replica,
        shipment.id,
        [
          { name: 'type', value: type },
          { name: 'file', filename: `${type}.pdf`, content },
        ],
        team.apiKey,
      );
      expect(res.status).toBe(201);
      uploads.push({ id: res.body.id, content });
    }
    const [viaA, viaB] = uploads;

    for (const replica of [a, b]) {
      const listed = await replica.api(`/shipments/${shipment.id}/documents`, { key: team.apiKey });
      expect(listed.body.documents.map((d: any) => d.id)).toEqual([viaA.id, viaB.id]);
    }
    expect((await storedDocument(b, viaA.id))?.equals(viaA.content)).toBe(true);
    expect((await storedDocument(a, viaB.id))?.equals(viaB.content)).toBe(true);
  });

  it('stream a 10 MB document in through one replica and out through the other, in chunks', async () => {
    const expected = await sha256Of(largePdf(10 * MB)());
    const res = await uploadDocument(
      a,
      shipment.id,
      [
        { name: 'type', value: 'other' },
        { name: 'file', filename: 'big.pdf', content: largePdf(10 * MB) },
      ],
      team.apiKey,
    );
    expect(res.status).toBe(201);
    const [row] = await a.runtime.database.dataSource.query('SELECT chunks, size_bytes FROM document_contents WHERE document_id = $1', [
      res.body.id,
    ]);
    expect(Number(row.size_bytes)).toBe(10 * MB);
    expect(row.chunks).toBe(40);
    const content = await b.app.get<DocumentStorePort>(DOCUMENT_STORE).open(res.body.id);
    // Read back one chunk at a time, each let go of once passed on: every chunk is watched through
    // a WeakRef, and after a collection (every 1 MB read) none passed on before the last two is
    // still alive. What this process holds as a whole also counts the other replica's and the
    // queue workers' buffers of the moment (a 10 MB upload's among them), so it is not the measure.
    const chunks: Array<WeakRef<Buffer>> = [];
    const alive: number[][] = [];
    let largest = 0;
    const measured = await sha256Of(
      (async function* () {
        for await (const chunk of content!) {
          largest = Math.max(largest, chunk.length);
          chunks.push(new WeakRef(chunk));
          yield chunk;
          if (chunks.length % 4 === 0) {
            // A WeakRef's target is kept until the task that made it ends: collect in a later one.
            await new Promise((resolve) => setImmediate(resolve));
            collectGarbage();
            alive.push(chunks.slice(0, -2).flatMap((ref, seq) => (ref.deref() ? [seq] : [])));
          }
        }
      })(),
    );
    expect(measured).toEqual(expected);
    expect(chunks).toHaveLength(40);
    expect(largest).toBeLessThanOrEqual(MB);
    expect(alive).toEqual(Array.from({ length: 10 }, () => []));
  });

  it('never show a staged upload, and sweep what a crash left behind', async () => {
    const store = a.app.get<DocumentStorePort>(DOCUMENT_STORE);
    const ds = a.runtime.database.dataSource;
    const chunksOf = async (uploadId: string) =>
      Number((await ds.query('SELECT count(*) AS n FROM document_chunks WHERE upload_id = $1', [uploadId]))[0].n);

    // Cut short mid-stream: what was written is removed at once.
    const broken = (async function* () {
      yield Buffer.alloc(300 * 1024, 0x25);
      throw new Error('connection reset');
    })();
    await expect(store.stage(broken, STAGE)).rejects.toThrow('connection reset');
    const [{ n: leftover }] = await ds.query(
      `SELECT (SELECT count(*) FROM document_uploads)
            + (SELECT count(*) FROM document_chunks c WHERE NOT EXISTS (SELECT 1 FROM document_contents m WHERE m.upload_id = c.upload_id)) AS n`,
    );
    expect(Number(leftover)).toBe(0);

    // Staged, never committed (the process died before): invisible under any id, then swept.
    const staged = await store.stage(pieces(pdf('staged')), STAGE);
    expect(await chunksOf(staged.stagingKey)).toBeGreaterThan(0);
    // Committed, but the metadata row never written (died between the two): swept too.
    const orphan = await store.stage(pieces(pdf('orphan')), STAGE);
    const orphanId = randomUUID();
    await store.commit(orphan, orphanId);
    expect(await storedDocument(b, orphanId)).not.toBeNull();
    // A document with its metadata row stays.
    const kept = await uploadDocument(
      a,
      shipment.id,
      [
        { name: 'type', value: 'other' },
        { name: 'file', filename: 'kept.pdf', content: pdf('kept') },
      ],
      team.apiKey,
    );
    expect(kept.status).toBe(201);

    expect(await store.sweepStaging(60_000)).toBe(0);
    expect(await store.sweepStaging(0)).toBe(2);
    expect(await chunksOf(staged.stagingKey)).toBe(0);
    // Committing what the sweep took is refused rather than half-done.
    await expect(store.commit(staged, randomUUID())).rejects.toThrow('no longer exists');
    expect(await storedDocument(b, orphanId)).toBeNull();
    expect(await chunksOf(orphan.stagingKey)).toBe(0);
    expect(await storedDocument(b, kept.body.id)).not.toBeNull();
  });
});
