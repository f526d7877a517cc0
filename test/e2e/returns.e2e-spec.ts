import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { CARRIERS } from '@lgw/carriers';
import { book, shipmentBody } from '../support/booking';
import { apiCredentials, laneOf, openSandboxAccount } from '../support/carrier-connections';
import { eventually } from '../support/eventually';
import { pdfInfo, pdfText, savePdf } from '../support/pdf-tools';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';

/** Carriers iterate the registry: those that take returns, and those that do not. */
const RETURN_CARRIERS = CARRIERS.filter((c) => c.descriptor.capabilities.returns).map((c) => c.descriptor.code);
const NO_RETURN_CARRIERS = CARRIERS.filter((c) => !c.descriptor.capabilities.returns).map((c) => c.descriptor.code);

describe('customer returns', () => {
  let t: TestApp;
  let team: TestTeam;
  let other: TestTeam;
  const dir = mkdtempSync(join(tmpdir(), 'lgw-returns-'));

  beforeAll(async () => {
    // The carriers' default deadline (5 s): this suite proves the return flows, not deadlines (carrier-resilience
    // and the contract suites do), so it runs beside other suites, where an 800 ms deadline was missed.
    t = await bootTestApp({
      worker: true,
      env: { TRACKING_POLL_INTERVAL_MS: '200', CARRIER_BREAKER_THRESHOLD: '1000' },
    });
    team = await t.createTeam('Returns Team');
    other = await t.createTeam('Other Team');
    for (const x of [team, other]) await t.admin('PUT', `/teams/${x.teamId}/rate-limit`, { per_minute: 100_000 });
  }, 120_000);
  afterAll(() => t?.close());

  const get = async (id: string, key = team.apiKey) => (await t.api(`/shipments/${id}`, { key })).body;
  const requestReturn = (id: string, body: unknown = {}, key = team.apiKey) =>
    t.api(`/shipments/${id}/return`, { method: 'POST', key, body });

  async function delivered(carrier: string) {
    const s = await book(t, team, carrier);
    const res = await t.sandbox('POST', `/sandbox/v1/carriers/${carrier}/shipments/${s.tracking_number}/events`, { code: 'DELIVERED' });
    expect(res.status).toBe(201);
    await eventually('delivered', async () => ((await get(s.id)).status === 'DELIVERED' ? true : undefined));
    return s;
  }

  it.each(RETURN_CARRIERS)("%s: a booking on the team's own account comes back on that account, not the platform's", async (carrier) => {
    const own = await t.createTeam(`Own account ${carrier}`);
    await t.admin('PUT', `/teams/${own.teamId}/rate-limit`, { per_minute: 100_000 });
    const opened = await openSandboxAccount(t, carrier);
    const connected = await t.api('/carrier-connections', {
      method: 'POST',
      key: own.apiKey,
      body: { carrier, credentials: apiCredentials(opened.credentials) },
    });
    expect(connected.status).toBe(201);
    const lane = laneOf(carrier);
    const quote = ((await t.api('/rates', { method: 'POST', key: own.apiKey, body: lane.body })).body.quotes as any[]).find(
      (q) => q.carrier.code === carrier,
    );
    expect(quote.connection_id).toBe(connected.body.id);
    const booked = await t.api('/shipments', { method: 'POST', key: own.apiKey, body: shipmentBody(quote, lane.body) });
    expect(booked.status).toBe(201);
    const accountOf = async (trackingNumber: string) =>
      (await t.sandbox('GET', `/sandbox/v1/carriers/${carrier}/shipments/${trackingNumber}`)).body.account_id;
    expect(await accountOf(booked.body.tracking_number)).toBe(opened.account_id);
    await t.sandbox('POST', `/sandbox/v1/carriers/${carrier}/shipments/${booked.body.tracking_number}/events`, { code: 'DELIVERED' });
    await eventually('delivered', async () => ((await get(booked.body.id, own.apiKey)).status === 'DELIVERED' ? true : undefined));

    const ret = await requestReturn(booked.body.id, { reason: 'own account' }, own.apiKey);
    expect({ status: ret.status, error: ret.body.error }).toEqual({ status: 201, error: undefined });
    expect(await accountOf(ret.body.tracking_number)).toBe(opened.account_id);
  });

  it('shows every shipment as not a return, additively', async () => {
    const s = await book(t, team, CARRIERS[0].descriptor.code);
    expect(s).toMatchObject({ is_return: false, return_of: null });
    expect(await get(s.id)).toMatchObject({ is_return: false, return_of: null });
  });

  it.each(RETURN_CARRIERS)(
    '%s: a delivered shipment comes back as a return shipment with its own label, tracking and return fee',
    async (carrier) => {
      const original = await delivered(carrier);
      const res = await requestReturn(original.id, { reason: 'wrong size' });
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
      const ret = res.body;
      expect(ret).toMatchObject({
        is_return: true,
        return_of: original.id,
        status: 'CREATED',
        carrier: { code: carrier },
        origin: original.destination,
        destination: original.origin,
        parcels: original.parcels,
      });
      expect(ret.id).not.toBe(original.id);
      expect(ret.tracking_number).not.toBe(original.tracking_number);
      expect(await get(ret.id)).toMatchObject({ id: ret.id, is_return: true, return_of: original.id });
      expect(await get(original.id)).toMatchObject({ status: 'DELIVERED', is_return: false, return_of: null });
      // Booked at the carrier under the return's id, from the customer to the merchant.
      const atCarrier = await t.sandbox('GET', `/sandbox/v1/carriers/${carrier}/shipments/${ret.tracking_number}`);
      expect(atCarrier.status).toBe(200);
      expect(atCarrier.body.origin.city).toBe(original.destination.city);
      expect(atCarrier.body.destination.city).toBe(original.origin.city);
      // Tracking and webhooks like any shipment.
      expect((await t.api(`/shipments/${ret.id}/tracking`, { key: team.apiKey })).body.events.map((e: any) => e.code)).toContain('CREATED');
      const created = await t.runtime.database.dataSource.query(
        "SELECT count(*)::int AS n FROM outbox_events WHERE aggregate_id = $1 AND type = 'shipment.created'",
        [ret.id],
      );
      expect(Number(created[0].n)).toBe(1);
      // Its label: the gateway's says RETURN in both languages; a carrier that issues its own (a real carrier's AWB) prints its own.
      const label = await eventually('the return label', async () => {
        const r = await fetch(`${t.url}${ret.label_url}`, { headers: { authorization: `Bearer ${team.apiKey}` } });
        return r.status === 200 ? Buffer.from(await r.arrayBuffer()) : undefined;
      });
      const path = await savePdf(dir, label);
      expect((await pdfInfo(path)).pages).toBe(1);
      const text = await pdfText(path);
      if (!CARRIERS.find((c) => c.descriptor.code === carrier)!.descriptor.capabilities.labels) expect(text).toContain('RETURN');
      expect(text).toContain(ret.tracking_number);
      // The invoice shows a return_fee line for it, not a shipment line.
      const invoice = await eventually('the return fee', async () => {
        const i = (await t.api('/invoices/current', { key: team.apiKey })).body;
        return i.line_items.some((l: any) => l.shipment_id === ret.id) ? i : undefined;
      });
      const lines = invoice.line_items.filter((l: any) => l.shipment_id === ret.id);
      expect(lines.map((l: any) => l.cause)).toEqual(['return_fee']);
      expect(lines[0].description_ar).toEqual(expect.any(String));
    },
    60_000,
  );

  it('allows one return per original until it is cancelled', async () => {
    const original = await delivered(RETURN_CARRIERS[0]);
    const first = await requestReturn(original.id);
    expect(first.status).toBe(201);
    const second = await requestReturn(original.id);
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({ code: 'E_RETURN_NOT_ALLOWED', details: { return_id: first.body.id } });
    expect((await t.api(`/shipments/${first.body.id}/cancel`, { method: 'POST', key: team.apiKey })).status).toBe(200);
    const again = await requestReturn(original.id);
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(first.body.id);
  });

  it('refuses a shipment that is not delivered (409) and a return of a return (422)', async () => {
    const s = await book(t, team, RETURN_CARRIERS[0]);
    const res = await requestReturn(s.id);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'E_RETURN_NOT_ALLOWED', details: { status: s.status } });
    expect(res.body.error.message_ar).toEqual(expect.any(String));
    const original = await delivered(RETURN_CARRIERS[0]);
    const ret = (await requestReturn(original.id)).body;
    await t.sandbox('POST', `/sandbox/v1/carriers/${RETURN_CARRIERS[0]}/shipments/${ret.tracking_number}/events`, { code: 'DELIVERED' });
    await eventually('return delivered', async () => ((await get(ret.id)).status === 'DELIVERED' ? true : undefined));
    const twice = await requestReturn(ret.id);
    expect(twice.status).toBe(422);
    expect(twice.body.error.details.field).toBe('id');
  });

  it.each(NO_RETURN_CARRIERS)('%s does not take returns: 422 with a bilingual reason, nothing booked', async (carrier) => {
    const original = await delivered(carrier);
    const before = (await t.sandbox('GET', `/sandbox/v1/carriers/${carrier}/stats`)).body.bookings;
    const res = await requestReturn(original.id);
    expect(res.status).toBe(422);
    expect(res.body.error.details).toMatchObject({
      field: 'carrier',
      reason: expect.stringContaining('does not take returns'),
      reason_ar: expect.any(String),
    });
    expect((await t.sandbox('GET', `/sandbox/v1/carriers/${carrier}/stats`)).body.bookings).toBe(before);
  });

  it("answers another team's shipment exactly like an unknown one", async () => {
    const original = await delivered(RETURN_CARRIERS[0]);
    const theirs = await requestReturn(original.id, {}, other.apiKey);
    const none = await requestReturn(randomUUID(), {}, other.apiKey);
    expect(theirs.status).toBe(404);
    expect(theirs.text).toBe(none.text);
    expect((await get(original.id)).status).toBe('DELIVERED');
  });
});
