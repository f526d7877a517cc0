import { CARRIERS } from '@lgw/carriers';
import { PROOF_METHODS } from '@lgw/kernel';
import { book } from '../support/booking';
import { eventually } from '../support/eventually';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';

const PUBLIC_BASE_URL = 'https://track.proof.example';

/** Carriers iterate the registry: those whose delivery scan reports a proof, and those whose does not. */
const PROOF_CARRIERS = CARRIERS.filter((c) => c.descriptor.capabilities.proofOfDelivery).map((c) => ({
  code: c.descriptor.code,
  methods: c.descriptor.capabilities.proofOfDelivery!.methods,
}));
const NO_PROOF_CARRIERS = CARRIERS.filter((c) => !c.descriptor.capabilities.proofOfDelivery).map((c) => c.descriptor.code);
const CASES = PROOF_CARRIERS.flatMap((c) => c.methods.map((method) => [c.code, method] as const));

const RECEIVER = 'Sara Ali Hassan';
const PHOTO = 'https://pod.carrier.example/hand-over/7f3a.jpg';

/**
 * Proof of delivery (issue 41, docs/adr/0088): a delivered event with a proof, driven through each
 * registered carrier's simulator in its native format, reaches the shipment as proof_of_delivery,
 * and the recipient's page shows the method and the receiver's first name only.
 */
describe('proof of delivery', () => {
  let t: TestApp;
  let team: TestTeam;

  beforeAll(async () => {
    t = await bootTestApp({ worker: true, env: { TRACKING_POLL_INTERVAL_MS: '200', PUBLIC_BASE_URL } });
    team = await t.createTeam('Proof Team');
    await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 100_000 });
  }, 120_000);
  afterAll(() => t?.close());

  const get = async (id: string) => (await t.api(`/shipments/${id}`, { key: team.apiKey })).body;
  const tokenOf = (s: { tracking_url: string }) => s.tracking_url.slice(`${PUBLIC_BASE_URL}/t/`.length);
  const deliver = async (carrier: string, trackingNumber: string, proof: Record<string, unknown>) => {
    const res = await t.sandbox('POST', `/sandbox/v1/carriers/${carrier}/shipments/${trackingNumber}/events`, {
      code: 'DELIVERED',
      proof_of_delivery: proof,
    });
    expect(res.status).toBe(201);
    return res.body.event;
  };
  const delivered = (id: string) =>
    eventually('delivered', async () => {
      const s = await get(id);
      return s.status === 'DELIVERED' ? s : undefined;
    });

  it('every registered carrier is either declared to report a proof or not, and some do', () => {
    expect(PROOF_CARRIERS.length).toBeGreaterThan(0);
    expect(PROOF_CARRIERS.length + NO_PROOF_CARRIERS.length).toBe(CARRIERS.length);
    for (const c of PROOF_CARRIERS) for (const m of c.methods) expect(PROOF_METHODS).toContain(m);
  });

  it.each(CASES)('%s: a delivery proven by %s is on the shipment and, first name only, on the recipient page', async (carrier, method) => {
    const s = await book(t, team, carrier);
    expect(s.proof_of_delivery).toBeNull();
    const event = await deliver(carrier, s.tracking_number, {
      method,
      received_by: RECEIVER,
      ...(method === 'PHOTO' ? { photo_url: PHOTO } : {}),
    });
    const done = await delivered(s.id);
    expect(done.proof_of_delivery).toEqual({
      method,
      received_by: RECEIVER,
      photo_url: method === 'PHOTO' ? PHOTO : null,
      at: expect.any(String),
    });
    // When the carrier says it happened, at the carrier's time resolution (minutes for some).
    expect(Math.abs(Date.parse(done.proof_of_delivery.at) - Date.parse(event.occurred_at))).toBeLessThan(60_000);
    expect((await t.api(`/shipments?q=${s.tracking_number}`, { key: team.apiKey })).body.shipments[0].proof_of_delivery).toEqual(
      done.proof_of_delivery,
    );

    const json = await fetch(`${t.url}/t/${tokenOf(s)}.json`);
    expect(json.status).toBe(200);
    const view = (await json.json()) as any;
    expect(view.proof_of_delivery).toEqual({ method, received_by_first_name: 'Sara', at: done.proof_of_delivery.at });
    expect(JSON.stringify(view)).not.toContain('Hassan');
    expect(JSON.stringify(view)).not.toContain(PHOTO);
    for (const lang of ['ar', 'en'] as const) {
      const page = await fetch(`${t.url}/t/${tokenOf(s)}${lang === 'en' ? '?lang=en' : ''}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(`data-method="${method}"`);
      expect(html).toContain(lang === 'ar' ? 'إثبات التسليم' : 'Proof of delivery');
      expect(html).toMatch(/class="received-by">Sara</);
      expect(html).not.toContain('Hassan');
      expect(html).not.toContain(PHOTO);
      expect(html).not.toContain(s.destination.phone);
    }
  });

  it.each(PROOF_CARRIERS.map((c) => [c.code, c.methods[0]] as const))(
    '%s: a receiver written as a phone number is kept for the merchant and never shown to the recipient',
    async (carrier, method) => {
      const s = await book(t, team, carrier);
      await deliver(carrier, s.tracking_number, { method, received_by: '0551234567 Guard' });
      const done = await delivered(s.id);
      expect(done.proof_of_delivery).toMatchObject({ method, received_by: '0551234567 Guard' });
      const view = (await (await fetch(`${t.url}/t/${tokenOf(s)}.json`)).json()) as any;
      expect(view.proof_of_delivery).toEqual({ method, received_by_first_name: null, at: done.proof_of_delivery.at });
      const html = await (await fetch(`${t.url}/t/${tokenOf(s)}?lang=en`)).text();
      expect(html).not.toContain('0551234567');
      expect(html).not.toContain('received-by');
    },
  );

  it.each(NO_PROOF_CARRIERS)('%s: reports no proof in its delivery scan, and the gateway invents none', async (carrier) => {
    const s = await book(t, team, carrier);
    await deliver(carrier, s.tracking_number, { method: 'SIGNATURE', received_by: RECEIVER });
    const done = await delivered(s.id);
    expect(done.proof_of_delivery).toBeNull();
    const view = (await (await fetch(`${t.url}/t/${tokenOf(s)}.json`)).json()) as any;
    expect(view.status).toBe('DELIVERED');
    expect(view.proof_of_delivery).toBeNull();
  });

  it('the sandbox takes a proof only with a delivery and a known method', async () => {
    const s = await book(t, team, PROOF_CARRIERS[0].code);
    const path = `/sandbox/v1/carriers/${PROOF_CARRIERS[0].code}/shipments/${s.tracking_number}/events`;
    const early = await t.sandbox('POST', path, { code: 'IN_TRANSIT', proof_of_delivery: { method: 'OTP' } });
    expect(early.status).toBe(422);
    expect(early.body.error.field).toBe('proof_of_delivery');
    const unknown = await t.sandbox('POST', path, { code: 'DELIVERED', proof_of_delivery: { method: 'FINGERPRINT' } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.field).toBe('proof_of_delivery.method');
    expect((await get(s.id)).proof_of_delivery).toBeNull();
  });
});
