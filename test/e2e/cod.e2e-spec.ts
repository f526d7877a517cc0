import { CARRIERS } from '@lgw/carriers';
import { codFee, COD_MAX_SAR, Lane } from '@lgw/kernel';
import { eligibleServiceLevels } from '@lgw/rating';
import { PLATFORM_SANDBOX_ACCOUNT } from '@lgw/carriers/shared/sandbox';
import { openSandboxAccount } from '../support/carrier-connections';
import { lacks } from '../support/carriers';
import { DUBAI, JEDDAH, PARCELS, ratesBody, RIYADH } from '../support/fixtures';
import { eventually } from '../support/eventually';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';
import { startWebhookReceiver, WebhookReceiver } from '../support/webhook-receiver';

const halalas = (sar: number) => Math.round(sar * 100);
const ARABIC = /[\u0600-\u06FF]/;
/** Whole minutes from the next full minute: one carrier reports times to the minute only. */
const BASE = Math.ceil(Date.now() / 60_000) * 60_000 + 60_000;
const at = (minute: number) => new Date(BASE + minute * 60_000).toISOString();

const DESCRIPTORS = CARRIERS.map((c) => c.descriptor);
/** A destination per lane kind, for the carriers' declared lanes. */
const DESTINATION: Partial<Record<Lane, Record<string, unknown>>> = { domestic: JEDDAH, gcc: DUBAI };

/** Every carrier of the registry with one lane on which one of its levels collects cash. */
const COD_LANES = DESCRIPTORS.flatMap((carrier) => {
  const level = carrier.service_levels.find((l) => l.cash_on_delivery === true && l.lanes.some((lane) => DESTINATION[lane]));
  const lane = level?.lanes.find((l) => DESTINATION[l]);
  return level && lane ? [{ carrier: carrier.code, service: level.code, destination: DESTINATION[lane]! }] : [];
});

/** A covered destination country where some level is quoted but none collects cash (from the registry). */
function laneWithoutCod(): string | undefined {
  const countries = [...new Set(DESCRIPTORS.flatMap((c) => c.coverage_countries))];
  return countries.find((country) => {
    const levels = eligibleServiceLevels(DESCRIPTORS, 'SA', country);
    return levels.length > 0 && levels.every((l) => l.service.cash_on_delivery !== true);
  });
}

describe('cash on delivery', () => {
  let t: TestApp;
  let team: TestTeam;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await bootTestApp({
      worker: true,
      env: { TRACKING_POLL_INTERVAL_MS: '200', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_CA_FILE: receiver.caFile },
    });
    team = await t.createTeam('COD Team');
    await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 100_000 });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const rates = (body: Record<string, unknown>, key = team.apiKey) => t.api('/rates', { method: 'POST', key, body });
  const post = (body: Record<string, unknown>, key = team.apiKey) => t.api('/shipments', { method: 'POST', key, body });

  async function quote(carrier: string, destination: Record<string, unknown>, cod?: number, key = team.apiKey) {
    const body = ratesBody({ destination, ...(cod !== undefined ? { cod_amount: cod } : {}) });
    const res = await rates(body, key);
    expect(res.status).toBe(200);
    const found = res.body.quotes.find((q: any) => q.carrier.code === carrier);
    if (!found) throw new Error(`no quote for ${carrier}: ${res.text}`);
    return { quote: found, body, all: res.body.quotes };
  }

  async function bookCod(carrier: string, destination: Record<string, unknown>, cod: number, key = team.apiKey) {
    const { quote: q, body } = await quote(carrier, destination, cod, key);
    const res = await post({ quote_id: q.quote_id, ...body }, key);
    expect(res.status).toBe(201);
    return { shipment: res.body, quote: q };
  }

  describe('priced in the quote', () => {
    it.each(COD_LANES)('$carrier: quotes without COD have no cod_fee; with COD a cod_fee line inside VAT and total', async (lane) => {
      const without = await quote(lane.carrier, lane.destination);
      expect(without.all.every((q: any) => q.breakdown.every((l: any) => l.code !== 'cod_fee'))).toBe(true);

      const cod = 1234.56;
      const withCod = await quote(lane.carrier, lane.destination, cod);
      const fee = codFee(halalas(cod)).halalas;
      for (const q of withCod.all) {
        const level = DESCRIPTORS.find((c) => c.code === q.carrier.code)!.service_levels.find((l) => l.code === q.service.code)!;
        expect(level.cash_on_delivery).toBe(true);
        expect(q.breakdown.map((l: any) => l.code)).toEqual(['base', 'weight_charge', 'fuel_surcharge', 'cod_fee', 'vat']);
        const line = (code: string) => halalas(q.breakdown.find((l: any) => l.code === code).amount_sar);
        expect(line('cod_fee')).toBe(fee);
        const cf = q.breakdown.find((l: any) => l.code === 'cod_fee');
        expect(cf.label_en).toMatch(/cash on delivery/i);
        expect(cf.label_ar).toMatch(ARABIC);
        const beforeVat = line('base') + line('weight_charge') + line('fuel_surcharge') + line('cod_fee');
        expect(line('vat')).toBe(Math.round((beforeVat * 15) / 100));
        expect(halalas(q.total_sar)).toBe(beforeVat + line('vat'));
      }
      // Same price lines otherwise: the fee and its VAT are the whole difference.
      const same = without.all.find((q: any) => q.service.code === withCod.quote.service.code);
      const diff = halalas(withCod.quote.total_sar) - halalas(same.total_sar);
      expect(diff).toBeGreaterThanOrEqual(fee);
      expect(diff - fee).toBeLessThanOrEqual(Math.round((fee * 15) / 100) + 1);
      // Levels that cannot collect cash are left out.
      const codLevels = without.all.filter((q: any) => {
        const carrier = DESCRIPTORS.find((c) => c.code === q.carrier.code)!;
        return carrier.service_levels.find((l) => l.code === q.service.code)!.cash_on_delivery === true;
      });
      expect(withCod.all.map((q: any) => q.service.code).sort()).toEqual(codLevels.map((q: any) => q.service.code).sort());
    });

    it('answers an empty list with a bilingual COD_NOT_AVAILABLE warning on a lane where no level collects cash', async () => {
      const country = laneWithoutCod();
      expect(country).toBeDefined();
      const destination = { name: 'Buyer', line1: 'Main Street 1', city: 'Capital', country, phone: '971501234567' };
      const plain = await rates({ origin: RIYADH, destination, parcels: PARCELS });
      expect(plain.status).toBe(200);
      expect(plain.body.quotes.length).toBeGreaterThan(0);
      expect(plain.body.warnings).toBeUndefined();
      const res = await rates({ origin: RIYADH, destination, parcels: PARCELS, cod_amount: 100 });
      expect(res.status).toBe(200);
      expect(res.body.quotes).toEqual([]);
      expect(res.body.warnings).toEqual([
        { code: 'COD_NOT_AVAILABLE', message_en: expect.stringMatching(/cash on delivery/), message_ar: expect.stringMatching(ARABIC) },
      ]);
    });

    it.each([
      ['negative', -5],
      ['zero', 0],
      ['non-numeric', 'abc'],
      ['three decimals', 1.234],
      ['over the ceiling', COD_MAX_SAR + 0.01],
    ])('refuses a %s cod_amount with 422 naming the field, at rating and at booking', async (_what, value) => {
      for (const path of ['/rates', '/shipments']) {
        const res = await t.api(path, { method: 'POST', key: team.apiKey, body: { ...ratesBody({ cod_amount: value }), quote_id: 'x' } });
        expect(res.status).toBe(422);
        expect(res.body.error).toMatchObject({ code: 'E_VALIDATION', details: { field: 'cod_amount' } });
      }
    });

    it('accepts the ceiling itself', async () => {
      const { quote: q } = await quote(COD_LANES[0].carrier, COD_LANES[0].destination, COD_MAX_SAR);
      expect(halalas(q.breakdown.find((l: any) => l.code === 'cod_fee').amount_sar)).toBe(codFee(halalas(COD_MAX_SAR)).halalas);
    });

    it('books the cash the quote was rated with (cod_amount absent or equal); another amount or one added is refused, telling to rate again, and the quote stays usable', async () => {
      const lane = COD_LANES[0];
      const priced = await quote(lane.carrier, lane.destination, 100);
      const fee = priced.quote.breakdown.find((l: any) => l.code === 'cod_fee').amount_sar;
      const other = await post({ quote_id: priced.quote.quote_id, ...priced.body, cod_amount: 150 });
      expect(other.status).toBe(422);
      expect(other.body.error.code).toBe('E_VALIDATION');
      expect(other.body.error.details.field).toBe('cod_amount');
      expect(other.body.error.details.reason).toMatch(/request a new rate with that cod_amount/);
      expect(other.body.error.details.reason_ar).toMatch(/اطلب سعراً جديداً/);
      const plain = await quote(lane.carrier, lane.destination);
      const added = await post({ quote_id: plain.quote.quote_id, ...plain.body, cod_amount: 100 });
      expect(added.status).toBe(422);
      expect(added.body.error.details).toMatchObject({ field: 'cod_amount' });
      expect(added.body.error.details.reason).toMatch(/request a new rate with cod_amount/);

      const ok = await post({ quote_id: priced.quote.quote_id, ...priced.body });
      expect(ok.status).toBe(201);
      expect(ok.body.cod).toMatchObject({ amount_sar: 100, fee_sar: fee });
      const plainOk = await post({ quote_id: plain.quote.quote_id, ...plain.body });
      expect(plainOk.status).toBe(201);
      expect(plainOk.body.cod).toBeNull();

      // The quote carries the cash: a booking that leaves cod_amount out collects what was quoted, at the quoted fee.
      const carried = await quote(lane.carrier, lane.destination, 100);
      const { cod_amount: _omit, ...withoutCod } = carried.body;
      const booked = await post({ quote_id: carried.quote.quote_id, ...withoutCod });
      expect(booked.status).toBe(201);
      expect(booked.body.cod).toMatchObject({ amount_sar: 100, fee_sar: fee });
    });

    it('bills exactly the quote: every invoice line of a COD shipment is a quoted line, and they add up to the quoted total', async () => {
      const billing = await t.createTeam('COD Billing');
      await t.admin('PUT', `/teams/${billing.teamId}/rate-limit`, { per_minute: 100_000 });
      const lane = COD_LANES[0];
      const body = ratesBody({ destination: lane.destination, cod_amount: 777.77 });
      const rated = await rates(body, billing.apiKey);
      const q = rated.body.quotes[0];
      const booked = await post({ quote_id: q.quote_id, ...body }, billing.apiKey);
      expect(booked.status).toBe(201);
      const invoice = await eventually('the booking billed', async () => {
        const res = await t.api('/invoices/current', { key: billing.apiKey });
        return res.body.line_items?.length >= 2 ? res.body : undefined;
      });
      const line = (code: string) => halalas(q.breakdown.find((l: any) => l.code === code)?.amount_sar ?? 0);
      const quoted: Record<string, number> = {
        shipment: line('base') + line('weight_charge') + line('fuel_surcharge'),
        cod_fee: line('cod_fee'),
      };
      for (const item of invoice.line_items) {
        expect(item.shipment_id).toBe(booked.body.id);
        // A cause the quote did not show would be a charge the merchant was never quoted.
        expect(Object.keys(quoted)).toContain(item.cause);
        expect(halalas(item.amount_sar)).toBe(quoted[item.cause]);
      }
      expect(invoice.line_items.map((l: any) => l.cause).sort()).toEqual(['cod_fee', 'shipment']);
      expect(halalas(invoice.total_sar)).toBe(halalas(q.total_sar));
    });
  });

  describe('collected at the door', () => {
    async function inject(carrier: string, tn: string, body: Record<string, unknown>) {
      const res = await t.sandbox('POST', `/sandbox/v1/carriers/${carrier}/shipments/${tn}/events`, body);
      if (res.status !== 201) throw new Error(`sandbox refused the event: ${res.status} ${res.text}`);
    }
    const codOf = (id: string, status: string) =>
      eventually(
        `cod ${status}`,
        async () => {
          const res = await t.api(`/shipments/${id}`, { key: team.apiKey });
          return res.body.cod?.status === status ? res.body.cod : undefined;
        },
        10_000,
      );

    it.each(COD_LANES)('$carrier: full collection (the default) is COLLECTED; short and zero are DISCREPANCY', async (lane) => {
      const full = await bookCod(lane.carrier, lane.destination, 250.5);
      expect(full.shipment.cod).toEqual({
        amount_sar: 250.5,
        fee_sar: full.quote.breakdown.find((l: any) => l.code === 'cod_fee').amount_sar,
        status: 'PENDING',
        collected_sar: null,
        collected_at: null,
        remittance_id: null,
      });
      await inject(lane.carrier, full.shipment.tracking_number, { code: 'DELIVERED', occurred_at: at(1) });
      const collected = await codOf(full.shipment.id, 'COLLECTED');
      expect(collected).toMatchObject({ amount_sar: 250.5, collected_sar: 250.5, remittance_id: null });
      expect(Date.parse(collected.collected_at)).toBe(Date.parse(at(1)));

      // A carrier that reports only the amount booked, or no amount at all, cannot tell a short collection (docs/carriers/<code>.md).
      if (lacks(lane.carrier, 'collected_amount') || lacks(lane.carrier, 'cod_report')) return;
      const short = await bookCod(lane.carrier, lane.destination, 300);
      await inject(lane.carrier, short.shipment.tracking_number, { code: 'DELIVERED', occurred_at: at(2), cod_collected_sar: 299.99 });
      expect(await codOf(short.shipment.id, 'DISCREPANCY')).toMatchObject({ amount_sar: 300, collected_sar: 299.99 });

      const zero = await bookCod(lane.carrier, lane.destination, 40);
      await inject(lane.carrier, zero.shipment.tracking_number, { code: 'DELIVERED', occurred_at: at(3), cod_collected_sar: 0 });
      expect(await codOf(zero.shipment.id, 'DISCREPANCY')).toMatchObject({ amount_sar: 40, collected_sar: 0 });
    });

    it.each(COD_LANES)('$carrier: a return to origin is REFUSED', async (lane) => {
      const { shipment } = await bookCod(lane.carrier, lane.destination, 99);
      await inject(lane.carrier, shipment.tracking_number, { code: 'OUT_FOR_DELIVERY', occurred_at: at(4) });
      await inject(lane.carrier, shipment.tracking_number, { code: 'FAILED_DELIVERY_ATTEMPT', occurred_at: at(5) });
      await inject(lane.carrier, shipment.tracking_number, { code: 'RETURN_TO_ORIGIN', occurred_at: at(6) });
      expect(await codOf(shipment.id, 'REFUSED')).toMatchObject({ amount_sar: 99, collected_sar: null });
    });

    it('the sandbox refuses cod_collected_sar on another status or as a bad amount', async () => {
      const { shipment } = await bookCod(COD_LANES[0].carrier, COD_LANES[0].destination, 10);
      const path = `/sandbox/v1/carriers/${COD_LANES[0].carrier}/shipments/${shipment.tracking_number}/events`;
      expect((await t.sandbox('POST', path, { code: 'PICKED_UP', cod_collected_sar: 10 })).status).toBe(422);
      expect((await t.sandbox('POST', path, { code: 'DELIVERED', cod_collected_sar: -1 })).status).toBe(422);
      expect((await t.sandbox('POST', path, { code: 'DELIVERED', cod_collected_sar: '10' })).status).toBe(422);
    });
  });

  describe('remitted by the carrier, reconciled per shipment', () => {
    async function inject(carrier: string, tn: string, body: Record<string, unknown>) {
      const res = await t.sandbox('POST', `/sandbox/v1/carriers/${carrier}/shipments/${tn}/events`, body);
      if (res.status !== 201) throw new Error(`sandbox refused the event: ${res.status} ${res.text}`);
    }
    async function pay(carrier: string, items: Array<{ tracking_number: string; amount_sar: number }>, reference?: string) {
      const res = await t.sandbox('POST', `/sandbox/v1/carriers/${carrier}/remittances`, { items, ...(reference ? { reference } : {}) });
      expect(res.status).toBe(201);
      return res.body.reference as string;
    }
    const remittances = async (key: string) => (await t.api('/cod/remittances?limit=100', { key })).body.remittances as any[];
    /** The payout shows up for the team within 10 s (the embedded contract). */
    const remittanceOf = (key: string, carrier: string, reference: string) =>
      eventually(
        `payout ${reference} imported`,
        async () => (await remittances(key)).find((r) => r.carrier === carrier && r.carrier_reference === reference),
        10_000,
      );
    const shipmentOf = async (id: string, key = team.apiKey) => (await t.api(`/shipments/${id}`, { key })).body;
    let minute = 10;
    async function delivered(lane: (typeof COD_LANES)[number], cod: number, key = team.apiKey) {
      const { shipment } = await bookCod(lane.carrier, lane.destination, cod, key);
      await inject(lane.carrier, shipment.tracking_number, { code: 'DELIVERED', occurred_at: at(minute++) });
      await eventually(
        'collected',
        async () => ((await shipmentOf(shipment.id, key)).cod.status === 'COLLECTED' ? true : undefined),
        10_000,
      );
      return shipment;
    }

    it.each(COD_LANES.filter((lane) => !lacks(lane.carrier, 'remittance_feed')))(
      '$carrier: a payout in its native format reconciles each shipment; unknown lines are kept unmatched; a re-read counts once',
      async (lane) => {
        const a = await delivered(lane, 120.25);
        const b = await delivered(lane, 80);
        const unknown = `NOPE${lane.carrier.toUpperCase()}${Date.now()}`;
        const reference = `PAY-${lane.carrier}-${Date.now()}`;
        await pay(
          lane.carrier,
          [
            { tracking_number: a.tracking_number, amount_sar: 120.25 },
            { tracking_number: b.tracking_number, amount_sar: 79 },
            { tracking_number: unknown, amount_sar: 5.5 },
          ],
          reference,
        );
        const listed = await remittanceOf(team.apiKey, lane.carrier, reference);
        expect(listed).toEqual({
          id: expect.any(String),
          carrier: lane.carrier,
          carrier_reference: reference,
          remitted_at: expect.any(String),
          amount_sar: 199.25,
          item_count: 2,
          status: 'DISCREPANCY',
        });
        const detail = (await t.api(`/cod/remittances/${listed.id}`, { key: team.apiKey })).body;
        expect(detail.items.sort((x: any, y: any) => x.expected_sar - y.expected_sar)).toEqual([
          { shipment_id: b.id, tracking_number: b.tracking_number, expected_sar: 80, remitted_sar: 79, difference_sar: -1 },
          { shipment_id: a.id, tracking_number: a.tracking_number, expected_sar: 120.25, remitted_sar: 120.25, difference_sar: 0 },
        ]);
        expect((await shipmentOf(a.id)).cod).toMatchObject({ status: 'REMITTED', remittance_id: listed.id, collected_sar: 120.25 });
        expect((await shipmentOf(b.id)).cod).toMatchObject({ status: 'DISCREPANCY', remittance_id: listed.id });
        const kept = await t.runtime.database.dataSource.query(
          'SELECT tracking_number, amount_halalas, reason FROM cod_unmatched_lines WHERE carrier_code = $1 AND carrier_reference = $2',
          [lane.carrier, reference],
        );
        expect(kept).toEqual([{ tracking_number: unknown, amount_halalas: '550', reason: 'UNKNOWN_TRACKING_NUMBER' }]);
        // The operator sees it, in SAR, with the payout it came in.
        const operator = await t.admin('GET', `/cod/unmatched-lines?carrier=${lane.carrier}&limit=500`);
        expect(operator.status).toBe(200);
        expect(operator.body.lines.filter((l: any) => l.carrier_reference === reference)).toEqual([
          {
            carrier: lane.carrier,
            connection_id: null,
            carrier_reference: reference,
            tracking_number: unknown,
            amount_sar: 5.5,
            remitted_at: expect.any(String),
            reason: 'UNKNOWN_TRACKING_NUMBER',
            recorded_at: expect.any(String),
          },
        ]);
        expect(operator.body.lines.every((l: any) => l.carrier === lane.carrier)).toBe(true);

        // The carrier sends the same payout again, then a new one: the new one arrives, the repeat adds nothing.
        await pay(
          lane.carrier,
          [
            { tracking_number: a.tracking_number, amount_sar: 120.25 },
            { tracking_number: b.tracking_number, amount_sar: 79 },
          ],
          reference,
        );
        const c = await delivered(lane, 10);
        const marker = await pay(lane.carrier, [{ tracking_number: c.tracking_number, amount_sar: 10 }]);
        expect(await remittanceOf(team.apiKey, lane.carrier, marker)).toMatchObject({
          amount_sar: 10,
          item_count: 1,
          status: 'RECONCILED',
        });
        const again = (await remittances(team.apiKey)).filter((r) => r.carrier_reference === reference);
        expect(again).toEqual([listed]);
        const [{ n }] = await t.runtime.database.dataSource.query(
          'SELECT count(*)::int AS n FROM cod_remittance_items WHERE shipment_id = ANY($1::uuid[])',
          [[a.id, b.id]],
        );
        expect(n).toBe(2);
      },
    );

    it('a payout read before the delivery scan is applied; the later scan records the cash without undoing it', async () => {
      const lane = COD_LANES[0];
      const { shipment } = await bookCod(lane.carrier, lane.destination, 64);
      const reference = await pay(lane.carrier, [{ tracking_number: shipment.tracking_number, amount_sar: 64 }]);
      const r = await remittanceOf(team.apiKey, lane.carrier, reference);
      expect((await shipmentOf(shipment.id)).cod).toMatchObject({ status: 'REMITTED', collected_sar: null, remittance_id: r.id });
      await inject(lane.carrier, shipment.tracking_number, { code: 'DELIVERED', occurred_at: at(minute++) });
      const cod = await eventually(
        'collection recorded',
        async () => {
          const c = (await shipmentOf(shipment.id)).cod;
          return c.collected_sar !== null ? c : undefined;
        },
        10_000,
      );
      expect(cod).toMatchObject({ status: 'REMITTED', collected_sar: 64, remittance_id: r.id });
    });

    it("splits a payout by team: another team's line is never attached to this team, and a shipment paid out twice is kept unmatched", async () => {
      const lane = COD_LANES[0];
      const other = await t.createTeam('COD Other Team');
      await t.admin('PUT', `/teams/${other.teamId}/rate-limit`, { per_minute: 100_000 });
      const mine = await delivered(lane, 30);
      const theirs = await delivered(lane, 45, other.apiKey);
      const reference = await pay(lane.carrier, [
        { tracking_number: mine.tracking_number, amount_sar: 30 },
        { tracking_number: theirs.tracking_number, amount_sar: 45 },
      ]);
      const ours = await remittanceOf(team.apiKey, lane.carrier, reference);
      const their = await remittanceOf(other.apiKey, lane.carrier, reference);
      expect(ours).toMatchObject({ amount_sar: 30, item_count: 1, status: 'RECONCILED' });
      expect(their).toMatchObject({ amount_sar: 45, item_count: 1, status: 'RECONCILED' });
      expect((await t.api(`/cod/remittances/${ours.id}`, { key: team.apiKey })).body.items.map((i: any) => i.shipment_id)).toEqual([
        mine.id,
      ]);

      // Paid out again under another reference: recorded for the operator, not counted twice.
      const twice = await pay(lane.carrier, [{ tracking_number: mine.tracking_number, amount_sar: 30 }]);
      await eventually(
        'the second payout read',
        async () => {
          const rows = await t.runtime.database.dataSource.query(
            'SELECT reason FROM cod_unmatched_lines WHERE carrier_code = $1 AND carrier_reference = $2',
            [lane.carrier, twice],
          );
          return rows.length > 0 ? rows : undefined;
        },
        10_000,
      ).then((rows) => expect(rows).toEqual([{ reason: 'ALREADY_REMITTED' }]));
      expect((await remittances(team.apiKey)).some((r) => r.carrier_reference === twice)).toBe(false);

      // BOLA: another team's remittance is the same 404 as an unknown id, byte for byte.
      const foreign = await t.api(`/cod/remittances/${their.id}`, { key: team.apiKey });
      const unknown = await t.api(`/cod/remittances/00000000-0000-4000-8000-000000000000`, { key: team.apiKey });
      expect(foreign.status).toBe(404);
      expect(foreign.text).toBe(unknown.text);
      expect(foreign.body.error.code).toBe('E_NOT_FOUND');
      expect((await t.api('/cod/remittances/not-a-uuid', { key: team.apiKey })).text).toBe(unknown.text);
    });

    it('sends cod.remitted only to endpoints that list it; the default subscription stays the four shipment kinds', async () => {
      const lane = COD_LANES[0];
      const listing = await t.createTeam('COD Webhook Team');
      const plain = await t.createTeam('COD Default Webhook Team');
      for (const x of [listing, plain]) await t.admin('PUT', `/teams/${x.teamId}/rate-limit`, { per_minute: 100_000 });
      const subscribed = await t.api('/webhooks/config', {
        method: 'POST',
        key: listing.apiKey,
        body: { url: `${receiver.url}/cod-listed`, events: ['shipment.delivered', 'cod.remitted'] },
      });
      expect(subscribed.status).toBe(200);
      expect(subscribed.body.events).toEqual(['shipment.delivered', 'cod.remitted']);
      const byDefault = await t.api('/webhooks/config', {
        method: 'POST',
        key: plain.apiKey,
        body: { url: `${receiver.url}/cod-default` },
      });
      expect(byDefault.body.events).toEqual(['shipment.created', 'shipment.status_updated', 'shipment.delivered', 'shipment.exception']);

      const a = await delivered(lane, 15, listing.apiKey);
      const b = await delivered(lane, 16, plain.apiKey);
      const reference = await pay(lane.carrier, [
        { tracking_number: a.tracking_number, amount_sar: 15 },
        { tracking_number: b.tracking_number, amount_sar: 16 },
      ]);
      const ours = await remittanceOf(listing.apiKey, lane.carrier, reference);
      const theirs = await remittanceOf(plain.apiKey, lane.carrier, reference);
      const isRemitted = (r: { body: string }) => JSON.parse(r.body).type === 'cod.remitted';
      await eventually('cod.remitted delivered', async () => (receiver.at('/cod-listed').some(isRemitted) ? true : undefined), 10_000);
      const message = JSON.parse(receiver.at('/cod-listed').find(isRemitted)!.body);
      expect(message).toEqual({ type: 'cod.remitted', timestamp: expect.any(String), mode: 'live', data: { remittance: ours } });
      // The default endpoint got its shipment kinds, and no payout: give the fan-out of that payout time to (not) arrive.
      await receiver.waitFor('/cod-default', 1);
      await new Promise((r) => setTimeout(r, 1500));
      expect(receiver.at('/cod-default').some(isRemitted)).toBe(false);
      expect(theirs.amount_sar).toBe(16);
      expect(receiver.at('/cod-listed').filter(isRemitted)).toHaveLength(1);
    });

    it('needs the bearer key on every cash-on-delivery route and checks paging', async () => {
      for (const path of ['/cod/summary', '/cod/remittances', '/cod/remittances/00000000-0000-4000-8000-000000000000']) {
        const res = await t.api(path, { key: null });
        expect(res.status).toBe(401);
        expect(res.body.error.code).toBe('E_UNAUTHENTICATED');
      }
      for (const q of ['limit=0', 'limit=101', 'offset=-1', 'limit=abc']) {
        const res = await t.api(`/cod/remittances?${q}`, { key: team.apiKey });
        expect(res.status).toBe(422);
        expect(res.body.error.details.field).toBe(q.split('=')[0]);
      }
      // The unmatched lines are the operator's: a team key is no admin token.
      const asTeam = await fetch(`${t.url}/admin/v1/cod/unmatched-lines`, { headers: { authorization: `Bearer ${team.apiKey}` } });
      expect(asTeam.status).toBe(401);
      for (const q of ['carrier=nope', 'limit=0', 'limit=501', 'offset=-1']) {
        const res = await t.admin('GET', `/cod/unmatched-lines?${q}`);
        expect(res.status).toBe(422);
        expect(res.body.error.details.field).toBe(q.split('=')[0]);
      }
    });

    it.each(COD_LANES.filter((lane) => !lacks(lane.carrier, 'remittance_feed')))(
      "$carrier: each account's feed pays the shipments booked on it: a team's own connection and the platform's, never the other's",
      async (lane) => {
        const own = await t.createTeam(`COD Own Account ${lane.carrier}`);
        const shared = await t.createTeam(`COD Platform Account ${lane.carrier}`);
        for (const x of [own, shared]) await t.admin('PUT', `/teams/${x.teamId}/rate-limit`, { per_minute: 100_000 });
        // Connected while the worker runs: its feed is read from the next run on, no restart.
        const opened = await openSandboxAccount(t, lane.carrier);
        const connected = await t.api('/carrier-connections', {
          method: 'POST',
          key: own.apiKey,
          body: { carrier: lane.carrier, credentials: opened.credentials },
        });
        expect(connected.status).toBe(201);
        const mine = await delivered(lane, 40, own.apiKey);
        const theirs = await delivered(lane, 55, shared.apiKey);
        const bookedWith = async (tn: string) =>
          (await t.sandbox('GET', `/sandbox/v1/carriers/${lane.carrier}/shipments/${tn}`)).body.account_id;
        expect(await bookedWith(mine.tracking_number)).toBe(opened.account_id);
        expect(await bookedWith(theirs.tracking_number)).toBe(PLATFORM_SANDBOX_ACCOUNT);

        // The carrier pays each account its own cash, under one reference, each on that account's feed.
        const reference = `PAY-ACCT-${lane.carrier}-${Date.now()}`;
        const paid = await t.sandbox('POST', `/sandbox/v1/carriers/${lane.carrier}/remittances`, {
          reference,
          items: [
            { tracking_number: mine.tracking_number, amount_sar: 40 },
            { tracking_number: theirs.tracking_number, amount_sar: 55 },
          ],
        });
        expect(paid.status).toBe(201);
        expect(paid.body.payouts.sort((x: any, y: any) => x.item_count - y.item_count || x.account_id.localeCompare(y.account_id))).toEqual(
          [
            { account_id: opened.account_id, item_count: 1 },
            { account_id: PLATFORM_SANDBOX_ACCOUNT, item_count: 1 },
          ].sort((x, y) => x.account_id.localeCompare(y.account_id)),
        );
        const ours = await remittanceOf(own.apiKey, lane.carrier, reference);
        const their = await remittanceOf(shared.apiKey, lane.carrier, reference);
        expect(ours).toMatchObject({ amount_sar: 40, item_count: 1, status: 'RECONCILED' });
        expect(their).toMatchObject({ amount_sar: 55, item_count: 1, status: 'RECONCILED' });
        expect((await remittances(own.apiKey)).map((r) => r.id)).toEqual([ours.id]);
        expect((await remittances(shared.apiKey)).map((r) => r.id)).toEqual([their.id]);
        expect((await t.api(`/cod/remittances/${ours.id}`, { key: own.apiKey })).body.items.map((i: any) => i.shipment_id)).toEqual([
          mine.id,
        ]);
        expect((await t.api(`/cod/remittances/${their.id}`, { key: own.apiKey })).status).toBe(404);
        expect((await t.api('/cod/summary', { key: own.apiKey })).body).toMatchObject({ remitted_sar: 40, collected_sar: 0 });
        expect((await t.api('/cod/summary', { key: shared.apiKey })).body).toMatchObject({ remitted_sar: 55, collected_sar: 0 });

        // The carrier pays the other team's shipment to this team's account: kept for the operator, never attached.
        const later = await delivered(lane, 20, shared.apiKey);
        const wrong = `PAY-WRONG-${lane.carrier}-${Date.now()}`;
        const misPaid = await t.sandbox('POST', `/sandbox/v1/carriers/${lane.carrier}/remittances`, {
          reference: wrong,
          account_id: opened.account_id,
          items: [{ tracking_number: later.tracking_number, amount_sar: 20 }],
        });
        expect(misPaid.body.payouts).toEqual([{ account_id: opened.account_id, item_count: 1 }]);
        const kept = await eventually(
          'the mispaid line kept',
          async () => {
            const res = await t.admin('GET', `/cod/unmatched-lines?carrier=${lane.carrier}&limit=500`);
            return res.body.lines.find((l: any) => l.carrier_reference === wrong);
          },
          10_000,
        );
        expect(kept).toMatchObject({
          connection_id: connected.body.id,
          tracking_number: later.tracking_number,
          amount_sar: 20,
          reason: 'OTHER_ACCOUNT',
        });
        expect((await shipmentOf(later.id, shared.apiKey)).cod).toMatchObject({ status: 'COLLECTED', remittance_id: null });
        expect((await remittances(shared.apiKey)).some((r) => r.carrier_reference === wrong)).toBe(false);
        expect((await remittances(own.apiKey)).some((r) => r.carrier_reference === wrong)).toBe(false);
      },
    );

    it('sums the team to the halala: pending, collected awaiting payout, remitted, overdue and discrepancies', async () => {
      const solo = await t.createTeam('COD Summary Team');
      await t.admin('PUT', `/teams/${solo.teamId}/rate-limit`, { per_minute: 100_000 });
      const empty = await t.api('/cod/summary', { key: solo.apiKey });
      expect(empty.status).toBe(200);
      expect(empty.body).toEqual({ pending_sar: 0, collected_sar: 0, remitted_sar: 0, overdue_count: 0, discrepancy_count: 0 });
      const lane = COD_LANES[0];
      // pending 0.01 + 0.02; collected 10.10 (overdue) + 20.20; remitted 30.30; a short collection 40 → 39.99.
      for (const cod of [0.01, 0.02]) {
        const body = ratesBody({ destination: lane.destination, cod_amount: cod });
        const q = (await rates(body, solo.apiKey)).body.quotes[0];
        expect((await post({ quote_id: q.quote_id, ...body }, solo.apiKey)).status).toBe(201);
      }
      const old = await delivered(lane, 10.1, solo.apiKey);
      await delivered(lane, 20.2, solo.apiKey);
      const paid = await delivered(lane, 30.3, solo.apiKey);
      const { shipment: short } = await bookCod(lane.carrier, lane.destination, 40, solo.apiKey);
      await inject(lane.carrier, short.tracking_number, { code: 'DELIVERED', occurred_at: at(minute++), cod_collected_sar: 39.99 });
      const reference = await pay(lane.carrier, [{ tracking_number: paid.tracking_number, amount_sar: 30.3 }]);
      await remittanceOf(solo.apiKey, lane.carrier, reference);
      await t.runtime.database.dataSource.query("UPDATE shipments SET cod_collected_at = now() - interval '8 days' WHERE id = $1", [
        old.id,
      ]);
      const summary = await eventually(
        'the short collection',
        async () => {
          const res = await t.api('/cod/summary', { key: solo.apiKey });
          return res.body.discrepancy_count === 1 ? res.body : undefined;
        },
        10_000,
      );
      expect(summary).toEqual({ pending_sar: 0.03, collected_sar: 70.29, remitted_sar: 30.3, overdue_count: 1, discrepancy_count: 1 });
    });
  });
});
