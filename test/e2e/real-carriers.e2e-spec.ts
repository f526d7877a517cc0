import { SyncTrackingUseCase } from '@lgw/tracking';
import { CARRIERS, carrierLacks, connectionSchemaOf, createCarrierRegistry } from '@lgw/carriers';
import { credentialApiName } from '@lgw/carrier-access';
import { apiCredentials, laneOf, openSandboxAccount } from '../support/carrier-connections';
import { platformAccountEnv } from '../support/carriers';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';

/** The real carriers (DESIGN §7): offered only with a connection, their own label, their own scans. */
const REAL = CARRIERS.filter((carrier) => carrier.offeredWithConnectionOnly);
const BUILT_IN = CARRIERS.filter((carrier) => !carrier.offeredWithConnectionOnly).map((carrier) => carrier.descriptor.code);
/** A fresh start: the deployment gives no platform account to any real carrier. */
const NO_PLATFORM_ACCOUNTS = Object.fromEntries(Object.keys(platformAccountEnv()).map((name) => [name, '']));

describe('real carriers on a merchant account', () => {
  let t: TestApp;
  let team: TestTeam;
  let other: TestTeam;

  beforeAll(async () => {
    t = await bootTestApp({ env: { ...NO_PLATFORM_ACCOUNTS, CARRIER_TIMEOUT_MS: '2000' } });
    team = await t.createTeam('Real Carrier Merchant');
    other = await t.createTeam('Merchant Without Accounts');
  }, 120_000);
  afterAll(() => t.close());

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
      const quote = (await t.api('/rates', { method: 'POST', key: team.apiKey, body: lane.body })).body.quotes.find(
        (q: any) => q.carrier.code === code,
      );
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
      expect(await listed(team.apiKey)).toEqual([...BUILT_IN, code]);
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
      // The same bytes again, and the same the carrier keeps for this AWB (asked on the merchant's account).
      const again = await fetch(`${t.url}/api/v1/labels/${shipment.id}?format=${formats[0]}`, {
        headers: { authorization: `Bearer ${team.apiKey}` },
      });
      expect(Buffer.from(await again.arrayBuffer()).equals(body)).toBe(true);
      const registry = createCarrierRegistry({ sandboxUrl: t.sandboxUrl, env: {} });
      try {
        const document = await registry.connect(code, opened.credentials)!.fetchLabel!(shipment.tracking_number);
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
});
