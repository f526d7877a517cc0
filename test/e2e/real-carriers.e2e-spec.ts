import { quoteWhere } from '../support/booking';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SyncTrackingUseCase } from '@lgw/tracking';
import { CARRIERS, carrierLacks, connectionSchemaOf, createCarrierRegistry } from '@lgw/carriers';
import { credentialApiName } from '@lgw/carrier-access';
import { apiCredentials, laneOf, openSandboxAccount } from '../support/carrier-connections';
import { platformAccountEnv } from '../support/carriers';
import { pdfInfo, savePdf } from '../support/pdf-tools';
import { pickupSlotIn } from '../support/pickups';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';
import { AYMAKAN_SANDBOX_TOKEN } from '@lgw/carriers/aymakan/aymakan.settings';

/** The real carriers (DESIGN §7): offered only with a connection, their own label, their own scans. */
const REAL = CARRIERS.filter((carrier) => carrier.offeredWithConnectionOnly);
const BUILT_IN = CARRIERS.filter((carrier) => !carrier.offeredWithConnectionOnly).map((carrier) => carrier.descriptor.code);
/** A fresh start: the deployment gives no platform account to any real carrier. */
const NO_PLATFORM_ACCOUNTS = Object.fromEntries(Object.keys(platformAccountEnv()).map((name) => [name, '']));
/** The real carriers the merchant team has connected so far. */
const connected = new Set<string>();

describe('real carriers on a merchant account', () => {
  let t: TestApp;
  let team: TestTeam;
  let other: TestTeam;

  beforeAll(async () => {
    t = await bootTestApp({ env: { ...NO_PLATFORM_ACCOUNTS, CARRIER_TIMEOUT_MS: '2000' } });
    team = await t.createTeam('Real Carrier Merchant');
    other = await t.createTeam('Merchant Without Accounts');
    // One team walks every real carrier of the registry: well over the default 60 requests a minute.
    await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 100_000 });
  }, 120_000);
  const dir = mkdtempSync(join(tmpdir(), 'lgw-real-carriers-e2e-'));
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const listed = async (key: string) => ((await t.api('/carriers', { key })).body.carriers as { code: string }[]).map((c) => c.code);

  it('a fresh start lists the built-in carriers only, and quotes no real carrier', async () => {
    expect(await listed(other.apiKey)).toEqual(BUILT_IN);
    const quotes = (await t.api('/rates', { method: 'POST', key: other.apiKey, body: laneOf(BUILT_IN[0]).body })).body.quotes;
    expect(quotes.length).toBeGreaterThan(0);
    for (const quote of quotes) expect(BUILT_IN).toContain(quote.carrier.code);
  });

  it.each(CARRIERS.map((carrier) => [carrier.descriptor.code, carrier.offeredWithConnectionOnly === true] as const))(
    '%s: a fresh start lists it exactly when it is built in',
    async (code, connectionOnly) => {
      expect((await listed(other.apiKey)).includes(code)).toBe(!connectionOnly);
    },
  );

  describe.each(REAL.map((carrier) => [carrier.descriptor.code, carrier] as const))('%s', (code, carrier) => {
    const lane = laneOf(code);
    // Each sync a day later than the last: every shipment is due for a poll again.
    let days = 0;
    const sync = () => t.app.get(SyncTrackingUseCase).execute({ carrierCode: code, now: new Date(Date.now() + ++days * 86_400_000) });
    const inject = (trackingNumber: string, event: Record<string, unknown>) =>
      t.sandbox('POST', `/sandbox/v1/carriers/${code}/shipments/${trackingNumber}/events`, event);
    let opened: { account_id: string; credentials: Record<string, string> };

    const bookOne = async () => {
      const quote = await quoteWhere(t, team.apiKey, lane.body, (q) => q.carrier.code === code);
      expect(quote).toMatchObject({ account: 'own', service: { code: lane.service } });
      const res = await t.api('/shipments', { method: 'POST', key: team.apiKey, body: { quote_id: quote.quote_id, ...lane.body } });
      expect(res.status).toBe(201);
      return res.body;
    };

    it('refuses credentials the carrier refuses (422 on the credential), then connects the account it accepts', async () => {
      opened = await openSandboxAccount(t, code);
      const fields = Object.keys(connectionSchemaOf(carrier).fields);
      const wrong = Object.fromEntries(Object.entries(apiCredentials(opened.credentials)).map(([k, v]) => [k, `${v.slice(0, -1)}X`]));
      const refused = await t.api('/carrier-connections', {
        method: 'POST',
        key: team.apiKey,
        body: { carrier: code, credentials: wrong },
      });
      expect(refused.status).toBe(422);
      expect(refused.body.error.details.field).toBe(fields.length === 1 ? `credentials.${credentialApiName(fields[0])}` : 'credentials');
      expect(await listed(team.apiKey)).not.toContain(code);

      const created = await t.api('/carrier-connections', {
        method: 'POST',
        key: team.apiKey,
        body: { carrier: code, credentials: apiCredentials(opened.credentials) },
      });
      expect(created.status).toBe(201);
      connected.add(code);
      // Listed once connected, beside the real carriers this team connected before it (registry order).
      expect(await listed(team.apiKey)).toEqual(
        CARRIERS.map((c) => c.descriptor.code).filter((c) => BUILT_IN.includes(c) || connected.has(c)),
      );
      expect(await listed(other.apiKey)).toEqual(BUILT_IN);
    });

    it("rates and books on the merchant's account; the tracking number is the carrier's AWB, the label its own document", async () => {
      const shipment = await bookOne();
      const atCarrier = (await t.sandbox('GET', `/sandbox/v1/carriers/${code}/shipments/${shipment.tracking_number}`)).body;
      expect(atCarrier.account_id).toBe(opened.account_id);
      expect(atCarrier.tracking_number).toBe(shipment.tracking_number);

      const formats = carrier.descriptor.capabilities.labels!.formats;
      const label = await fetch(`${t.url}/api/v1/labels/${shipment.id}`, { headers: { authorization: `Bearer ${team.apiKey}` } });
      expect(label.status).toBe(200);
      const body = Buffer.from(await label.arrayBuffer());
      expect(body.subarray(0, 5).toString('latin1')).toBe(formats[0] === 'zpl' ? '^XA' : '%PDF-');
      // A PDF that a PDF reader opens: one page.
      if (formats[0] !== 'zpl') expect((await pdfInfo(await savePdf(dir, body))).pages).toBe(1);
      // The same bytes again, and the same the carrier keeps for this AWB (asked on the merchant's account).
      const again = await fetch(`${t.url}/api/v1/labels/${shipment.id}?format=${formats[0]}`, {
        headers: { authorization: `Bearer ${team.apiKey}` },
      });
      expect(Buffer.from(await again.arrayBuffer()).equals(body)).toBe(true);
      const registry = createCarrierRegistry({ sandboxUrl: t.sandboxUrl, env: {} });
      try {
        // The sandbox answers credentials under the API's names (api_token); the adapter takes setting names (apiToken).
        const settings = Object.fromEntries(
          Object.keys(connectionSchemaOf(carrier).fields).map((name) => [name, opened.credentials[credentialApiName(name)]]),
        );
        const document = await registry.connect(code, settings)!.fetchLabel!(shipment.tracking_number);
        expect(document.equals(body)).toBe(true);
      } finally {
        await registry.close();
      }
    });

    it('follows the scans to DELIVERED through a failed attempt; an unknown scan is kept and changes nothing', async () => {
      const shipment = await bookOne();
      const tn = shipment.tracking_number;
      // Scans after the booking, a second apart (the carrier's resolution): an exception older than the booking is history only.
      const at = (step: number) => new Date(Date.parse(shipment.created_at) + step * 1000).toISOString();
      await new Promise((resolve) => setTimeout(resolve, 6500));
      expect((await inject(tn, { code: 'PICKED_UP', location_en: 'Riyadh', occurred_at: at(1) })).status).toBe(201);
      await inject(tn, { code: 'OUT_FOR_DELIVERY', occurred_at: at(2) });
      await inject(tn, { code: 'EXCEPTION', exception_type: 'FAILED_DELIVERY_ATTEMPT', occurred_at: at(3) });
      await sync();
      let tracking = (await t.api(`/shipments/${shipment.id}/tracking`, { key: team.apiKey })).body;
      expect(tracking.status).toBe('EXCEPTION_FAILED_DELIVERY_ATTEMPT');
      expect(tracking.events[0]).toMatchObject({ is_exception: true, exception_type: 'FAILED_DELIVERY_ATTEMPT' });

      await inject(tn, { native_code: 'ZZ9', occurred_at: at(4) });
      expect((await sync()).events).toBeGreaterThanOrEqual(1);
      tracking = (await t.api(`/shipments/${shipment.id}/tracking`, { key: team.apiKey })).body;
      expect(tracking.status).toBe('EXCEPTION_FAILED_DELIVERY_ATTEMPT');
      // Kept under the carrier's own code, neither guessed at nor applied.
      expect(tracking.events[0]).toMatchObject({ code: 'ZZ9', is_exception: false });

      await inject(tn, { code: 'OUT_FOR_DELIVERY', occurred_at: at(5) });
      await inject(tn, { code: 'DELIVERED', occurred_at: at(6) });
      await sync();
      tracking = (await t.api(`/shipments/${shipment.id}/tracking`, { key: team.apiKey })).body;
      expect(tracking.status).toBe('DELIVERED');
      const codes = tracking.events.map((e: any) => e.code);
      expect(codes).toEqual(expect.arrayContaining(['DELIVERED', 'OUT_FOR_DELIVERY', 'EXCEPTION_FAILED_DELIVERY_ATTEMPT', 'PICKED_UP']));
    });

    it("books a customer return on the merchant's account where the carrier takes returns, else refuses", async () => {
      const original = await bookOne();
      const at = (step: number) => new Date(Date.parse(original.created_at) + step * 1000).toISOString();
      // Scans after the booking, a second apart (the carrier's resolution), none in the future.
      await new Promise((resolve) => setTimeout(resolve, 3500));
      await inject(original.tracking_number, { code: 'PICKED_UP', occurred_at: at(1) });
      await inject(original.tracking_number, { code: 'OUT_FOR_DELIVERY', occurred_at: at(2) });
      await inject(original.tracking_number, { code: 'DELIVERED', occurred_at: at(3) });
      await sync();
      expect((await t.api(`/shipments/${original.id}`, { key: team.apiKey })).body.status).toBe('DELIVERED');

      const before = (await t.sandbox('GET', `/sandbox/v1/carriers/${code}/stats`)).body.bookings;
      const res = await t.api(`/shipments/${original.id}/return`, { method: 'POST', key: team.apiKey, body: { reason: 'Wrong size' } });
      if (!carrier.descriptor.capabilities.returns) {
        expect(res.status).toBe(422);
        expect(res.body.error.details).toMatchObject({
          field: 'carrier',
          reason: expect.stringContaining('does not take returns'),
          reason_ar: expect.any(String),
        });
        expect((await t.sandbox('GET', `/sandbox/v1/carriers/${code}/stats`)).body.bookings).toBe(before);
        return;
      }
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
      expect(res.body).toMatchObject({ is_return: true, return_of: original.id, carrier: { code } });
      expect(res.body.tracking_number).not.toBe(original.tracking_number);
      // Booked at the carrier on the merchant's account, travelling from the customer back to the merchant.
      const atCarrier = (await t.sandbox('GET', `/sandbox/v1/carriers/${code}/shipments/${res.body.tracking_number}`)).body;
      expect(atCarrier).toMatchObject({ tracking_number: res.body.tracking_number, account_id: opened.account_id });
      expect(atCarrier.origin.city).toBe(original.destination.city);
      expect(atCarrier.destination.city).toBe(original.origin.city);
      // The carrier's own document for the return's AWB.
      const label = await fetch(`${t.url}/api/v1/labels/${res.body.id}`, { headers: { authorization: `Bearer ${team.apiKey}` } });
      expect(label.status).toBe(200);
      const body = Buffer.from(await label.arrayBuffer());
      expect(body.subarray(0, 5).toString('latin1')).toBe(carrier.descriptor.capabilities.labels!.formats[0] === 'zpl' ? '^XA' : '%PDF-');
    });

    it('prices through its own rate API where it has one, within its deadline (a silent carrier is left out, said in a warning), else from rate cards', async () => {
      const registry = createCarrierRegistry({ sandboxUrl: t.sandboxUrl, env: {} });
      const quotesItself = registry.get(code)!.quoteRate !== undefined;
      await registry.close();
      const rate = async () => (await t.api('/rates', { method: 'POST', key: team.apiKey, body: lane.body })).body;
      const quote = (await rate()).quotes.find((q: any) => q.carrier.code === code);
      expect(quote.weights.weight_break_applied === 'carrier_rate').toBe(quotesItself);
      expect(quote.breakdown.find((l: any) => l.code === 'base').amount_sar).toBeGreaterThan(0);
      if (!quotesItself) return;
      await t.sandbox('PUT', `/sandbox/v1/carriers/${code}/fault`, { mode: 'slow', latency_ms: 4000 });
      try {
        const started = Date.now();
        const answer = await rate();
        expect(Date.now() - started).toBeLessThan(3500);
        expect(answer.quotes.map((q: any) => q.carrier.code)).not.toContain(code);
        expect(answer.warnings).toContainEqual({
          code: 'CARRIER_RATE_UNAVAILABLE',
          message_en: expect.stringContaining(carrier.descriptor.name_en),
          message_ar: expect.stringContaining(carrier.descriptor.name_ar),
        });
      } finally {
        await t.sandbox('PUT', `/sandbox/v1/carriers/${code}/fault`, { mode: 'none' });
      }
    });

    it("collects on the merchant's account where the carrier offers collections, and refuses a collection where it does not", async () => {
      const shipments = [await bookOne(), await bookOne()];
      const slot = pickupSlotIn(
        carrier.descriptor.capabilities.pickups ?? { collectionDays: [0], hours: { from: '09:00', to: '17:00' } },
        code,
      );
      const res = await t.api('/pickups', {
        method: 'POST',
        key: team.apiKey,
        body: { carrier: code, ...slot, shipment_ids: shipments.map((s) => s.id) },
      });
      if (!carrier.descriptor.capabilities.pickups) {
        expect(res.status).toBe(422);
        expect(res.body.error.details.field).toBe('carrier');
        return;
      }
      const slots = carrier.descriptor.capabilities.pickups.slots;
      if (slots && slots.length > 1) {
        // A window across two of the carrier's fixed slots is refused on `window` before any carrier call.
        const across = await t.api('/pickups', {
          method: 'POST',
          key: team.apiKey,
          body: {
            carrier: code,
            pickup_date: slot.pickup_date,
            window: { from: '13:00', to: '15:00' },
            shipment_ids: [(await bookOne()).id],
          },
        });
        expect(across.status).toBe(422);
        expect(across.body.error.details.errors.map((e: any) => e.field)).toEqual(['window']);
      }
      // The carrier holds these parcels on the merchant's account only: a collection asked on another account is refused.
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
      const held = ((await t.sandbox('GET', `/sandbox/v1/carriers/${code}/pickups`)).body.pickups as any[]).find(
        (p) => p.confirmation_number === res.body.confirmation_number,
      );
      // A carrier told a count of parcels (Aymakan) holds how many; the others hold each parcel's number.
      const counted = carrier.descriptor.capabilities.pickups.parcels === 'counted';
      expect(held).toMatchObject({
        parcel_count: shipments.length,
        ...(counted ? {} : { tracking_numbers: shipments.map((s) => s.tracking_number) }),
        cancelled: false,
      });
      const cancelled = await t.api(`/pickups/${res.body.id}/cancel`, { method: 'POST', key: team.apiKey, body: {} });
      expect(cancelled.status).toBe(200);
      const after = ((await t.sandbox('GET', `/sandbox/v1/carriers/${code}/pickups`)).body.pickups as any[]).find(
        (p) => p.confirmation_number === res.body.confirmation_number,
      );
      expect(after.cancelled).toBe(true);
    });

    it('cancels, or voids in the gateway where the carrier has no cancel: no label, not on a manifest', async () => {
      const kept = await bookOne();
      const voided = await bookOne();
      for (const s of [kept, voided]) expect((await t.api(`/labels/${s.id}`, { key: team.apiKey })).status).toBe(200);
      const res = await t.api(`/shipments/${voided.id}/cancel`, { method: 'POST', key: team.apiKey });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('CANCELLED');
      const atCarrier = (await t.sandbox('GET', `/sandbox/v1/carriers/${code}/shipments/${voided.tracking_number}`)).body;
      expect(atCarrier.cancelled).toBe(!carrierLacks(carrier, 'cancel'));
      expect((await t.api(`/labels/${voided.id}`, { key: team.apiKey })).body.error.code).toBe('E_LABEL_VOIDED');

      const manifest = await t.api('/manifests', { method: 'POST', key: team.apiKey, body: { carrier: code } });
      expect(manifest.status).toBe(201);
      const csv = await fetch(`${t.url}/api/v1/manifests/${manifest.body.id}.csv`, { headers: { authorization: `Bearer ${team.apiKey}` } });
      const text = await csv.text();
      expect(text).toContain(kept.tracking_number);
      expect(text).not.toContain(voided.tracking_number);
    });
  });

  /**
   * Aymakan pushes its status updates (its documented webhook payload) to the connection's
   * webhook URL, and shows an account its own shipments only: the team's account is the one
   * polled and the one pushing.
   */
  describe('aymakan: pushed status updates and polling on the booking account', () => {
    const code = 'aymakan';
    const lane = laneOf(code);
    let merchant: TestTeam;
    let account: { account_id: string; credentials: Record<string, string> };
    let webhookPath: string;
    let days = 100;
    const sync = () => t.app.get(SyncTrackingUseCase).execute({ carrierCode: code, now: new Date(Date.now() + ++days * 86_400_000) });
    const inject = (trackingNumber: string, event: Record<string, unknown>) =>
      t.sandbox('POST', `/sandbox/v1/carriers/${code}/shipments/${trackingNumber}/events`, event);
    const tracked = async (token: string, tn: string) => {
      const res = await fetch(`${t.sandboxUrl}/${code}/v2/shipping/track/${tn}`, {
        headers: { authorization: token, accept: 'application/json' },
      });
      return { status: res.status, body: (await res.json()) as any };
    };
    /** What Aymakan posts on a status change: the shipment as tracked, its newest code as `status`. */
    const payloadOf = async (tn: string) => {
      const shipment = (await tracked(account.credentials.api_token, tn)).body.data.shipments[0];
      return { ...shipment, status: shipment.tracking_info[0].status_code, date_time: new Date().toISOString(), event: 'status_update' };
    };
    const push = async (path: string, body: unknown) => {
      const res = await fetch(`${t.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as any };
    };
    const bookOne = async () => {
      const quote = await quoteWhere(t, merchant.apiKey, lane.body, (q) => q.carrier.code === code);
      const res = await t.api('/shipments', { method: 'POST', key: merchant.apiKey, body: { quote_id: quote.quote_id, ...lane.body } });
      expect(res.status).toBe(201);
      return res.body;
    };
    const trackingOf = async (id: string) => (await t.api(`/shipments/${id}/tracking`, { key: merchant.apiKey })).body;

    beforeAll(async () => {
      merchant = await t.createTeam('Aymakan Pushing Merchant');
      account = await openSandboxAccount(t, code);
      const created = await t.api('/carrier-connections', {
        method: 'POST',
        key: merchant.apiKey,
        body: { carrier: code, credentials: apiCredentials(account.credentials) },
      });
      expect(created.status).toBe(201);
      webhookPath = created.body.webhook_url;
      expect(webhookPath).toMatch(/^\/api\/v1\/carrier-webhooks\/aymakan\/[A-Za-z0-9_-]{43}$/);
      // Shown once: the token is kept hashed.
      const listed = (await t.api('/carrier-connections', { key: merchant.apiKey })).body.connections;
      expect(listed.find((c: any) => c.carrier === code).webhook_url).toBeUndefined();
    });

    it("polls on the account the shipment was booked on: the platform's account cannot even see it", async () => {
      const shipment = await bookOne();
      const tn = shipment.tracking_number;
      const at = (step: number) => new Date(Date.parse(shipment.created_at) + step * 1000).toISOString();
      expect((await tracked(AYMAKAN_SANDBOX_TOKEN, tn)).body).toEqual({ error: true, message: 'No shipments found' });
      await inject(tn, { code: 'PICKED_UP', occurred_at: at(1) });
      await inject(tn, { code: 'DELIVERED', occurred_at: at(2) });
      await sync();
      expect((await trackingOf(shipment.id)).status).toBe('DELIVERED');
    });

    it('applies pushed updates through the tracking path: a failed attempt, then DELIVERED; a repeated push stores nothing twice', async () => {
      const shipment = await bookOne();
      const tn = shipment.tracking_number;
      const at = (step: number) => new Date(Date.parse(shipment.created_at) + step * 1000).toISOString();
      await inject(tn, { code: 'PICKED_UP', occurred_at: at(1) });
      await inject(tn, { code: 'OUT_FOR_DELIVERY', occurred_at: at(2) });
      await inject(tn, { code: 'EXCEPTION', exception_type: 'FAILED_DELIVERY_ATTEMPT', occurred_at: at(3) });
      const first = await push(webhookPath, await payloadOf(tn));
      expect(first).toEqual({ status: 200, body: { received: true, events: 3 } });
      expect((await trackingOf(shipment.id)).status).toBe('EXCEPTION_FAILED_DELIVERY_ATTEMPT');
      const again = await push(webhookPath, await payloadOf(tn));
      expect(again.body).toEqual({ received: true, events: 0 });

      await inject(tn, { code: 'OUT_FOR_DELIVERY', occurred_at: at(4) });
      await inject(tn, { code: 'DELIVERED', occurred_at: at(5) });
      expect((await push(webhookPath, await payloadOf(tn))).body.events).toBe(2);
      const tracking = await trackingOf(shipment.id);
      expect(tracking.status).toBe('DELIVERED');
      // Polling the same account after the pushes finds nothing new.
      await sync();
      expect((await trackingOf(shipment.id)).events).toHaveLength(tracking.events.length);
      expect(tracking.events.filter((e: any) => e.code === 'DELIVERED')).toHaveLength(1);
    });

    it('keeps a pushed unknown code as an event with the carrier text, changing nothing', async () => {
      const shipment = await bookOne();
      const tn = shipment.tracking_number;
      const at = new Date(Date.parse(shipment.created_at) + 1000);
      const riyadh = new Date(at.getTime() + 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
      const pushed = await push(webhookPath, {
        tracking_number: tn,
        status: 'AY-0999',
        date_time: at.toISOString(),
        tracking_info: [{ status_code: 'AY-0999', description: 'Held for inspection', created_at: riyadh }],
      });
      expect(pushed.body).toEqual({ received: true, events: 1 });
      const tracking = await trackingOf(shipment.id);
      expect(tracking.status).not.toBe('EXCEPTION_CARRIER_DELAY');
      expect(tracking.events[0]).toMatchObject({ code: 'AY-0999 Held for inspection', is_exception: false });
    });

    it('answers 404 alike for an unknown token or carrier, and 422 for a body that is not the payload', async () => {
      const unknownToken = webhookPath.replace(/[A-Za-z0-9_-]{43}$/, 'A'.repeat(43));
      for (const path of [unknownToken, webhookPath.replace('/aymakan/', '/smsa/'), '/api/v1/carrier-webhooks/aymakan/short']) {
        const res = await push(path, { tracking_number: 'AY1', status: 'AY-0005' });
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe('E_NOT_FOUND');
      }
      const bad = await push(webhookPath, { hello: 'world' });
      expect(bad.status).toBe(422);
      expect(bad.body.error).toMatchObject({ code: 'E_VALIDATION', details: { field: 'body' } });
    });
  });
});
