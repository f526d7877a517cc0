import { Webhook } from 'standardwebhooks';
import { book } from '../support/booking';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';
import { ReceivedWebhook, startWebhookReceiver, WebhookReceiver } from '../support/webhook-receiver';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Verifies as a customer would: the standardwebhooks library, the timestamp tolerance included. */
function verify(secret: string, r: ReceivedWebhook): any {
  return new Webhook(secret).verify(r.body, {
    'webhook-id': r.headers['webhook-id'],
    'webhook-timestamp': r.headers['webhook-timestamp'],
    'webhook-signature': r.headers['webhook-signature'],
  });
}

describe('webhooks (Standard Webhooks delivery from the outbox)', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await bootTestApp({
      worker: true,
      env: {
        // The receiver is on 127.0.0.1: lifted here, and proven refused by the second app below.
        WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
        WEBHOOK_CA_FILE: receiver.caFile,
        WEBHOOK_RETRY_SCHEDULE_MS: '300,300,300',
        WEBHOOK_TIMEOUT_MS: '3000',
        TRACKING_POLL_INTERVAL_MS: '200',
        LOG_LEVEL: process.env.WH_LOG ?? 'silent',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  async function teamWithEndpoint(name: string, path: string, events?: string[]) {
    const team = await t.createTeam(name);
    await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 100_000 });
    const res = await t.api('/webhooks/config', {
      method: 'POST',
      key: team.apiKey,
      body: { url: `${receiver.url}${path}`, ...(events ? { events } : {}) },
    });
    expect(res.status).toBe(200);
    return { team, secret: res.body.secret as string };
  }

  async function deliveriesUntil(team: TestTeam, done: (list: any[]) => boolean, what: string, query = '') {
    const deadline = Date.now() + 15_000;
    let last: any;
    while (Date.now() < deadline) {
      const res = await t.api(`/webhooks/deliveries${query}`, { key: team.apiKey });
      expect(res.status).toBe(200);
      last = res.body;
      if (done(last.deliveries)) return last.deliveries as any[];
      await sleep(100);
    }
    throw new Error(`not within 15 s: ${what}; last ${JSON.stringify(last)}`);
  }

  const inject = async (s: any, body: Record<string, unknown>) => {
    const res = await t.sandbox('POST', `/sandbox/v1/carriers/${s.carrier.code}/shipments/${s.tracking_number}/events`, body);
    expect(res.status).toBe(201);
  };

  it('validates the config: https only, no credentials, known kinds without duplicates; 404 before any config', async () => {
    const team = await t.createTeam('Config Team');
    expect((await t.api('/webhooks/config', { key: team.apiKey })).status).toBe(404);
    const cases: Array<[unknown, string, RegExp]> = [
      [{}, 'url', /required/],
      [{ url: 'http://merchant.example/hook' }, 'url', /https/],
      [{ url: 'not a url' }, 'url', /absolute URL/],
      [{ url: 'https://user:pw@merchant.example/hook' }, 'url', /credentials/],
      [{ url: 'https://merchant.example/hook', events: ['shipment.shipped'] }, 'events.0', /one of/],
      [{ url: 'https://merchant.example/hook', events: ['shipment.created', 'shipment.created'] }, 'events.1', /duplicate/],
      [{ url: 'https://merchant.example/hook', events: [] }, 'events', /at least one/],
      [{ url: 'https://merchant.example/hook', events: 'shipment.created' }, 'events', /array/],
    ];
    for (const [body, field, reason] of cases) {
      const res = await t.api('/webhooks/config', { method: 'POST', key: team.apiKey, body });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('E_VALIDATION');
      expect(res.body.error.details.field).toBe(field);
      expect(res.body.error.details.reason).toMatch(reason);
      expect(res.body.error.message_ar).toBeTruthy();
      expect(res.body.error.details.reason_ar).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('returns the secret once, masks it afterwards and keeps it across config updates', async () => {
    const { team, secret } = await teamWithEndpoint('Secret Team', '/secret');
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const got = await t.api('/webhooks/config', { key: team.apiKey });
    expect(got.body).toMatchObject({
      url: `${receiver.url}/secret`,
      enabled: true,
      events: ['shipment.created', 'shipment.status_updated', 'shipment.delivered', 'shipment.exception'],
    });
    expect(got.body.secret).toBe(`whsec_…${secret.slice(-4)}`);
    const again = await t.api('/webhooks/config', {
      method: 'POST',
      key: team.apiKey,
      body: { url: `${receiver.url}/secret2`, events: ['shipment.delivered'] },
    });
    expect(again.body).toEqual({ url: `${receiver.url}/secret2`, events: ['shipment.delivered'], secret });
    // At rest only the ciphertext exists.
    const [row] = await t.runtime.database.dataSource.query('SELECT * FROM webhook_endpoints WHERE team_id = $1', [team.teamId]);
    expect(JSON.stringify(row)).not.toContain(secret.slice(6));
  });

  it('delivers signed messages the standardwebhooks library verifies, with the shipment as GET returns it and unique ids', async () => {
    const { team, secret } = await teamWithEndpoint('Delivery Team', '/delivery');
    const s = await book(t, team);
    await inject(s, { code: 'PICKED_UP' });
    await inject(s, { code: 'IN_TRANSIT' });
    await inject(s, { code: 'OUT_FOR_DELIVERY' });
    await inject(s, { code: 'DELIVERED' });
    const types = () => receiver.at('/delivery').map((r) => JSON.parse(r.body).type);
    // Generous: on a loaded machine a first delivery attempt may time out and be retried.
    const deadline = Date.now() + 45_000;
    // Deliveries of one team run concurrently: wait for every message, not only the last kind.
    const statusUpdates = () => types().filter((x) => x === 'shipment.status_updated').length;
    while ((!types().includes('shipment.delivered') || statusUpdates() < 4) && Date.now() < deadline) await sleep(50);
    const got = receiver.at('/delivery');
    const payloads = got.map((r) => verify(secret, r));
    expect(types()).toContain('shipment.created');
    expect(types()).toContain('shipment.delivered');
    expect(statusUpdates()).toBeGreaterThanOrEqual(4);
    for (const r of got) {
      expect(r.headers['content-type']).toBe('application/json');
      expect(Math.abs(Number(r.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(300);
      expect(r.headers['webhook-id']).toMatch(/^msg_/);
    }
    // One id per message: a retry after a timed-out attempt repeats its message with the same id.
    const bodyOf = new Map<string, string>();
    for (const r of got) {
      const id = String(r.headers['webhook-id']);
      expect(bodyOf.get(id) ?? r.body).toBe(r.body);
      bodyOf.set(id, r.body);
    }
    expect(new Set(got.map((r) => r.body)).size).toBe(bodyOf.size);
    const created = payloads.find((p) => p.type === 'shipment.created');
    const current = (await t.api(`/shipments/${s.id}`, { key: team.apiKey })).body;
    expect(Object.keys(created.data.shipment).sort()).toEqual(Object.keys(current).sort());
    expect(created.data.shipment).toMatchObject({ id: s.id, tracking_number: s.tracking_number, status: 'CREATED' });
    const delivered = payloads.find((p) => p.type === 'shipment.delivered');
    expect(delivered.data).toMatchObject({ shipment: { id: s.id, status: 'DELIVERED' }, previous_status: 'OUT_FOR_DELIVERY' });
    const log = await deliveriesUntil(
      team,
      (list) => list.length === got.length && list.every((d) => d.state === 'delivered'),
      'all delivered',
    );
    expect(log[0].created_at >= log[log.length - 1].created_at).toBe(true);
    expect(log.every((d) => d.attempts === 1 && d.last_status_code === 200 && d.shipment_id === s.id)).toBe(true);
  });

  it('sends only the subscribed kinds', async () => {
    const { team, secret } = await teamWithEndpoint('Filter Team', '/filter', ['shipment.exception']);
    const s = await book(t, team);
    await inject(s, { code: 'PICKED_UP' });
    await inject(s, { code: 'EXCEPTION', exception_type: 'ADDRESS_ISSUE' });
    const [only] = await receiver.waitFor('/filter', 1);
    expect(verify(secret, only)).toMatchObject({ type: 'shipment.exception', data: { shipment: { id: s.id } } });
    await sleep(1500);
    expect(receiver.at('/filter').map((r) => JSON.parse(r.body).type)).toEqual(['shipment.exception']);
  });

  it('retries a receiver that fails twice under the same webhook-id, then delivers', async () => {
    receiver.reply('/flaky', (nth) => (nth <= 2 ? { status: nth === 1 ? 503 : 429, headers: { 'retry-after': '0' } } : { status: 204 }));
    const { team, secret } = await teamWithEndpoint('Flaky Team', '/flaky', ['shipment.created']);
    await book(t, team);
    const three = await receiver.waitFor('/flaky', 3);
    expect(new Set(three.map((r) => r.headers['webhook-id'])).size).toBe(1);
    for (const r of three) verify(secret, r);
    const [log] = await deliveriesUntil(team, (l) => l[0]?.state === 'delivered', 'delivered after retries');
    expect(log).toMatchObject({ attempts: 3, last_status_code: 204, last_error: null, type: 'shipment.created' });
  });

  it('disables the endpoint on 410 until the config is posted again; a failed message can be retried with the same id', async () => {
    receiver.reply('/gone', (nth) => (nth === 1 ? { status: 410 } : { status: 200 }));
    const { team } = await teamWithEndpoint('Gone Team', '/gone', ['shipment.created']);
    await book(t, team);
    const [failed] = await deliveriesUntil(team, (l) => l[0]?.state === 'failed', '410 fails the message', '?state=failed');
    expect(failed).toMatchObject({ attempts: 1, last_status_code: 410, next_attempt_at: null });
    expect((await t.api('/webhooks/config', { key: team.apiKey })).body).toMatchObject({ enabled: false, disabled_reason: 'gone' });
    await book(t, team);
    await sleep(1500);
    expect(receiver.at('/gone')).toHaveLength(1);

    const notFailed = await t.api('/webhooks/deliveries/msg_unknown/retry', { method: 'POST', key: team.apiKey });
    expect(notFailed.status).toBe(404);
    await t.api('/webhooks/config', {
      method: 'POST',
      key: team.apiKey,
      body: { url: `${receiver.url}/gone`, events: ['shipment.created'] },
    });
    const retried = await t.api(`/webhooks/deliveries/${failed.id}/retry`, { method: 'POST', key: team.apiKey });
    expect(retried.status).toBe(202);
    const [, again] = await receiver.waitFor('/gone', 2);
    expect(again.headers['webhook-id']).toBe(failed.id);
    await deliveriesUntil(team, (l) => l.find((d) => d.id === failed.id)?.state === 'delivered', 'retried message delivered');
    const twice = await t.api(`/webhooks/deliveries/${failed.id}/retry`, { method: 'POST', key: team.apiKey });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('E_WEBHOOK_NOT_RETRYABLE');
  });

  it('disables an endpoint that has failed every attempt for five days; its pending messages fail with it', async () => {
    receiver.reply('/failing', () => ({ status: 500 }));
    const { team } = await teamWithEndpoint('Failing Team', '/failing', ['shipment.created']);
    // The run of failures began five days ago (as if every attempt since had failed).
    await t.runtime.database.dataSource.query("UPDATE webhook_endpoints SET failing_since = now() - interval '5 days' WHERE team_id = $1", [
      team.teamId,
    ]);
    await book(t, team);
    const [failed] = await deliveriesUntil(team, (l) => l[0]?.state === 'failed', 'message failed with the endpoint');
    expect(failed).toMatchObject({ attempts: 1, last_error: expect.stringMatching(/5 days/) });
    expect((await t.api('/webhooks/config', { key: team.apiKey })).body).toMatchObject({ enabled: false, disabled_reason: 'failing' });
    const reenabled = await t.api('/webhooks/config', { method: 'POST', key: team.apiKey, body: { url: `${receiver.url}/failing` } });
    expect(reenabled.status).toBe(200);
    expect((await t.api('/webhooks/config', { key: team.apiKey })).body).toMatchObject({ enabled: true, disabled_reason: null });
  });

  it('keeps a team with a hanging endpoint to its own slots: another team is delivered meanwhile', async () => {
    receiver.reply('/hang', () => ({ hang: true }));
    const slow = await teamWithEndpoint('Hanging Team', '/hang', ['shipment.created']);
    for (let i = 0; i < 6; i++) await book(t, slow.team);
    await receiver.waitFor('/hang', 1);
    const fast = await teamWithEndpoint('Prompt Team', '/prompt', ['shipment.created']);
    await book(t, fast.team);
    await receiver.waitFor('/prompt', 1);
    // WEBHOOK_TEAM_CONCURRENCY (4): the hanging team's other messages wait for its own slots. Counted
    // as requests open at one time, not ids seen: on a slow machine the 3 s timeout frees a slot
    // for the next message before the prompt team's delivery is observed. A request the sender
    // gave up on (WEBHOOK_TIMEOUT_MS, 3 s from sending it, a little before it arrived here) no longer
    // holds a slot, even before the receiver sees it close; four at once within 2.5 s still count.
    expect(receiver.peakHanging('/hang', 2_500)).toBeGreaterThan(0);
    expect(receiver.peakHanging('/hang', 2_500)).toBeLessThanOrEqual(4);
    receiver.reply('/hang', () => ({ status: 200 }));
  });

  it('does not follow redirects, not even to another path of the same host', async () => {
    receiver.reply('/redirect', () => ({ status: 302, headers: { location: `${receiver.url}/redirect-target` } }));
    const { team } = await teamWithEndpoint('Redirect Team', '/redirect', ['shipment.created']);
    await book(t, team);
    const [failed] = await deliveriesUntil(team, (l) => l[0]?.state === 'failed', 'redirect fails');
    expect(failed.last_status_code).toBe(302);
    expect(failed.last_error).toMatch(/redirect not followed/);
    expect(receiver.at('/redirect-target')).toHaveLength(0);
  });

  it('signs with both secrets during the rotation overlap', async () => {
    const { team, secret: oldSecret } = await teamWithEndpoint('Rotation Team', '/rotation', ['shipment.created']);
    const rotated = await t.api('/webhooks/config/rotate-secret', { method: 'POST', key: team.apiKey });
    expect(rotated.status).toBe(200);
    const newSecret = rotated.body.secret;
    expect(newSecret).not.toBe(oldSecret);
    expect(Date.parse(rotated.body.previous_secret_expires_at) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    await book(t, team);
    const [r] = await receiver.waitFor('/rotation', 1);
    expect(r.headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(verify(newSecret, r).type).toBe('shipment.created');
    expect(verify(oldSecret, r).type).toBe('shipment.created');
    expect((await t.api('/webhooks/config', { key: team.apiKey })).body.secret).toBe(`whsec_…${newSecret.slice(-4)}`);
  });

  it('POST /webhooks/test sends a signed webhook.test whatever the subscription and returns the status code', async () => {
    receiver.reply('/test-endpoint', () => ({ status: 202 }));
    const { team, secret } = await teamWithEndpoint('Test Team', '/test-endpoint', ['shipment.delivered']);
    const res = await t.api('/webhooks/test', { method: 'POST', key: team.apiKey });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ delivered: true, status_code: 202, error: null });
    const [r] = receiver.at('/test-endpoint');
    expect(verify(secret, r)).toMatchObject({ type: 'webhook.test' });
    expect(r.headers['webhook-id']).toBe(res.body.webhook_id);
  });

  it("lists deliveries of the caller's team only and validates the query", async () => {
    const stranger = await t.createTeam('Stranger Team');
    const list = await t.api('/webhooks/deliveries', { key: stranger.apiKey });
    expect(list.body).toEqual({ deliveries: [], total: 0, limit: 20, offset: 0 });
    for (const q of ['?state=sent', '?limit=0', '?offset=-1']) {
      const res = await t.api(`/webhooks/deliveries${q}`, { key: stranger.apiKey });
      expect(res.status).toBe(422);
      expect(res.body.error.details.reason_ar).toMatch(/[\u0600-\u06FF]/);
    }
  });

  describe('SSRF guard (private targets not allowed)', () => {
    let strict: TestApp;
    beforeAll(async () => {
      strict = await bootTestApp({ env: { WEBHOOK_CA_FILE: receiver.caFile } });
    });
    afterAll(() => strict.close());

    it.each([
      'https://127.0.0.1/hook',
      'https://[::1]/hook',
      'https://10.0.0.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::ffff:127.0.0.1]/hook',
      'https://localhost/hook',
    ])('refuses %s at config time', async (url) => {
      const team = await strict.createTeam('SSRF Team');
      const res = await strict.api('/webhooks/config', { method: 'POST', key: team.apiKey, body: { url } });
      expect(res.status).toBe(422);
      expect(res.body.error.details).toMatchObject({
        field: 'url',
        reason: expect.stringMatching(/non-public address/),
        reason_ar: expect.stringMatching(/[\u0600-\u06FF]/),
      });
    });
  });
});
