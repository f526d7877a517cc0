import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { book } from '../support/booking';
import { CARRIER_CODES } from '../support/carriers';
import { pdfText, savePdf, scanBarcodes } from '../support/pdf-tools';
import { getBytes, labelRendered } from '../support/printing';
import { PICKUP_CARRIERS, pickupSlotFor } from '../support/pickups';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';

describe('carrier manifests', () => {
  let t: TestApp;
  let team: TestTeam;
  let other: TestTeam;
  const dir = mkdtempSync(join(tmpdir(), 'lgw-manifests-e2e-'));
  const carrier = CARRIER_CODES[0];

  const raw = (path: string, key = team.apiKey) => getBytes(t, path, key);
  const labelled = (id: string) => labelRendered(t, team, id);

  beforeAll(async () => {
    t = await bootTestApp({ worker: true });
    team = await t.createTeam('Manifest Team');
    other = await t.createTeam('Other Manifest Team');
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists every labelled shipment of the carrier once a day, leaves cancelled ones out, and prints a bilingual sheet and a CSV', async () => {
    const ours = [
      await book(t, team, carrier, { cod_amount: 150 }),
      await book(t, team, carrier),
      await book(t, team, carrier, { cod_amount: 25.5 }),
    ];
    const cancelled = await book(t, team, carrier);
    const otherCarrier = CARRIER_CODES.length > 1 ? await book(t, team, CARRIER_CODES[1]) : undefined;
    const theirs = await book(t, other, carrier);
    for (const s of [...ours, cancelled]) await labelled(s.id);
    expect((await t.api(`/shipments/${cancelled.id}/cancel`, { method: 'POST', key: team.apiKey })).status).toBe(200);

    const created = await t.api('/manifests', { method: 'POST', key: team.apiKey, body: { carrier, date: '2026-11-25' } });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(['carrier', 'created_at', 'date', 'id', 'shipment_count']);
    expect(created.body).toMatchObject({ carrier, date: '2026-11-25', shipment_count: 3 });

    // Same day again: every shipment is on a manifest already.
    const again = await t.api('/manifests', { method: 'POST', key: team.apiKey, body: { carrier, date: '2026-11-25' } });
    expect(again.status).toBe(422);
    expect(again.body.error.details.field).toBe('carrier');

    const pdf = await raw(`/manifests/${created.body.id}.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    const path = await savePdf(dir, pdf.body);
    const text = await pdfText(path);
    for (const s of ours) expect(text).toContain(s.tracking_number);
    expect(text).not.toContain(cancelled.tracking_number);
    expect(text).not.toContain(theirs.tracking_number);
    if (otherCarrier) expect(text).not.toContain(otherCarrier.tracking_number);
    expect(text).toContain('Carrier manifest');
    expect(text).toContain('بيان تسليم الشحنات');
    expect(text).toContain('175.50'); // COD total
    // Left-to-right runs beside Arabic keep their order: the creation time and the date read as written.
    const riyadh = new Date(Date.parse(created.body.created_at) + 3 * 3600_000).toISOString();
    expect(text).toContain(`${riyadh.slice(0, 10)} ${riyadh.slice(11, 16)} +03:00`);
    expect(text.match(/2026-11-25/g)?.length).toBeGreaterThanOrEqual(2);
    expect(text).toContain('Signature');
    expect(text).toContain('التوقيع');
    const symbols = await scanBarcodes(path);
    for (const s of ours) expect(symbols).toContain(`CODE-128:${s.tracking_number}`);

    const csv = await raw(`/manifests/${created.body.id}.csv`);
    expect(csv.status).toBe(200);
    expect(csv.type).toContain('text/csv');
    expect([...csv.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.body.subarray(3).toString('utf8').trim().split('\n');
    expect(lines[0]).toBe('position,tracking_number,shipment_id,reference,recipient_name,destination_city,parcels,weight_kg,cod_sar');
    expect(lines).toHaveLength(4);
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[1])
        .sort(),
    ).toEqual(ours.map((s) => s.tracking_number).sort());
    expect(lines.find((l) => l.includes(ours[0].tracking_number))).toMatch(/,150\.00$/);

    // Another day's pickup may list them again.
    const nextDay = await t.api('/manifests', { method: 'POST', key: team.apiKey, body: { carrier, date: '2026-11-26' } });
    expect(nextDay.status).toBe(201);
    expect(nextDay.body.shipment_count).toBe(3);

    // Listed newest first, paged, the team's own only.
    const listed = await t.api('/manifests', { key: team.apiKey });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ manifests: [nextDay.body, created.body], total: 2, limit: 20, offset: 0 });
    const page = await t.api('/manifests?limit=1&offset=1', { key: team.apiKey });
    expect(page.body).toEqual({ manifests: [created.body], total: 2, limit: 1, offset: 1 });
    const theirList = (await t.api('/manifests', { key: other.apiKey })).body.manifests as Array<{ id: string }>;
    expect(theirList.map((m) => m.id)).not.toContain(created.body.id);
    const badLimit = await t.api('/manifests?limit=0', { key: team.apiKey });
    expect({ status: badLimit.status, field: badLimit.body.error?.details?.field }).toEqual({ status: 422, field: 'limit' });
  }, 120_000);

  it.each(PICKUP_CARRIERS.map((c) => c.code))(
    '%s: a shipment waiting for a collection is on the manifest of its pickup day, not of another day',
    async (code) => {
      const merchant = await t.createTeam(`Manifest Pickup ${code}`);
      const [collected, waiting] = [await book(t, merchant, code), await book(t, merchant, code)];
      for (const s of [collected, waiting]) await labelRendered(t, merchant, s.id);
      const slot = pickupSlotFor(code);
      const pickup = await t.api('/pickups', {
        method: 'POST',
        key: merchant.apiKey,
        body: { carrier: code, ...slot, shipment_ids: [collected.id] },
      });
      expect(pickup.status).toBe(201);
      expect((await t.api(`/shipments/${collected.id}`, { key: merchant.apiKey })).body.status).toBe('PICKUP_SCHEDULED');

      const otherDay = await t.api('/manifests', { method: 'POST', key: merchant.apiKey, body: { carrier: code, date: '2026-01-04' } });
      expect(otherDay.body).toMatchObject({ shipment_count: 1 });
      const sheetOfOtherDay = (await getBytes(t, `/manifests/${otherDay.body.id}.csv`, merchant.apiKey)).body.toString('utf8');
      expect(sheetOfOtherDay).toContain(waiting.tracking_number);
      expect(sheetOfOtherDay).not.toContain(collected.tracking_number);

      const pickupDay = await t.api('/manifests', {
        method: 'POST',
        key: merchant.apiKey,
        body: { carrier: code, date: slot.pickup_date },
      });
      expect(pickupDay.body).toMatchObject({ date: slot.pickup_date, shipment_count: 2 });
      const sheet = (await getBytes(t, `/manifests/${pickupDay.body.id}.csv`, merchant.apiKey)).body.toString('utf8');
      for (const s of [collected, waiting]) expect(sheet).toContain(s.tracking_number);
    },
    120_000,
  );

  it('refuses bad input with 422 and hides other teams', async () => {
    // A key of its own: the label polls above spend the first team's 60 requests a minute.
    const reader = await t.createTeam('Manifest Reader Team');
    for (const [body, field] of [
      [{ carrier: 'nope' }, 'carrier'],
      [{}, 'carrier'],
      [{ carrier, date: '2026-02-30' }, 'date'],
      [{ carrier, date: 20261125 }, 'date'],
    ] as const) {
      const res = await t.api('/manifests', { method: 'POST', key: reader.apiKey, body });
      expect(res.status).toBe(422);
      expect(res.body.error.details.field).toBe(field);
    }
    const s = await book(t, other, carrier);
    await labelRendered(t, other, s.id);
    const theirs = await t.api('/manifests', { method: 'POST', key: other.apiKey, body: { carrier } });
    expect(theirs.status).toBe(201);
    const unknown = await raw('/manifests/00000000-0000-4000-8000-000000000000.pdf', reader.apiKey);
    for (const ext of ['pdf', 'csv']) {
      const res = await raw(`/manifests/${theirs.body.id}.${ext}`, reader.apiKey);
      expect(res.status).toBe(404);
      expect(res.body.toString()).toBe(unknown.body.toString());
    }
  });
});
