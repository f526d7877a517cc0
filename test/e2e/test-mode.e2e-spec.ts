import { Webhook } from 'standardwebhooks';
import { CARRIERS } from '@lgw/carriers';
import { book } from '../support/booking';
import { eventually } from '../support/eventually';
import { JEDDAH, ratesBody } from '../support/fixtures';
import { documentedOperations } from '../support/routes';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';
import { ReceivedWebhook, startWebhookReceiver, WebhookReceiver } from '../support/webhook-receiver';

/** Verifies as a customer would: the standardwebhooks library, the timestamp tolerance included. */
function verify(secret: string, r: ReceivedWebhook): any {
  return new Webhook(secret).verify(r.body, {
    'webhook-id': r.headers['webhook-id'],
    'webhook-timestamp': r.headers['webhook-timestamp'],
    'webhook-signature': r.headers['webhook-signature'],
  });
}

/** A carrier of the registry that collects cash on a domestic lane. */
const COD_CARRIER = CARRIERS.map((c) => c.descriptor).find((c) =>
  c.service_levels.some((l) => l.cash_on_delivery === true && l.lanes.includes('domestic')),
)!.code;

describe('test mode', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let team: TestTeam;
  /** The same team, its test key in place of the live one (support helpers book with apiKey). */
  let testTeam: TestTeam;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await bootTestApp({
      worker: true,
      // Live carriers on one sandbox, test mode's on another: a test key must reach the second.
      separateTestSandbox: true,
      env: {
        TRACKING_POLL_INTERVAL_MS: '200',
        WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
        WEBHOOK_CA_FILE: receiver.caFile,
        WEBHOOK_RETRY_SCHEDULE_MS: '300,300,300',
      },
    });
    team = await t.createTeam('Test Mode Team');
    await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 100_000 });
    testTeam = { ...team, apiKey: team.testApiKey };
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const atSandbox = async (sandboxUrl: string, carrier: string, tn: string) =>
    (await fetch(`${sandboxUrl}/sandbox/v1/carriers/${carrier}/shipments/${tn}`)).status;

  it('books test shipments on the sandbox simulators, never on the live carriers, and marks them test', async () => {
    const shipment = await book(t, testTeam);
    expect(shipment.mode).toBe('test');
    expect(await atSandbox(t.testSandboxUrl, shipment.carrier.code, shipment.tracking_number)).toBe(200);
    expect(await atSandbox(t.sandboxUrl, shipment.carrier.code, shipment.tracking_number)).toBe(404);

    const live = await book(t, team);
    expect(live.mode).toBe('live');
    expect(await atSandbox(t.sandboxUrl, live.carrier.code, live.tracking_number)).toBe(200);
    expect(await atSandbox(t.testSandboxUrl, live.carrier.code, live.tracking_number)).toBe(404);

    const quotes = await t.api('/rates', { method: 'POST', key: team.testApiKey, body: ratesBody() });
    expect(quotes.body.quotes.every((q: { mode: string }) => q.mode === 'test')).toBe(true);
  });

  describe('isolation, on every documented route', () => {
    let doc: any;
    /** What each mode made: ids any route could take. */
    const made: Record<'live' | 'test', string[]> = { live: [], test: [] };

    beforeAll(async () => {
      doc = await (await fetch(`${t.url}/api/v1/openapi.json`)).json();
      for (const mode of ['live', 'test'] as const) {
        const who = mode === 'live' ? team : testTeam;
        const shipment = await book(t, who);
        const quote = (await t.api('/rates', { method: 'POST', key: who.apiKey, body: ratesBody() })).body.quotes[0];
        made[mode].push(shipment.id, shipment.tracking_number, quote.quote_id);
      }
    }, 60_000);

    const keyOf = (mode: 'live' | 'test') => (mode === 'live' ? team.apiKey : team.testApiKey);
    const other = (mode: 'live' | 'test') => (mode === 'live' ? 'test' : 'live');

    it.each(['live', 'test'] as const)(
      'what a %s key made is a 404 or absent for the other mode, route by route',
      async (owner) => {
        const operations = documentedOperations(doc).filter((op) => op.path.startsWith('/api/v1/') && !op.path.startsWith('/api/v1/test/'));
        const [shipmentId] = made[owner];
        let reachedByOwner = 0;
        let probed = 0;
        for (const op of operations) {
          const withId = op.params.filter((p) => p !== 'code');
          if (withId.length === 0) {
            if (op.method !== 'GET') continue;
            // Lists and summaries: the other mode's answer names nothing the owner made.
            const res = await t.api(op.path.slice('/api/v1'.length), { key: keyOf(other(owner)) });
            for (const id of made[owner]) expect(`${op.method} ${op.path} ${res.text}`).not.toContain(id);
            probed++;
            continue;
          }
          for (const id of made[owner]) {
            const path = op.params
              .reduce((p, name) => p.replace(`{${name}}`, name === 'code' ? CARRIERS[0].descriptor.code : id), op.path)
              .slice('/api/v1'.length);
            const body = op.method === 'GET' || op.method === 'DELETE' ? undefined : {};
            const res = await t.api(path, { method: op.method, key: keyOf(other(owner)), body });
            probed++;
            // Never served to the other mode; a read is the same 404 an unknown id gets.
            expect(`${op.method} ${path} → ${res.status}`).not.toMatch(/→ 2\d\d$/);
            if (op.method === 'GET') expect(`${op.method} ${path} → ${res.status}`).toMatch(/→ 404$/);
            if (op.method === 'GET' && id === shipmentId) {
              const own = await t.api(path, { key: keyOf(owner) });
              if (own.status === 200) reachedByOwner++;
            }
          }
        }
        // The sweep is not empty: the owner reads its own shipment on several routes.
        expect(reachedByOwner).toBeGreaterThanOrEqual(2);
        expect(probed).toBeGreaterThan(30);
      },
      120_000,
    );
  });

  describe('POST /test/shipments/{id}/events', () => {
    it('is a 404 E_NOT_FOUND for live keys, whichever shipment it names', async () => {
      const live = await book(t, team);
      const test = await book(t, testTeam);
      for (const id of [live.id, test.id]) {
        const res = await t.api(`/test/shipments/${id}/events`, { method: 'POST', key: team.apiKey, body: { code: 'PICKED_UP' } });
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe('E_NOT_FOUND');
      }
      const liveWithTestKey = await t.api(`/test/shipments/${live.id}/events`, {
        method: 'POST',
        key: team.testApiKey,
        body: { code: 'PICKED_UP' },
      });
      expect(liveWithTestKey.status).toBe(404);
      const refused = await t.api(`/test/shipments/${test.id}/events`, { method: 'POST', key: team.testApiKey, body: { code: 'NOPE' } });
      expect(refused.status).toBe(422);
      expect(refused.body.error.details.field).toBe('code');
      expect(refused.body.error.details.reason_ar).toMatch(/[\u0600-\u06FF]/);
      const damaged = await t.api(`/test/shipments/${test.id}/events`, {
        method: 'POST',
        key: team.testApiKey,
        body: { code: 'EXCEPTION', exception_type: 'DAMAGED' },
      });
      expect(damaged.status).toBe(422);
      expect(damaged.body.error.details).toMatchObject({ field: 'exception_type', reason_ar: expect.stringMatching(/[\u0600-\u06FF]/) });
    });

    it('moves the shipment as a carrier scan does, and the webhooks it sends carry mode test, signed', async () => {
      const config = await t.api('/webhooks/config', { method: 'POST', key: team.testApiKey, body: { url: `${receiver.url}/test-mode` } });
      expect(config.status).toBe(200);
      const secret = config.body.secret as string;
      const shipment = await book(t, testTeam);

      const picked = await t.api(`/test/shipments/${shipment.id}/events`, {
        method: 'POST',
        key: team.testApiKey,
        body: { code: 'PICKED_UP', location_en: 'Riyadh hub', location_ar: 'مركز الرياض' },
      });
      expect(picked.status).toBe(201);
      expect(picked.body).toMatchObject({ mode: 'test', status: 'PICKED_UP', tracking_number: shipment.tracking_number });
      expect(picked.body.events[0]).toMatchObject({ code: 'PICKED_UP', location_en: 'Riyadh hub', location_ar: 'مركز الرياض' });

      const held = await t.api(`/test/shipments/${shipment.id}/events`, {
        method: 'POST',
        key: team.testApiKey,
        body: { code: 'EXCEPTION', exception_type: 'CUSTOMS_HOLD' },
      });
      expect(held.status).toBe(201);
      expect(held.body.events[0]).toMatchObject({ is_exception: true, exception_type: 'CUSTOMS_HOLD' });

      // Messages are sent concurrently, in no promised order: wait for each kind, whichever comes last.
      const kinds = ['shipment.created', 'shipment.status_updated', 'shipment.exception'];
      const messages = await eventually(
        'the created, status and exception webhooks',
        async () => {
          const mine = receiver.at('/test-mode').map((r) => verify(secret, r));
          const about = mine.filter((m) => m.data.shipment?.id === shipment.id);
          return kinds.every((kind) => about.some((m) => m.type === kind)) ? mine : undefined;
        },
        20_000,
      );
      expect(messages.every((m) => m.mode === 'test')).toBe(true);
      expect(messages.find((m) => m.type === 'shipment.exception').data.shipment).toMatchObject({ id: shipment.id, mode: 'test' });
    }, 60_000);

    it('an exception right after booking moves the status on every carrier, those reporting to the minute included', async () => {
      for (const carrier of CARRIERS.map((c) => c.descriptor.code)) {
        const shipment = await book(t, testTeam, carrier);
        const issue = await t.api(`/test/shipments/${shipment.id}/events`, {
          method: 'POST',
          key: team.testApiKey,
          body: { code: 'EXCEPTION', exception_type: 'ADDRESS_ISSUE' },
        });
        expect(issue.status).toBe(201);
        expect({ carrier, status: issue.body.status }).toEqual({ carrier, status: 'EXCEPTION_ADDRESS_ISSUE' });
      }
    });

    it('collects cash on delivery in test mode, and bills nothing nor remits anything', async () => {
      const ledgerOf = async (teamId: string) =>
        Number(
          (await t.runtime.database.dataSource.query('SELECT count(*)::int AS n FROM billing_lines WHERE team_id = $1', [teamId]))[0].n,
        );
      const scope = (await t.runtime.database.dataSource.query('SELECT id FROM teams WHERE account_id = $1', [team.teamId]))[0].id;

      const shipment = await book(t, testTeam, COD_CARRIER, { destination: JEDDAH, cod_amount: 150 });
      const delivered = await t.api(`/test/shipments/${shipment.id}/events`, {
        method: 'POST',
        key: team.testApiKey,
        body: { code: 'DELIVERED' },
      });
      expect(delivered.status).toBe(201);
      expect(delivered.body.status).toBe('DELIVERED');
      const seen = await t.api(`/shipments/${shipment.id}`, { key: team.testApiKey });
      expect(seen.body.cod.status).toBe('COLLECTED');

      // A live booking writes its line: the ledger is being written, just never for test mode.
      const live = await book(t, team, COD_CARRIER, { destination: JEDDAH, cod_amount: 150 });
      await eventually('live booking billed', async () => ((await ledgerOf(team.teamId)) > 0 ? true : undefined), 15_000);
      expect(await ledgerOf(scope)).toBe(0);
      const invoice = await t.api('/invoices/current', { key: team.testApiKey });
      expect(invoice.status).toBe(200);
      expect(JSON.stringify(invoice.body)).not.toContain(shipment.id);

      // A payout naming both: the live one is remitted, the test one neither remitted nor kept unmatched.
      await t.sandbox('POST', `/sandbox/v1/carriers/${COD_CARRIER}/shipments/${live.tracking_number}/events`, { code: 'DELIVERED' });
      await eventually(
        'live collected',
        async () => ((await t.api(`/shipments/${live.id}`, { key: team.apiKey })).body.cod.status === 'COLLECTED' ? true : undefined),
        15_000,
      );
      const payout = await t.sandbox('POST', `/sandbox/v1/carriers/${COD_CARRIER}/remittances`, {
        items: [
          { tracking_number: live.tracking_number, amount_sar: 150 },
          { tracking_number: shipment.tracking_number, amount_sar: 150 },
        ],
      });
      expect(payout.status).toBe(201);
      await eventually(
        'live payout imported',
        async () => ((await t.api('/cod/remittances', { key: team.apiKey })).body.remittances.length > 0 ? true : undefined),
        15_000,
      );
      expect((await t.api('/cod/remittances', { key: team.testApiKey })).body.remittances).toEqual([]);
      const unmatched = await t.runtime.database.dataSource.query(
        'SELECT tracking_number FROM cod_unmatched_lines WHERE tracking_number = $1',
        [shipment.tracking_number],
      );
      expect(unmatched).toEqual([]);
    }, 90_000);
  });
});
