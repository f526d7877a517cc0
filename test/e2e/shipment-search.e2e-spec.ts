import { addCalendarDays, riyadhDateOf } from '@lgw/kernel';
import { FastCsvCodec } from '@lgw/platform';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';
import { book } from '../support/booking';
import { CARRIER_CODES } from '../support/carriers';
import { batchCsv, uploadBatch, validRow } from '../support/batch-csv';

/**
 * Finding shipments (docs/api.md "Search and export"): GET /shipments by tracking number,
 * reference, phone, carrier, Riyadh days and destination city; unknown parameters refused; the
 * same filters as a CSV download; the team's fulfilment batches paged; every validation problem
 * listed.
 */
describe('shipment search, export and the batch list', () => {
  let t: TestApp;
  let team: TestTeam;
  let other: TestTeam;
  const booked: any[] = [];

  const list = (query: string, key = team.apiKey) => t.api(`/shipments?${query}`, { key });

  async function csvRows(text: string): Promise<string[][]> {
    const rows: string[][] = [];
    for await (const row of new FastCsvCodec().parse(
      (async function* () {
        yield Buffer.from(text);
      })(),
    ))
      rows.push(row);
    return rows;
  }

  beforeAll(async () => {
    t = await bootTestApp();
    team = await t.createTeam('Searcher');
    other = await t.createTeam('Other');
    await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 10_000 });
    const [first, second] = [CARRIER_CODES[0], CARRIER_CODES[1] ?? CARRIER_CODES[0]];
    booked.push(await book(t, team, first, { reference: 'ORDER-1001' }));
    booked.push(await book(t, team, second, { reference: 'ORDER-1002' }));
    booked.push(await book(t, team, first, { reference: 'SHOP-77' }));
    // Another team's shipment with the same reference is never found.
    await book(t, other, first, { reference: 'ORDER-1001' });
  }, 120_000);
  afterAll(() => t.close());

  it('finds by reference, tracking number or gateway reference, exact or prefix', async () => {
    const prefix = await list('q=ORDER-');
    expect(prefix.status).toBe(200);
    expect(prefix.body.shipments.map((s: any) => s.reference)).toEqual(['ORDER-1002', 'ORDER-1001']);
    expect(prefix.body.total).toBe(2);
    const exact = await list('q=ORDER-1001');
    expect(exact.body.shipments.map((s: any) => s.id)).toEqual([booked[0].id]);
    const tracking = await list(`q=${encodeURIComponent(booked[2].tracking_number)}`);
    expect(tracking.body.shipments.map((s: any) => s.id)).toEqual([booked[2].id]);
    const trackingPrefix = await list(`q=${encodeURIComponent(booked[1].tracking_number.slice(0, -2))}`);
    expect(trackingPrefix.body.shipments.map((s: any) => s.id)).toContain(booked[1].id);
    // LIKE wildcards are text, not patterns.
    expect((await list('q=%25')).body.total).toBe(0);
    expect((await list('q=ORDER_1001')).body.total).toBe(0);
  });

  it("finds by the recipient's phone", async () => {
    const phone = booked[0].destination.phone as string;
    expect(phone).toMatch(/^\d+$/);
    expect((await list(`q=${phone}`)).body.total).toBe(3);
    expect((await list(`q=${phone.slice(0, 6)}`)).body.total).toBe(3);
    expect((await list('q=000000')).body.total).toBe(0);
  });

  it('finds a Saudi mobile as people type it: local 05…, +966, 00966, Arabic-Indic digits and spaces', async () => {
    expect(booked[0].destination.phone).toBe('966598765432');
    for (const typed of ['0598765432', '059876', '+966598765432', '00966598765432', '٠٥٩٨٧٦٥٤٣٢', '059 876 5432', '598765432']) {
      expect({ typed, total: (await list(`q=${encodeURIComponent(typed)}`)).body.total }).toEqual({ typed, total: 3 });
    }
    expect((await list('q=0500000000')).body.total).toBe(0);
  });

  it('finds a city by its Arabic name and its other spellings, both sides folded like the address rules', async () => {
    expect(booked[0].destination.city).toBe('Jeddah');
    for (const typed of ['جدة', 'جده', ' جدة ', 'Jiddah', 'JEDDAH', 'jedda']) {
      expect({ typed, total: (await list(`destination_city=${encodeURIComponent(typed)}`)).body.total }).toEqual({ typed, total: 3 });
    }
    // Stored in Arabic, found by its English name.
    const arabicTeam = await t.createTeam('Arabic cities');
    const arabic = await book(t, arabicTeam, CARRIER_CODES[0], { destination: { ...booked[0].destination, city: 'جدة' } });
    expect(arabic.destination.city).toBe('جدة');
    for (const typed of ['Jeddah', 'جدة']) {
      const found = await list(`destination_city=${encodeURIComponent(typed)}`, arabicTeam.apiKey);
      expect({ typed, ids: found.body.shipments.map((s: any) => s.id) }).toEqual({ typed, ids: expect.arrayContaining([arabic.id]) });
    }
    expect((await list(`destination_city=${encodeURIComponent('الرياض')}`)).body.total).toBe(0);
  });

  it('filters by carrier, destination city and Riyadh days, with the status and page', async () => {
    const carrier = booked[0].carrier.code;
    const byCarrier = await list(`carrier=${carrier}`);
    expect(byCarrier.body.shipments.every((s: any) => s.carrier.code === carrier)).toBe(true);
    expect(byCarrier.body.total).toBe(booked.filter((s) => s.carrier.code === carrier).length);

    const city = booked[0].destination.city as string;
    expect((await list(`destination_city=${encodeURIComponent(city.toUpperCase())}`)).body.total).toBe(3);
    expect((await list('destination_city=Tabuk')).body.total).toBe(0);

    // The Riyadh days the shipments were booked on hold every one of them; the day before none.
    // The days come from their created_at, not from the clock now: booked just before midnight in
    // Riyadh (21:00 UTC), they belong to the day that has just ended.
    const days = booked.map((s) => riyadhDateOf(new Date(s.created_at))).sort();
    const [firstDay, lastDay] = [days[0], days[days.length - 1]];
    const yesterday = addCalendarDays(firstDay, -1);
    expect((await list(`created_from=${firstDay}&created_to=${lastDay}`)).body.total).toBe(3);
    expect((await list(`created_to=${yesterday}`)).body.total).toBe(0);
    expect((await list(`created_from=${yesterday}&status=${booked[0].status}&limit=1`)).body).toMatchObject({ limit: 1, offset: 0 });
  });

  it('refuses unknown parameters and lists every wrong one', async () => {
    const res = await list('reference=ORDER-1001&colour=red&limit=0&created_from=2026-02-30&q=x&q=y');
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('E_VALIDATION');
    const fields = res.body.error.details.errors.map((e: any) => e.field);
    expect(fields).toEqual(['reference', 'colour', 'q', 'created_from', 'limit']);
    expect(res.body.error.details.field).toBe(fields[0]);
    expect(res.body.error.details.reason).toBe(res.body.error.details.errors[0].reason);
    const carrier = await list('carrier=nobody&created_from=2026-11-02&created_to=2026-11-01');
    expect(carrier.body.error.details.errors.map((e: any) => e.field)).toEqual(['carrier', 'created_to']);
    const export422 = await t.api('/shipments/export.csv?status=NOPE&limit=5', { key: team.apiKey });
    expect(export422.status).toBe(422);
    expect(export422.body.error.details.errors.map((e: any) => e.field)).toEqual(['limit', 'status']);
    expect(export422.body.error.details.errors[0].reason).toBe('is not a parameter of this operation');
  });

  it('exports the same filter as CSV through the CSV codec', async () => {
    const res = await t.api('/shipments/export.csv?q=ORDER-', { key: team.apiKey });
    expect(res.status).toBe(200);
    const bytes = Buffer.from(
      await (
        await fetch(`${t.url}/api/v1/shipments/export.csv?q=ORDER-`, { headers: { authorization: `Bearer ${team.apiKey}` } })
      ).arrayBuffer(),
    );
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const [header, ...rows] = await csvRows(res.text);
    expect(header).toContain('tracking_number');
    const at = (name: string) => header.indexOf(name);
    expect(rows.map((r) => r[at('reference')])).toEqual(['ORDER-1002', 'ORDER-1001']);
    expect(rows[1][at('tracking_number')]).toBe(booked[0].tracking_number);
    expect(rows[1][at('quoted_total')]).toMatch(/^\d+\.\d{2}$/);
    const all = await csvRows((await t.api('/shipments/export.csv', { key: other.apiKey })).text);
    expect(all).toHaveLength(2);
  });

  it("lists the team's fulfilment batches, newest first, paged", async () => {
    const first = await uploadBatch(t.url, team.apiKey, batchCsv([validRow(1)]), { filename: 'monday.csv' });
    const second = await uploadBatch(t.url, team.apiKey, batchCsv([validRow(2)]), { filename: 'tuesday.csv' });
    expect([first.status, second.status]).toEqual([202, 202]);
    const page = await t.api('/fulfilment/batches?limit=1', { key: team.apiKey });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ total: 2, limit: 1, offset: 0 });
    expect(page.body.batches.map((b: any) => b.id)).toEqual([second.body.id]);
    const next = await t.api('/fulfilment/batches?limit=1&offset=1', { key: team.apiKey });
    expect(next.body.batches.map((b: any) => b.filename)).toEqual(['monday.csv']);
    expect((await t.api('/fulfilment/batches', { key: other.apiKey })).body).toMatchObject({ batches: [], total: 0 });
    const unknown = await t.api('/fulfilment/batches?status=DONE', { key: team.apiKey });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.details.field).toBe('status');
  });
});
