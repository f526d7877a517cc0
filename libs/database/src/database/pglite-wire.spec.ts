import { PGlite } from '@electric-sql/pglite';
import { Client } from 'pg';
import { PgliteWire } from './pglite-wire';

/** The wire against a real PGlite, through the real pg driver. */
describe('PgliteWire', () => {
  let db: PGlite;
  const clients: Client[] = [];

  async function connect(): Promise<Client> {
    const client = new Client({ user: 'postgres', database: 'postgres', stream: () => new PgliteWire(db) });
    await client.connect();
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    db = await PGlite.create('memory://');
    await db.exec('CREATE TABLE items (id int PRIMARY KEY, label text NOT NULL)');
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.end().catch(() => undefined)));
    await db.exec('DELETE FROM items');
  });
  afterAll(() => db.close());

  it('runs simple and prepared queries, typed as PostgreSQL types them', async () => {
    const client = await connect();
    await client.query('INSERT INTO items VALUES (1, $1), (2, $2)', ['one', 'two']);
    for (let i = 0; i < 3; i++) {
      const res = await client.query({ name: 'item_by_id', text: 'SELECT id, label, now() AS at FROM items WHERE id = $1', values: [2] });
      expect(res.rows).toEqual([{ id: 2, label: 'two', at: expect.any(Date) }]);
    }
    const multi = await client.query('SELECT 1 AS a; SELECT 2 AS b');
    expect((multi as unknown as Array<{ rows: unknown[] }>).map((r) => r.rows)).toEqual([[{ a: 1 }], [{ b: 2 }]]);
  });

  it('answers an error and goes on serving the same connection', async () => {
    const client = await connect();
    await expect(client.query('INSERT INTO items VALUES (1, NULL)')).rejects.toThrow(/null value/);
    await expect(client.query({ name: 'bad', text: 'SELECT nope FROM items', values: [] })).rejects.toThrow(/nope/);
    expect((await client.query('SELECT count(*)::int AS n FROM items')).rows).toEqual([{ n: 0 }]);
  });

  it('queries issued together are answered in order', async () => {
    const client = await connect();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => client.query('SELECT $1::int AS i', [i])));
    expect(answers.map((r) => r.rows[0].i)).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it('a connection that goes away inside a transaction leaves it rolled back for the next one', async () => {
    const first = await connect();
    await first.query('BEGIN');
    await first.query("INSERT INTO items VALUES (7, 'uncommitted')");
    const closed = new Promise((resolve) => first.once('error', resolve).once('end', resolve));
    (first as unknown as { connection: { stream: PgliteWire } }).connection.stream.destroy();
    await closed;
    expect(db.isInTransaction()).toBe(false);
    const next = await connect();
    expect((await next.query('SELECT count(*)::int AS n FROM items')).rows).toEqual([{ n: 0 }]);
  });

  it("a client's Terminate ends its wire, not the database's one session", async () => {
    const first = await connect();
    await first.query("INSERT INTO items VALUES (3, 'kept')");
    await first.end();
    clients.splice(clients.indexOf(first), 1);
    const next = await connect();
    expect((await next.query('SELECT label FROM items')).rows).toEqual([{ label: 'kept' }]);
  });

  it('reassembles messages split across writes', async () => {
    const wire = new PgliteWire(db);
    const answers: Buffer[] = [];
    wire.on('data', (chunk: Buffer) => answers.push(chunk));
    const startup = startupMessage({ user: 'postgres', database: 'postgres' });
    wire.write(startup.subarray(0, 3));
    wire.write(startup.subarray(3, 11));
    await new Promise((r) => setImmediate(r));
    expect(answers).toHaveLength(0);
    wire.write(startup.subarray(11));
    await new Promise((r) => setImmediate(r));
    expect(Buffer.concat(answers)[0]).toBe(0x52); // AuthenticationOk
    answers.length = 0;
    const query = simpleQuery('SELECT 41 + 1 AS answer');
    for (const byte of query) wire.write(Buffer.from([byte]));
    await new Promise((r) => setImmediate(r));
    const reply = Buffer.concat(answers);
    expect(reply.includes(Buffer.from('42'))).toBe(true);
    expect(reply[reply.length - 6]).toBe(0x5a); // ReadyForQuery last
    wire.destroy();
  });
});

function startupMessage(params: Record<string, string>): Buffer {
  const body = Buffer.from(`${Object.entries(params).flat().join('\0')}\0\0`, 'utf8');
  const message = Buffer.alloc(8 + body.length);
  message.writeInt32BE(message.length, 0);
  message.writeInt32BE(196608, 4);
  body.copy(message, 8);
  return message;
}

function simpleQuery(sql: string): Buffer {
  const text = Buffer.from(`${sql}\0`, 'utf8');
  const message = Buffer.alloc(5 + text.length);
  message[0] = 0x51;
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return message;
}
