import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { book } from '../support/booking';
import { FormPart, largePdf, MB, pdf, storedDocument, uploadDocument } from '../support/document-upload';
import { collectGarbage, median } from '../support/memory';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';

const DOCUMENT_FIELDS = ['filename', 'id', 'shipment_id', 'type', 'uploaded_at'];

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    let entries;
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.isDirectory()) walk(join(d, e.name));
      else out.push(relative(dir, join(d, e.name)));
    }
  };
  walk(dir);
  return out.sort();
}

describe('customs documents', () => {
  let t: TestApp;
  let team: TestTeam;
  let other: TestTeam;
  let shipment: any;
  let documentsDir: string;

  beforeAll(async () => {
    t = await bootTestApp();
    team = await t.createTeam('Documents Team');
    other = await t.createTeam('Other Team');
    for (const x of [team, other]) await t.admin('PUT', `/teams/${x.teamId}/rate-limit`, { per_minute: 100_000 });
    shipment = await book(t, team, 'sahm');
    documentsDir = join(t.runtime.config.dataDir, 'documents');
  });
  afterAll(() => t.close());

  const upload = (shipmentId: string, parts: FormPart[], key = team.apiKey) => uploadDocument(t, shipmentId, parts, key);
  const storedBytes = (id: string) => storedDocument(t, id);

  /**
   * What the store holds, by name: files under DATA_DIR/documents (embedded), or committed
   * documents and uploads' chunks in PostgreSQL. "Nothing stored" means this did not change.
   */
  async function storedState(): Promise<string[]> {
    if (t.runtime.database.mode === 'embedded') return filesUnder(documentsDir);
    const ds = t.runtime.database.dataSource;
    const contents: Array<{ document_id: string }> = await ds.query('SELECT document_id FROM document_contents');
    const chunks: Array<{ upload_id: string }> = await ds.query('SELECT DISTINCT upload_id FROM document_chunks');
    const uploads: Array<{ upload_id: string }> = await ds.query('SELECT upload_id FROM document_uploads');
    return [
      ...contents.map((r) => `contents/${r.document_id}`),
      ...chunks.map((r) => `chunks/${r.upload_id}`),
      ...uploads.map((r) => `uploads/${r.upload_id}`),
    ].sort();
  }

  /** Staged uploads never committed nor discarded. */
  async function stagedLeft(): Promise<string[]> {
    if (t.runtime.database.mode === 'embedded') return filesUnder(join(documentsDir, '.staging'));
    const rows: Array<{ upload_id: string }> = await t.runtime.database.dataSource.query(
      `SELECT upload_id FROM document_uploads
       UNION SELECT upload_id FROM document_chunks c
        WHERE NOT EXISTS (SELECT 1 FROM document_contents m WHERE m.upload_id = c.upload_id)`,
    );
    return rows.map((r) => r.upload_id);
  }

  const rowsFor = (shipmentId: string) =>
    t.runtime.database.dataSource.query('SELECT * FROM shipment_documents WHERE shipment_id = $1', [shipmentId]);

  function expectValidation(res: { status: number; body: any }, field: string) {
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'E_VALIDATION', message_en: 'Request validation failed.', details: { field } });
    expect(res.body.error.message_ar).toBeTruthy();
  }

  it('stores a PDF: 201 with the document shape, listed afterwards, the same bytes kept', async () => {
    const content = pdf('invoice');
    const res = await upload(shipment.id, [
      { name: 'type', value: 'commercial_invoice' },
      { name: 'file', filename: 'invoice.pdf', content },
    ]);
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(DOCUMENT_FIELDS);
    expect(res.body).toMatchObject({ shipment_id: shipment.id, type: 'commercial_invoice', filename: 'invoice.pdf' });
    expect(new Date(res.body.uploaded_at).toISOString()).toBe(res.body.uploaded_at);

    const listed = await t.api(`/shipments/${shipment.id}/documents`, { key: team.apiKey });
    expect(listed.status).toBe(200);
    expect(listed.body.documents).toContainEqual(res.body);

    expect((await storedBytes(res.body.id))?.equals(content)).toBe(true);
    // The stored name is the document id, never the client's filename.
    const stored = await storedState();
    expect(stored.filter((f) => f.endsWith(res.body.id))).toHaveLength(1);
    expect(stored.some((f) => f.includes('invoice'))).toBe(false);
    // With PostgreSQL nothing lands under DATA_DIR: api replicas need no shared volume.
    if (t.runtime.database.mode === 'postgres') expect(filesUnder(documentsDir)).toEqual([]);
  });

  it('accepts the type field after the file part, and lists documents in upload order', async () => {
    const s = await book(t, team, 'sahm');
    const first = await upload(s.id, [
      { name: 'file', filename: 'packing.pdf', content: pdf('packing') },
      { name: 'type', value: 'packing_list' },
    ]);
    expect(first.status).toBe(201);
    expect(first.body.type).toBe('packing_list');
    const second = await upload(s.id, [
      { name: 'type', value: 'certificate_of_origin' },
      { name: 'file', filename: 'coo.pdf', content: pdf('coo') },
    ]);
    expect(second.status).toBe(201);
    const listed = await t.api(`/shipments/${s.id}/documents`, { key: team.apiKey });
    expect(listed.body.documents.map((d: any) => d.id)).toEqual([first.body.id, second.body.id]);
  });

  it('sanitises the filename it echoes back', async () => {
    const res = await upload(shipment.id, [
      { name: 'type', value: 'other' },
      { name: 'file', filename: '../../etc/evil<script>\u202Efdp.pdf', content: pdf() },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.filename).toBe('evil_script_fdp.pdf');
  });

  it('refuses content that is not a PDF whatever its name and declared type: 422 on file, nothing stored', async () => {
    const s = await book(t, team, 'sahm');
    const before = await storedState();
    const res = await upload(s.id, [
      { name: 'type', value: 'commercial_invoice' },
      { name: 'file', filename: 'x.pdf', contentType: 'application/pdf', content: Buffer.from('PK\u0003\u0004 definitely a zip file') },
    ]);
    expectValidation(res, 'file');
    expect(await rowsFor(s.id)).toHaveLength(0);
    expect(await storedState()).toEqual(before);
  });

  it('requires both parts and a known type: 422 naming the field', async () => {
    const s = await book(t, team, 'sahm');
    expectValidation(await upload(s.id, [{ name: 'file', filename: 'a.pdf', content: pdf() }]), 'type');
    expectValidation(await upload(s.id, [{ name: 'type', value: 'packing_list' }]), 'file');
    expectValidation(
      await upload(s.id, [
        { name: 'type', value: 'invoice' },
        { name: 'file', filename: 'a.pdf', content: pdf() },
      ]),
      'type',
    );
    expectValidation(
      await upload(s.id, [
        { name: 'type', value: 'other' },
        { name: 'file', filename: 'empty.pdf', content: Buffer.alloc(0) },
      ]),
      'file',
    );
    expectValidation(
      await upload(s.id, [
        { name: 'type', value: 'other' },
        { name: 'attachment', filename: 'a.pdf', content: pdf() },
      ]),
      'file',
    );
    const twice = await upload(s.id, [
      { name: 'type', value: 'other' },
      { name: 'type', value: 'other' },
      { name: 'file', filename: 'a.pdf', content: pdf() },
    ]);
    expectValidation(twice, 'type');
    const twoFiles = await upload(s.id, [
      { name: 'type', value: 'other' },
      { name: 'file', filename: 'a.pdf', content: pdf() },
      { name: 'file', filename: 'b.pdf', content: pdf() },
    ]);
    expect(twoFiles.status).toBe(413);
    expect(twoFiles.body.error.code).toBe('E_PAYLOAD_TOO_LARGE');
    const json = await t.api(`/shipments/${s.id}/documents`, { method: 'POST', key: team.apiKey, body: { type: 'other' } });
    expect(json.status).toBe(422);
    expect(json.body.error.code).toBe('E_VALIDATION');
    expect(await rowsFor(s.id)).toHaveLength(0);
  });

  it('answers a form cut short with 422 and stores nothing', async () => {
    const s = await book(t, team, 'sahm');
    const before = await storedState();
    const boundary = 'cutshort';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nother\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf(),
    ]);
    const res = await t.api(`/shipments/${s.id}/documents`, {
      method: 'POST',
      key: team.apiKey,
      rawBody: body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expectValidation(res, 'body');
    expect(await rowsFor(s.id)).toHaveLength(0);
    expect(await storedState()).toEqual(before);
  });

  it('refuses a 15 MB upload with the error envelope, stores nothing, and never holds the file in memory', async () => {
    const s = await book(t, team, 'sahm');
    const before = await storedState();
    collectGarbage();
    const baseline = process.memoryUsage().arrayBuffers;
    // After each MB sent, after a collection: the buffers the process holds, not garbage.
    const held: number[] = [];
    const probe = () => {
      collectGarbage();
      held.push(process.memoryUsage().arrayBuffers - baseline);
    };
    const res = await upload(s.id, [
      { name: 'type', value: 'commercial_invoice' },
      { name: 'file', filename: 'huge.pdf', content: largePdf(15 * MB, probe) },
    ]);
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({
      code: 'E_PAYLOAD_TOO_LARGE',
      message_en: 'The request body or file is too large.',
      details: { field: 'file', max_bytes: 10 * MB },
    });
    expect(res.body.error.message_ar).toBeTruthy();
    expect(await rowsFor(s.id)).toHaveLength(0);
    expect(await storedState()).toEqual(before);
    expect(await stagedLeft()).toEqual([]);
    // The app runs in this process. Holding the upload shows as a climb to about 10 MB that
    // stays there (median near 9 MB); streaming stays flat. The median ignores a lone spike
    // from anything else the process allocates meanwhile.
    expect(held).toHaveLength(15);
    expect(median(held)).toBeLessThan(2 * MB);

    // The app is still serving, and a document of exactly the limit is fine.
    const atLimit = await upload(s.id, [
      { name: 'type', value: 'other' },
      { name: 'file', filename: 'max.pdf', content: largePdf(10 * MB) },
    ]);
    expect(atLimit.status).toBe(201);
  });

  it('documents the multipart form in the OpenAPI description', async () => {
    const res = await fetch(`${t.url}/api/v1/openapi.json`);
    const doc: any = await res.json();
    const op = doc.paths['/api/v1/shipments/{id}/documents'].post;
    const form = op.requestBody.content['multipart/form-data'].schema;
    const schema = form.$ref ? doc.components.schemas[form.$ref.split('/').pop()] : form;
    expect(schema.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(schema.properties.type.enum).toEqual(['commercial_invoice', 'packing_list', 'certificate_of_origin', 'other']);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['201', '404', '413', '422']));
    expect(doc.paths['/api/v1/shipments/{id}/documents'].get.responses['200']).toBeDefined();
  });

  it("answers 404 for another team's shipment and for unknown ids, reading nothing", async () => {
    for (const [id, key] of [
      [shipment.id, other.apiKey],
      [randomUUID(), team.apiKey],
      ['not-a-uuid', team.apiKey],
    ]) {
      const res = await upload(
        id,
        [
          { name: 'type', value: 'other' },
          { name: 'file', filename: 'a.pdf', content: pdf() },
        ],
        key,
      );
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('E_NOT_FOUND');
      const listed = await t.api(`/shipments/${id}/documents`, { key });
      expect(listed.status).toBe(404);
      expect(listed.body.error.code).toBe('E_NOT_FOUND');
    }
  });
});
