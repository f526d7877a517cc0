import { CLOCK, ClockPort } from '@lgw/kernel';
import { RATE_CARDS, RateCardSourcePort } from '@lgw/carrier-access';
import { SweepBillingUseCase, chargeWithoutVat } from '@lgw/billing';
import { computeChargeableWeight } from '@lgw/rating';
import { PARCELS } from '../support/fixtures';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { book } from '../support/booking';
import { pdfInfo, pdfText, savePdf, scanBarcodes } from '../support/pdf-tools';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';

const halalas = (sar: number) => Math.round(sar * 100);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const BASE = Math.ceil(Date.now() / 60_000) * 60_000 + 60_000;
const at = (minute: number) => new Date(BASE + minute * 60_000).toISOString();

describe('invoices from the billing ledger', () => {
  let t: TestApp;
  let team: TestTeam;

  beforeAll(async () => {
    t = await bootTestApp({ worker: true, env: { TRACKING_POLL_INTERVAL_MS: '200' } });
    team = await t.createTeam('Billing Team');
    await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 100_000 });
  });
  afterAll(() => t.close());

  const current = (key = team.apiKey) => t.api('/invoices/current', { key });

  /** Polls an invoice until `done` holds; the ledger is fed asynchronously by the outbox relay. */
  async function invoiceUntil(path: string, key: string, done: (body: any) => boolean, what: string): Promise<any> {
    const deadline = Date.now() + 10_000;
    let last: any;
    while (Date.now() < deadline) {
      const res = await t.api(path, { key });
      expect(res.status).toBe(200);
      last = res.body;
      if (done(last)) return last;
      await sleep(100);
    }
    throw new Error(`invoice never showed ${what}: ${JSON.stringify(last)}`);
  }

  function expectReconciled(invoice: any) {
    const lines = invoice.line_items;
    const sub = lines
      .filter((l: any) => ['shipment', 'cancellation_credit'].includes(l.cause))
      .reduce((n: number, l: any) => n + halalas(l.amount_sar), 0);
    const sur = lines
      .filter((l: any) => !['shipment', 'cancellation_credit'].includes(l.cause))
      .reduce((n: number, l: any) => n + halalas(l.amount_sar), 0);
    const vat = lines.reduce((n: number, l: any) => n + halalas(l.vat_sar), 0);
    expect(halalas(invoice.subtotal_sar)).toBe(sub);
    expect(halalas(invoice.surcharges_sar)).toBe(sur);
    expect(halalas(invoice.vat_sar)).toBe(vat);
    expect(halalas(invoice.total_sar)).toBe(sub + sur + vat);
    // SAR outside: never more than two decimals.
    for (const n of [invoice.subtotal_sar, invoice.surcharges_sar, invoice.vat_sar, invoice.total_sar])
      expect(Math.round(n * 100) / 100).toBe(n);
  }

  it('gives a team with no activity an invoice of the current Riyadh month with no lines and zeros, under a stable id', async () => {
    const quiet = await t.createTeam('Quiet Team');
    // The Riyadh month on both sides of the request: a request across a month's end may answer either.
    const riyadhMonth = () => new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 7);
    const monthBefore = riyadhMonth();
    const first = await current(quiet.apiKey);
    const month = first.body.period_start === `${monthBefore}-01` ? monthBefore : riyadhMonth();
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      period_start: `${month}-01`,
      line_items: [],
      subtotal_sar: 0,
      surcharges_sar: 0,
      vat_sar: 0,
      total_sar: 0,
    });
    expect(first.body.period_end).toMatch(new RegExp(`^${month}-(28|29|30|31)$`));
    expect((await current(quiet.apiKey)).body.id).toBe(first.body.id);
    expect((await t.api(`/invoices/${first.body.id}`, { key: team.apiKey })).status).toBe(404);
  });

  it('bills two shipments as two lines whose total is the sum of their quoted totals to the halala; a cancel adds the credit', async () => {
    const a = await book(t, team);
    const b = await book(t, team);
    const invoice = await invoiceUntil('/invoices/current', team.apiKey, (i) => i.line_items.length >= 2, 'two shipment lines');
    expect(invoice.line_items.map((l: any) => l.cause)).toEqual(['shipment', 'shipment']);
    expect(invoice.line_items.map((l: any) => l.shipment_id).sort()).toEqual([a.id, b.id].sort());
    expect(invoice.line_items.find((l: any) => l.shipment_id === a.id)).toMatchObject({
      tracking_number: a.tracking_number,
      description_en: expect.stringContaining(a.tracking_number),
      description_ar: expect.stringMatching(/[\u0600-\u06FF]/),
    });
    for (const line of invoice.line_items) expect(line.description).toBe(line.description_en);
    expect(halalas(invoice.total_sar)).toBe(halalas(a.quoted_total_sar) + halalas(b.quoted_total_sar));
    expectReconciled(invoice);

    const cancel = await t.api(`/shipments/${a.id}/cancel`, { method: 'POST', key: team.apiKey, body: {} });
    expect(cancel.status).toBe(200);
    const after = await invoiceUntil('/invoices/current', team.apiKey, (i) => i.line_items.length >= 3, 'the credit');
    const shipmentLine = after.line_items.find((l: any) => l.shipment_id === a.id && l.cause === 'shipment');
    const credit = after.line_items.find((l: any) => l.cause === 'cancellation_credit');
    expect(credit).toMatchObject({ shipment_id: a.id, amount_sar: -shipmentLine.amount_sar, vat_sar: -shipmentLine.vat_sar });
    expect(halalas(after.total_sar)).toBe(halalas(b.quoted_total_sar));
    expectReconciled(after);
  });

  it('bills a replayed outbox event once', async () => {
    const s = await book(t, team, undefined, { cod_amount: 250 });
    const before = await invoiceUntil(
      '/invoices/current',
      team.apiKey,
      (i) => i.line_items.some((l: any) => l.shipment_id === s.id && l.cause === 'cod_fee'),
      'the COD fee',
    );
    expect(before.line_items.filter((l: any) => l.shipment_id === s.id).map((l: any) => l.cause)).toEqual(['shipment', 'cod_fee']);
    expect(halalas(before.surcharges_sar)).toBeGreaterThan(0);

    const db = t.runtime.database.dataSource;
    await db.query('UPDATE outbox_events SET published_at = NULL WHERE team_id = $1', [team.teamId]);
    const deadline = Date.now() + 10_000;
    for (;;) {
      const [row] = await db.query('SELECT count(*)::int AS n FROM outbox_events WHERE team_id = $1 AND published_at IS NULL', [
        team.teamId,
      ]);
      if (row.n === 0) break;
      if (Date.now() > deadline) throw new Error('the relay never re-published the events');
      await sleep(100);
    }
    // The re-published events' jobs run after the relay marks them: give them time to (not) bill.
    await sleep(1500);
    const after = (await current()).body;
    expect(after.line_items).toEqual(before.line_items);
    expect(after.total_sar).toBe(before.total_sar);
  });

  it('bills an event whose job was lost after the relay published it, once the sweep finds it', async () => {
    const s = await book(t, team);
    await invoiceUntil('/invoices/current', team.apiKey, (i) => i.line_items.some((l: any) => l.shipment_id === s.id), 'the shipment line');
    const db = t.runtime.database.dataSource;
    // The state a crash leaves when an in-memory job dies after its event was marked published.
    await db.query('DELETE FROM billing_lines WHERE shipment_id = $1', [s.id]);
    await db.query('DELETE FROM billing_event_receipts WHERE event_id IN (SELECT id::text FROM outbox_events WHERE aggregate_id = $1)', [
      s.id,
    ]);
    const [row] = await db.query(
      "SELECT count(*)::int AS n FROM outbox_events WHERE aggregate_id = $1 AND type = 'shipment.created' AND published_at IS NOT NULL",
      [s.id],
    );
    expect(row.n).toBe(1);

    const clock = t.app.get<ClockPort>(CLOCK);
    const realNow = clock.now;
    const sweep = t.app.get(SweepBillingUseCase);
    try {
      expect(await sweep.execute()).toBe(0); // still within the grace period: its job may yet run
      clock.now = () => new Date(Date.now() + 60_000);
      expect(await sweep.execute()).toBeGreaterThanOrEqual(1);
    } finally {
      clock.now = realNow;
    }
    const after = await invoiceUntil(
      '/invoices/current',
      team.apiKey,
      (i) => i.line_items.some((l: any) => l.shipment_id === s.id),
      'the re-billed line',
    );
    expect(after.line_items.filter((l: any) => l.shipment_id === s.id).map((l: any) => l.cause)).toEqual(['shipment']);
    await sleep(300);
    clock.now = () => new Date(Date.now() + 60_000);
    try {
      expect(await sweep.execute()).toBe(0); // processed now: nothing left to sweep
    } finally {
      clock.now = realNow;
    }
  });

  it('prices a carrier-measured weight above the declared one on the same rate card, and bills a return to origin', async () => {
    const s = await book(t, team);
    const carrier = s.carrier.code;
    const inject = async (body: Record<string, unknown>) => {
      const res = await t.sandbox('POST', `/sandbox/v1/carriers/${carrier}/shipments/${s.tracking_number}/events`, body);
      expect(res.status).toBe(201);
    };
    await inject({ code: 'PICKED_UP', occurred_at: at(1) });
    await inject({ code: 'EXCEPTION', exception_type: 'WEIGHT_MISMATCH', measured_weight_kg: 4.2, occurred_at: at(2) });
    const invoice = await invoiceUntil(
      '/invoices/current',
      team.apiKey,
      (i) => i.line_items.some((l: any) => l.shipment_id === s.id && l.cause === 'weight_adjustment'),
      'the weight adjustment',
    );
    const card = t.app.get<RateCardSourcePort>(RATE_CARDS).get(s.service.code)!;
    const shipmentCharge = invoice.line_items.find((l: any) => l.shipment_id === s.id && l.cause === 'shipment').amount_sar;
    const quotedKg = computeChargeableWeight(PARCELS, card.volumetric_divisor).chargeable_kg;
    expect(halalas(shipmentCharge)).toBe(chargeWithoutVat(card, quotedKg).halalas);
    const adjustment = invoice.line_items.find((l: any) => l.shipment_id === s.id && l.cause === 'weight_adjustment');
    expect(halalas(adjustment.amount_sar)).toBe(chargeWithoutVat(card, 4.5).halalas - chargeWithoutVat(card, quotedKg).halalas);

    await inject({ code: 'IN_TRANSIT', occurred_at: at(3) });
    await inject({ code: 'OUT_FOR_DELIVERY', occurred_at: at(4) });
    await inject({ code: 'EXCEPTION', exception_type: 'FAILED_DELIVERY_ATTEMPT', occurred_at: at(5) });
    await inject({ code: 'RETURN_TO_ORIGIN', occurred_at: at(6) });
    const returned = await invoiceUntil(
      '/invoices/current',
      team.apiKey,
      (i) => i.line_items.some((l: any) => l.shipment_id === s.id && l.cause === 'return_fee'),
      'the return fee',
    );
    expect(returned.line_items.find((l: any) => l.shipment_id === s.id && l.cause === 'return_fee').amount_sar).toBe(shipmentCharge);
    expect(returned.line_items.filter((l: any) => l.shipment_id === s.id && l.cause === 'weight_adjustment')).toHaveLength(1);
    expectReconciled(returned);
  });

  it('bills a weighing reported too late to move the status, and a return reported only as RETURNED', async () => {
    const s = await book(t, team);
    const carrier = s.carrier.code;
    const inject = async (body: Record<string, unknown>) => {
      const res = await t.sandbox('POST', `/sandbox/v1/carriers/${carrier}/shipments/${s.tracking_number}/events`, body);
      expect(res.status).toBe(201);
    };
    const statusUntil = async (status: string) => {
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        if ((await t.api(`/shipments/${s.id}`, { key: team.apiKey })).body.status === status) return;
        await sleep(100);
      }
      throw new Error(`shipment never reached ${status}`);
    };
    await inject({ code: 'PICKED_UP', occurred_at: at(11) });
    await inject({ code: 'IN_TRANSIT', occurred_at: at(13) });
    await statusUntil('IN_TRANSIT');
    // Weighed at the hub before it left, reported after: history only, the status stays.
    await inject({ code: 'EXCEPTION', exception_type: 'WEIGHT_MISMATCH', measured_weight_kg: 6.1, occurred_at: at(12) });
    const weighed = await invoiceUntil(
      '/invoices/current',
      team.apiKey,
      (i) => i.line_items.some((l: any) => l.shipment_id === s.id && l.cause === 'weight_adjustment'),
      'the late weight adjustment',
    );
    expect((await t.api(`/shipments/${s.id}`, { key: team.apiKey })).body.status).toBe('IN_TRANSIT');
    const card = t.app.get<RateCardSourcePort>(RATE_CARDS).get(s.service.code)!;
    const quotedKg = computeChargeableWeight(PARCELS, card.volumetric_divisor).chargeable_kg;
    const adjustment = weighed.line_items.find((l: any) => l.shipment_id === s.id && l.cause === 'weight_adjustment');
    expect(halalas(adjustment.amount_sar)).toBe(chargeWithoutVat(card, 6.5).halalas - chargeWithoutVat(card, quotedKg).halalas);

    await inject({ code: 'OUT_FOR_DELIVERY', occurred_at: at(14) });
    await inject({ code: 'EXCEPTION', exception_type: 'FAILED_DELIVERY_ATTEMPT', occurred_at: at(15) });
    await inject({ code: 'RETURNED', occurred_at: at(16) });
    await statusUntil('RETURNED');
    const returned = await invoiceUntil(
      '/invoices/current',
      team.apiKey,
      (i) => i.line_items.some((l: any) => l.shipment_id === s.id && l.cause === 'return_fee'),
      'the return fee',
    );
    expect(returned.line_items.filter((l: any) => l.shipment_id === s.id).map((l: any) => l.cause)).toEqual([
      'shipment',
      'weight_adjustment',
      'return_fee',
    ]);
    expectReconciled(returned);
  });

  it('bills a booking at 23:30 Riyadh time on the last day of a month in that month, and one at 00:30 on the first day in the next', async () => {
    const clock = t.app.get<ClockPort>(CLOCK);
    const realNow = clock.now;
    const boundary = await t.createTeam('Month Boundary Team');
    try {
      clock.now = () => new Date('2026-10-31T20:30:00Z'); // 23:30 +03:00, 31 October
      const late = await book(t, boundary);
      clock.now = () => new Date('2026-10-31T21:30:00Z'); // 00:30 +03:00, 1 November
      const early = await book(t, boundary);

      const november = await invoiceUntil('/invoices/current', boundary.apiKey, (i) => i.line_items.length >= 1, 'the November line');
      expect(november).toMatchObject({ period_start: '2026-11-01', period_end: '2026-11-30' });
      expect(november.line_items.map((l: any) => l.shipment_id)).toEqual([early.id]);

      const list = await t.api('/invoices', { key: boundary.apiKey });
      expect(list.status).toBe(200);
      expect(list.body.invoices.map((i: any) => i.period_start)).toEqual(['2026-11-01', '2026-10-01']);
      const octoberId = list.body.invoices[1].id;
      const october = await invoiceUntil(`/invoices/${octoberId}`, boundary.apiKey, (i) => i.line_items.length >= 1, 'the October line');
      expect(october).toMatchObject({ id: octoberId, period_start: '2026-10-01', period_end: '2026-10-31' });
      expect(october.line_items.map((l: any) => l.shipment_id)).toEqual([late.id]);
      expect(halalas(october.total_sar)).toBe(halalas(late.quoted_total_sar));
      expect(list.body.invoices[1]).toMatchObject({ line_count: 1, total_sar: october.total_sar });

      // A period that has not started yet is not an invoice.
      expect((await t.api(`/invoices/${octoberId.replace('202610', '202612')}`, { key: boundary.apiKey })).status).toBe(404);
    } finally {
      clock.now = realNow;
    }
  });

  it('prints a bilingual A4 simplified tax invoice whose QR code holds the e-invoicing TLV fields', async () => {
    const s = await book(t, team, undefined, { cod_amount: 99.5 });
    const invoice = await invoiceUntil(
      '/invoices/current',
      team.apiKey,
      (i) => i.line_items.some((l: any) => l.shipment_id === s.id && l.cause === 'cod_fee'),
      'lines',
    );
    const res = await fetch(`${t.url}/api/v1/invoices/${invoice.id}.pdf`, { headers: { authorization: `Bearer ${team.apiKey}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await res.arrayBuffer());
    const dir = mkdtempSync(join(tmpdir(), 'lgw-invoice-'));
    try {
      const path = await savePdf(dir, pdf);
      const info = await pdfInfo(path);
      // A4 is 595.28 × 841.89 pt; Chromium rounds the page to whole CSS pixels (under 1 pt off).
      expect(Math.abs(info.width - (210 / 25.4) * 72)).toBeLessThan(1);
      expect(Math.abs(info.height - (297 / 25.4) * 72)).toBeLessThan(1.5);
      const text = await pdfText(path);
      expect(text).toContain('Simplified Tax Invoice');
      expect(text).toContain('فاتورة ضريبية مبسطة');
      expect(text).toContain('Logistics Gateway');
      expect(text).toContain('300000000000003');
      expect(text).toContain(invoice.id);
      expect(text).toContain(invoice.line_items[0].tracking_number);

      const [symbol] = (await scanBarcodes(path)).filter((s) => s.startsWith('QR-Code:'));
      const tlv = Buffer.from(symbol.slice('QR-Code:'.length), 'base64');
      const fields = new Map<number, string>();
      for (let i = 0; i < tlv.length; i += 2 + tlv[i + 1]) fields.set(tlv[i], tlv.subarray(i + 2, i + 2 + tlv[i + 1]).toString('utf8'));
      expect(fields.get(1)).toBe('Logistics Gateway Co.');
      expect(fields.get(2)).toBe('300000000000003');
      expect(new Date(fields.get(3)!).getTime()).toBe(Math.floor(new Date(invoice.updated_at).getTime() / 1000) * 1000);
      expect(fields.get(4)).toBe(invoice.total_sar.toFixed(2));
      expect(fields.get(5)).toBe(invoice.vat_sar.toFixed(2));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const current = await fetch(`${t.url}/api/v1/invoices/current.pdf`, { headers: { authorization: `Bearer ${team.apiKey}` } });
    expect(current.status).toBe(200);
    expect(
      Buffer.from(await current.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const foreign = await fetch(`${t.url}/api/v1/invoices/${invoice.id}.pdf`, {
      headers: { authorization: `Bearer ${(await t.createTeam('PDF Other')).apiKey}` },
    });
    expect(foreign.status).toBe(404);
  });

  it("answers 404 with the envelope for malformed ids and other teams' invoices", async () => {
    const other = await t.createTeam('Other Billing Team');
    const mine = (await current()).body.id;
    for (const [id, key] of [
      ['nope', team.apiKey],
      [mine, other.apiKey],
    ]) {
      const res = await t.api(`/invoices/${id}`, { key });
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ code: 'E_NOT_FOUND', message_en: expect.any(String), message_ar: expect.any(String) });
    }
  });
});
