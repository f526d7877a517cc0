import { randomUUID } from 'node:crypto';
import { Database } from '@lgw/database';
import { SqlLabelStore } from '@lgw/shipping/persistence/labels/sql-label.store';
import { openTestDatabase, SERVICES_MODE } from '../support/test-mode';

const AT = new Date('2026-01-10T12:00:00.000Z');
const RIYADH = { city: 'Riyadh', country: 'SA', line1: 'King Fahd Road' };

describe(`label store: a print's labels in one transaction (${SERVICES_MODE ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  let db: Database;
  let store: SqlLabelStore;
  let close: () => Promise<void>;
  const teamId = randomUUID();

  beforeAll(async () => {
    ({ db, close } = await openTestDatabase({ inMemory: true }));
    store = new SqlLabelStore(db.dataSource);
    await db.dataSource.query('INSERT INTO teams (id, name) VALUES ($1, $2)', [teamId, 'Labels']);
  });
  afterAll(() => close());

  async function booked(): Promise<string> {
    const id = randomUUID();
    await db.dataSource.query(
      `INSERT INTO shipments (id, team_id, quote_id, service_reference, carrier_code, service_code, tracking_number,
         carrier_reference, status, progress, last_event_at, lane, origin, destination, parcels, chargeable_kg,
         quoted_total_halalas, estimated_delivery_at, created_at, updated_at)
       VALUES ($1, $2, $3, 'LGW1', 'darb', 'std', $4, 'ref', 'CREATED', 'CREATED', $5, 'domestic', '{}', $6, '[]', 1, 100, $5, $5, $5)`,
      [id, teamId, randomUUID(), `TN-${id}`, AT, JSON.stringify(RIYADH)],
    );
    return id;
  }
  const record = async (id: string) => (await store.findShipment(id))!;
  const pdf = (text: string) => Buffer.from(`%PDF-1.4 ${text}`);
  const statusOf = async (id: string): Promise<string> =>
    (await db.dataSource.query('SELECT status FROM shipments WHERE id = $1', [id]))[0].status;
  const labelOf = async (id: string): Promise<Buffer | null> => (await store.find(id)) ?? null;
  const count = async (table: string, column: string, id: string): Promise<number> =>
    Number((await db.dataSource.query(`SELECT count(*) AS n FROM ${table} WHERE ${column} = $1`, [id]))[0].n);

  it('stores new labels and advances their shipments, keeps a label stored before, and stores nothing for a changed destination', async () => {
    const fresh = await booked();
    const moved = await booked();
    const before = await booked();
    const movedRecord = await record(moved);
    await db.dataSource.query(`UPDATE shipments SET destination = $2 WHERE id = $1`, [
      moved,
      JSON.stringify({ ...RIYADH, line1: 'Olaya' }),
    ]);
    const [earlier] = await store.saveAndAdvanceMany([{ shipment: await record(before), pdf: pdf('earlier') }], AT, (s) =>
      s.recordLabelGenerated(AT),
    );
    expect(earlier).toEqual(pdf('earlier'));
    const outboxBefore = await count('outbox_events', 'aggregate_id', before);

    const kept = await store.saveAndAdvanceMany(
      [
        { shipment: await record(fresh), pdf: pdf('fresh') },
        { shipment: movedRecord, pdf: pdf('moved') },
        { shipment: await record(before), pdf: pdf('second drawing') },
      ],
      AT,
      (s) => s.recordLabelGenerated(AT),
    );

    expect(kept).toEqual([pdf('fresh'), null, pdf('earlier')]);
    expect(await labelOf(fresh)).toEqual(pdf('fresh'));
    expect(await labelOf(moved)).toBeNull();
    expect(await labelOf(before)).toEqual(pdf('earlier'));
    expect([await statusOf(fresh), await statusOf(moved), await statusOf(before)]).toEqual([
      'LABEL_GENERATED',
      'CREATED',
      'LABEL_GENERATED',
    ]);
    // The step is recorded once, by whoever stored the label first.
    expect(await count('outbox_events', 'aggregate_id', fresh)).toBe(1);
    expect(await count('outbox_events', 'aggregate_id', moved)).toBe(0);
    expect(await count('outbox_events', 'aggregate_id', before)).toBe(outboxBefore);
    expect(await count('tracking_events', 'shipment_id', before)).toBe(1);
  });

  it('stores a shipment named twice in one print once, and answers its bytes at both places', async () => {
    const id = await booked();
    const shipment = await record(id);
    const kept = await store.saveAndAdvanceMany(
      [
        { shipment, pdf: pdf('first') },
        { shipment, pdf: pdf('first') },
      ],
      AT,
      (s) => s.recordLabelGenerated(AT),
    );
    expect(kept).toEqual([pdf('first'), pdf('first')]);
    expect(await count('tracking_events', 'shipment_id', id)).toBe(1);
  });

  it('lets two prints of the same shipments, named in opposite orders, both finish: each label stored and recorded once', async () => {
    const ids = await Promise.all(Array.from({ length: 30 }, () => booked()));
    const records = await Promise.all(ids.map(record));
    const print = (order: typeof records, text: string) =>
      store.saveAndAdvanceMany(
        order.map((shipment) => ({ shipment, pdf: pdf(text) })),
        AT,
        (s) => s.recordLabelGenerated(AT),
      );
    const [one, other] = await Promise.all([print(records, 'one'), print([...records].reverse(), 'other')]);
    for (let i = 0; i < ids.length; i++) {
      const stored = await labelOf(ids[i]);
      expect([pdf('one'), pdf('other')]).toContainEqual(stored);
      expect(one[i]).toEqual(stored);
      expect(other[ids.length - 1 - i]).toEqual(stored);
      expect(await count('tracking_events', 'shipment_id', ids[i])).toBe(1);
      expect(await count('outbox_events', 'aggregate_id', ids[i])).toBe(1);
    }
  });

  it('writes nothing of the print when one shipment cannot be advanced: one transaction', async () => {
    const ok = await booked();
    const failing = await booked();
    await expect(
      store.saveAndAdvanceMany(
        [
          { shipment: await record(ok), pdf: pdf('ok') },
          { shipment: await record(failing), pdf: pdf('failing') },
        ],
        AT,
        (s) => {
          if (s.id === failing) throw new Error('advance failed');
          s.recordLabelGenerated(AT);
        },
      ),
    ).rejects.toThrow('advance failed');
    expect(await labelOf(ok)).toBeNull();
    expect(await statusOf(ok)).toBe('CREATED');
    expect(await count('outbox_events', 'aggregate_id', ok)).toBe(0);
  });

  it("answers a print's shipments without a stored label in one read, in the order asked", async () => {
    const [a, labelled, b] = [await booked(), await booked(), await booked()];
    await store.saveAndAdvanceMany([{ shipment: await record(labelled), pdf: pdf('kept') }], AT, (s) => s.recordLabelGenerated(AT));
    const unknown = randomUUID();
    const due = await store.unlabelledShipments([b, 'not-a-uuid', labelled, unknown, a]);
    expect(due.map((s) => s.id)).toEqual([b, a]);
    expect(due[0]).toEqual(await record(b));
    expect(await store.unlabelledShipments([])).toEqual([]);
  });

  it("reads a chunk's stored labels in one read, each in its format, null where none is stored or the shipment is another team's", async () => {
    const [a6, fourBySix, bare] = [await booked(), await booked(), await booked()];
    for (const id of [a6, fourBySix]) {
      await store.saveAndAdvanceMany([{ shipment: await record(id), pdf: pdf(`a6 ${id}`) }], AT, (s) => s.recordLabelGenerated(AT));
    }
    await store.saveFormat(fourBySix, 'pdf_4x6', pdf('4x6'), AT);
    const asked = [
      { shipmentId: fourBySix, format: 'pdf_4x6' as const },
      { shipmentId: bare, format: 'pdf_a6' as const },
      { shipmentId: 'not-a-uuid', format: 'pdf_a6' as const },
      { shipmentId: a6, format: 'zpl' as const },
      { shipmentId: a6, format: 'pdf_a6' as const },
    ];
    expect(await store.storedBodies(teamId, asked)).toEqual([pdf('4x6'), null, null, null, pdf(`a6 ${a6}`)]);
    expect(await store.storedBodies(randomUUID(), asked)).toEqual([null, null, null, null, null]);
    expect(await store.storedBodies(teamId, [])).toEqual([]);
  });
});
