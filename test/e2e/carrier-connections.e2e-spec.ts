import { randomUUID } from 'node:crypto';
import { credentialApiName, sampleCredential } from '@lgw/carrier-access';
import { shipmentBody } from '../support/booking';
import { createCarrierRegistry } from '@lgw/carriers';
import { CARRIER_CODES, lacks } from '../support/carriers';
import { apiCredentials, contractCard, laneOf, openSandboxAccount, schemaOf } from '../support/carrier-connections';
import { ApiRequestInit, ApiResponse, bootTestApp, TestApp, TestTeam } from '../support/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PLATFORM_ACCOUNT = 'acct_platform';
/** Carriers whose adapter reads pushed status updates: their connections answer a webhook_url once. */
const PUSHING = (() => {
  const registry = createCarrierRegistry({ env: {} });
  const codes = CARRIER_CODES.filter((code) => typeof registry.get(code)?.readPush === 'function');
  void registry.close();
  return codes;
})();

describe('carrier connections', () => {
  let t: TestApp;
  const logs: string[] = [];
  /** Every API answer of the suite, to look for credentials in. */
  const answers: string[] = [];
  /** Every secret credential value the suite sent, accepted or refused; identifiers a schema marks `secret: false` are shown. */
  const secrets: string[] = [];
  const secretValues = (code: string, credentials: Record<string, string>) =>
    Object.entries(credentials)
      .filter(([name]) => {
        const fields = Object.entries(schemaOf(code).fields);
        const field = fields.find(([n]) => n === name || credentialApiName(n) === name)?.[1];
        return field?.secret !== false;
      })
      .map(([, value]) => value);

  beforeAll(async () => {
    t = await bootTestApp({ env: { LOG_LEVEL: 'debug' }, log: (line) => logs.push(line) });
  }, 120_000);
  afterAll(() => t?.close());

  async function api(path: string, init: ApiRequestInit = {}): Promise<ApiResponse> {
    const res = await t.api(path, init);
    answers.push(res.text);
    return res;
  }

  async function newTeam(name: string): Promise<TestTeam> {
    const team = await t.createTeam(name);
    await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 100_000 });
    return team;
  }

  async function account(code: string, sandboxUrl?: string) {
    const opened = await openSandboxAccount(t, code, sandboxUrl);
    secrets.push(...secretValues(code, opened.credentials));
    return opened;
  }

  const connect = (key: string, body: unknown) => api('/carrier-connections', { method: 'POST', key, body });
  const list = async (key: string) => (await api('/carrier-connections', { key })).body.connections as any[];
  const rates = async (key: string, body: unknown) => {
    const res = await api('/rates', { method: 'POST', key, body });
    expect(res.status).toBe(200);
    return res.body.quotes as any[];
  };
  const bookQuote = (key: string, quote: any, body: Record<string, unknown>) =>
    api('/shipments', { method: 'POST', key, body: shipmentBody(quote, body) });
  const sandboxAccountOf = async (code: string, trackingNumber: string) =>
    (await t.sandbox('GET', `/sandbox/v1/carriers/${code}/shipments/${trackingNumber}`)).body.account_id;
  const nativeRequests = async (code: string) => (await t.sandbox('GET', `/sandbox/v1/carriers/${code}/stats`)).body.native_requests;
  const connectionRows = async () =>
    Number((await t.runtime.database.dataSource.query('SELECT count(*)::int AS n FROM carrier_connections'))[0].n);

  describe.each(CARRIER_CODES)('%s', (code) => {
    let team: TestTeam;
    let other: TestTeam;
    const fields = () => Object.keys(schemaOf(code).fields);

    beforeAll(async () => {
      team = await newTeam(`Own ${code}`);
      other = await newTeam(`Other ${code}`);
    });

    it("takes the sandbox's account answer as it is: its credentials carry the API's names", async () => {
      const opened = await account(code);
      expect(Object.keys(opened.credentials).sort()).toEqual(fields().map(credentialApiName).sort());
      const newcomer = await newTeam(`Sandbox answer ${code}`);
      const res = await connect(newcomer.apiKey, { carrier: code, credentials: opened.credentials });
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
    });

    it('saves credentials the carrier accepts, answers only a hint, and lists the connection beside the platform ones', async () => {
      const opened = await account(code);
      const res = await connect(team.apiKey, { carrier: code, credentials: apiCredentials(opened.credentials) });
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 201, error: undefined });
      expect(res.body).toEqual({
        id: expect.stringMatching(UUID),
        carrier: code,
        owner: 'team',
        status: 'active',
        credentials_hint: expect.any(String),
        account_number: null,
        contract_rates: [],
        created_at: expect.any(String),
        ...(PUSHING.includes(code)
          ? { webhook_url: expect.stringMatching(new RegExp(`^/api/v1/carrier-webhooks/${code}/[\\w-]{43}$`)) }
          : {}),
      });
      for (const name of Object.keys(opened.credentials)) expect(res.body.credentials_hint).toContain(credentialApiName(name));
      for (const value of secretValues(code, opened.credentials)) expect(res.text).not.toContain(value);

      const mine = await list(team.apiKey);
      // The webhook URL is shown once, at creation.
      const { webhook_url: _shownOnce, ...saved } = res.body;
      expect(mine.filter((c) => c.owner === 'team')).toEqual([saved]);
      const platform = mine.filter((c) => c.owner === 'platform');
      expect(platform.map((c) => c.carrier).sort()).toEqual([...CARRIER_CODES].sort());
      for (const c of platform) expect(c).toMatchObject({ status: 'active', credentials_hint: null });
      // Another team sees the platform's connections only.
      expect((await list(other.apiKey)).every((c) => c.owner === 'platform')).toBe(true);
    });

    it('refuses credentials the carrier does not know: 422 on the credential field, bilingual, nothing saved', async () => {
      const schema = schemaOf(code);
      const unknown = Object.fromEntries(Object.entries(schema.fields).map(([name, field]) => [name, sampleCredential(field)]));
      secrets.push(...secretValues(code, unknown));
      const rows = await connectionRows();
      const before = await nativeRequests(code);
      const res = await connect(other.apiKey, { carrier: code, credentials: apiCredentials(unknown) });
      expect(res.status).toBe(422);
      const field = fields().length === 1 ? `credentials.${credentialApiName(fields()[0])}` : 'credentials';
      expect(res.body.error).toMatchObject({ code: 'E_VALIDATION', details: { field, reason: expect.stringContaining('refused') } });
      expect(res.body.error.details.reason_ar).toMatch(/[\u0600-\u06FF]/);
      expect(res.body.error.message_ar).toMatch(/[\u0600-\u06FF]/);
      // The carrier was asked (that is how the credentials were found wrong), and nothing kept.
      expect(await nativeRequests(code)).toBeGreaterThan(before);
      expect(await connectionRows()).toBe(rows);
      expect((await list(other.apiKey)).some((c) => c.owner === 'team')).toBe(false);
    });

    it("checks the carrier's declared schema before any carrier call, every problem with its field", async () => {
      const before = await nativeRequests(code);
      const missing = await connect(other.apiKey, { carrier: code, credentials: {} });
      expect(missing.status).toBe(422);
      const names = fields().map((name) => `credentials.${credentialApiName(name)}`);
      expect(missing.body.error.details.errors.map((e: any) => e.field)).toEqual(names);
      for (const e of missing.body.error.details.errors) expect(e.reason_ar).toMatch(/[\u0600-\u06FF]/);

      const opened = await account(code);
      const valid = apiCredentials(opened.credentials);
      const [first] = Object.keys(valid);
      const wrongType = await connect(other.apiKey, { carrier: code, credentials: { ...valid, [first]: 12345 } });
      expect(wrongType.body.error.details).toMatchObject({ field: `credentials.${first}`, reason: expect.stringContaining('string') });
      const extra = await connect(other.apiKey, { carrier: code, credentials: { ...valid, favourite_colour: 'blue' } });
      expect(extra.body.error.details).toMatchObject({ field: 'credentials.favourite_colour' });
      const notObject = await connect(other.apiKey, { carrier: code, credentials: 'token' });
      expect(notObject.body.error.details).toMatchObject({ field: 'credentials' });
      const badCard = await connect(other.apiKey, { carrier: code, credentials: valid, rate_cards: { no_such_service: {} } });
      expect(badCard.body.error.details).toMatchObject({ field: 'rate_cards.no_such_service' });
      expect(await nativeRequests(code)).toBe(before);
    });

    it("quotes the team's contract rates on its own connection and books on its account at the carrier", async () => {
      const lane = laneOf(code);
      const opened = await account(code);
      const created = await connect(team.apiKey, {
        carrier: code,
        credentials: apiCredentials(opened.credentials),
        rate_cards: { [lane.service]: contractCard(code, lane.service) },
      });
      expect(created.status).toBe(201);
      expect(created.body.contract_rates).toEqual([lane.service]);

      const quotes = await rates(team.apiKey, lane.body);
      const own = quotes.filter((q) => q.carrier.code === code);
      expect(own.length).toBeGreaterThan(0);
      for (const q of own) expect(q).toMatchObject({ account: 'own', connection_id: created.body.id });
      for (const q of quotes.filter((q) => q.carrier.code !== code)) expect(q.account).toBe('platform');
      let contract = own.find((q) => q.service.code === lane.service);
      if (t.runtime.carriers.get(code)?.quoteRate) {
        // A carrier that quotes through its own API prices the team's account itself; its contract rates answer when it is silent.
        expect(contract.weights.weight_break_applied).toBe('carrier_rate');
        await t.sandbox('PUT', `/sandbox/v1/carriers/${code}/fault`, { mode: 'slow', latency_ms: 8000 });
        try {
          contract = (await rates(team.apiKey, lane.body)).find((q) => q.carrier.code === code && q.service.code === lane.service);
        } finally {
          await t.sandbox('PUT', `/sandbox/v1/carriers/${code}/fault`, { mode: 'none' });
        }
      }
      expect(contract.weights.weight_break_applied).toBe('contract');
      expect(contract.breakdown.find((line: any) => line.code === 'base').amount_sar).toBe(12.34);

      // Another team is quoted the carrier's published card on the platform's connection.
      const published = (await rates(other.apiKey, lane.body)).find((q) => q.carrier.code === code && q.service.code === lane.service);
      expect(published.account).toBe('platform');
      expect(published.connection_id).not.toBe(created.body.id);
      expect(published.weights.weight_break_applied).not.toBe('contract');

      const booked = await bookQuote(team.apiKey, contract, lane.body);
      expect({ status: booked.status, error: booked.body.error }).toEqual({ status: 201, error: undefined });
      expect(await sandboxAccountOf(code, booked.body.tracking_number)).toBe(opened.account_id);
      const onPlatform = await bookQuote(other.apiKey, published, lane.body);
      expect(onPlatform.status).toBe(201);
      expect(await sandboxAccountOf(code, onPlatform.body.tracking_number)).toBe(PLATFORM_ACCOUNT);
    });

    it('redirects and cancels a booking on the account it was booked on, also once the connection is deleted', async () => {
      const lane = laneOf(code);
      const opened = await account(code);
      const created = await connect(team.apiKey, { carrier: code, credentials: apiCredentials(opened.credentials) });
      expect(created.status).toBe(201);
      const quote = (await rates(team.apiKey, lane.body)).find((q) => q.carrier.code === code);
      const booked = await bookQuote(team.apiKey, quote, lane.body);
      expect(booked.status).toBe(201);
      const atCarrier = async () => (await t.sandbox('GET', `/sandbox/v1/carriers/${code}/shipments/${booked.body.tracking_number}`)).body;
      expect((await atCarrier()).account_id).toBe(opened.account_id);

      if (!lacks(code, 'destination_update')) {
        const destination = { ...(lane.body.destination as Record<string, unknown>), phone: '966512345679' };
        const redirected = await api(`/shipments/${booked.body.id}/destination`, { method: 'PATCH', key: team.apiKey, body: destination });
        expect({ status: redirected.status, error: redirected.body.error }).toEqual({ status: 200, error: undefined });
        expect((await atCarrier()).destination_updates.map((u: any) => u.account)).toEqual([opened.account_id]);
      }

      expect((await api(`/carrier-connections/${created.body.id}`, { method: 'DELETE', key: team.apiKey })).status).toBe(204);
      const cancelled = await api(`/shipments/${booked.body.id}/cancel`, {
        method: 'POST',
        key: team.apiKey,
        body: { reason: 'own account' },
      });
      expect(cancelled.status).toBe(200);
      const carrierSide = await atCarrier();
      // A carrier without a cancel keeps its booking: the gateway voided it (docs/adr/0076-real-carriers.md).
      expect(carrierSide.cancelled).toBe(!lacks(code, 'cancel'));
      expect(carrierSide.cancellations.map((c: any) => c.account)).toEqual(lacks(code, 'cancel') ? [] : [opened.account_id]);
    });

    it('once deleted: new quotes fall back to the platform, a quote priced on it is refused before the carrier', async () => {
      const lane = laneOf(code);
      const opened = await account(code);
      const created = await connect(team.apiKey, { carrier: code, credentials: apiCredentials(opened.credentials) });
      expect(created.status).toBe(201);
      const priced = (await rates(team.apiKey, lane.body)).find((q) => q.carrier.code === code);
      expect(priced.connection_id).toBe(created.body.id);

      const removed = await api(`/carrier-connections/${created.body.id}`, { method: 'DELETE', key: team.apiKey });
      expect({ status: removed.status, text: removed.text }).toEqual({ status: 204, text: '' });
      expect((await list(team.apiKey)).some((c) => c.id === created.body.id)).toBe(false);
      const again = await api(`/carrier-connections/${created.body.id}`, { method: 'DELETE', key: team.apiKey });
      expect(again.status).toBe(404);

      const before = await nativeRequests(code);
      const refused = await bookQuote(team.apiKey, priced, lane.body);
      expect(refused.status).toBe(422);
      expect(refused.body.error.details).toMatchObject({ field: 'quote_id', reason: expect.stringContaining('removed') });
      expect(refused.body.error.details.reason_ar).toMatch(/[\u0600-\u06FF]/);
      expect(await nativeRequests(code)).toBe(before);

      const platformId = (await list(team.apiKey)).find((c) => c.owner === 'platform' && c.carrier === code).id;
      const fallback = (await rates(team.apiKey, lane.body)).find((q) => q.carrier.code === code);
      expect(fallback).toMatchObject({ account: 'platform', connection_id: platformId });
      const booked = await bookQuote(team.apiKey, fallback, lane.body);
      expect(booked.status).toBe(201);
      expect(await sandboxAccountOf(code, booked.body.tracking_number)).toBe(PLATFORM_ACCOUNT);
    });
  });

  it('needs the bearer key on every connection route and counts each call against the team limit (DESIGN §6)', async () => {
    const team = await t.createTeam('connections under the default limit');
    const routes: Array<[string, string, unknown]> = [
      ['GET', '/carrier-connections', undefined],
      ['GET', '/carrier-connections/requirements', undefined],
      ['POST', '/carrier-connections', {}],
      ['DELETE', `/carrier-connections/${randomUUID()}`, undefined],
    ];
    for (const [method, path, body] of routes) {
      const anonymous = await api(path, { method, key: null, body });
      expect({ route: `${method} ${path}`, status: anonymous.status, code: anonymous.body.error.code }).toEqual({
        route: `${method} ${path}`,
        status: 401,
        code: 'E_UNAUTHENTICATED',
      });
    }
    const remaining: string[] = [];
    for (const [method, path, body] of routes) {
      const res = await api(path, { method, key: team.apiKey, body });
      expect(res.headers.get('x-ratelimit-limit')).toBe('60');
      remaining.push(res.headers.get('x-ratelimit-remaining') ?? 'missing');
    }
    expect(remaining).toEqual(['59', '58', '57', '56']);
  });

  it('refuses an unknown carrier with field carrier, before any carrier call', async () => {
    const team = await newTeam('Unknown carrier');
    const res = await connect(team.apiKey, { carrier: 'no_such_carrier', credentials: { api_token: 'x'.repeat(20) } });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'E_VALIDATION', details: { field: 'carrier' } });
    expect(res.body.error.details.reason_ar).toMatch(/[\u0600-\u06FF]/);
    expect((await connect(team.apiKey, { credentials: {} })).body.error.details.field).toBe('carrier');
  });

  it('refuses an unknown top-level field (base_url, url) with its field, team and admin, before any carrier call, nothing saved', async () => {
    const code = CARRIER_CODES[0];
    const team = await newTeam('Unknown fields');
    const opened = await account(code);
    const body = { carrier: code, credentials: apiCredentials(opened.credentials) };
    const before = await nativeRequests(code);
    const rows = await connectionRows();
    for (const extra of [{ base_url: 'http://169.254.169.254/' }, { url: 'http://example.com', base_url: 'x' }]) {
      const res = await connect(team.apiKey, { ...body, ...extra });
      expect(res.status).toBe(422);
      expect(res.body.error.details).toMatchObject({ field: Object.keys(extra)[0], reason_ar: expect.stringMatching(/[\u0600-\u06FF]/) });
      expect(res.body.error.details.errors.map((e: any) => e.field)).toEqual(Object.keys(extra));
      const admin = await t.admin('POST', '/carrier-connections', { ...body, ...extra });
      expect(admin.status).toBe(422);
      expect(admin.body.error.details).toMatchObject({ field: Object.keys(extra)[0] });
    }
    expect(await nativeRequests(code)).toBe(before);
    expect(await connectionRows()).toBe(rows);
  });

  it("answers another team's connection and the platform's like an unknown id: the same 404, byte for byte", async () => {
    const owner = await newTeam('Owner');
    const stranger = await newTeam('Stranger');
    const code = CARRIER_CODES[0];
    const opened = await account(code);
    const created = await connect(owner.apiKey, { carrier: code, credentials: apiCredentials(opened.credentials) });
    expect(created.status).toBe(201);
    const platformId = (await list(stranger.apiKey)).find((c) => c.owner === 'platform').id;

    const unknown = await api(`/carrier-connections/${randomUUID()}`, { method: 'DELETE', key: stranger.apiKey });
    const others = await api(`/carrier-connections/${created.body.id}`, { method: 'DELETE', key: stranger.apiKey });
    const platform = await api(`/carrier-connections/${platformId}`, { method: 'DELETE', key: stranger.apiKey });
    const malformed = await api('/carrier-connections/not-an-id', { method: 'DELETE', key: stranger.apiKey });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('E_NOT_FOUND');
    for (const res of [others, platform, malformed])
      expect({ status: res.status, text: res.text }).toEqual({ status: 404, text: unknown.text });
    // Neither was touched.
    expect((await list(owner.apiKey)).some((c) => c.id === created.body.id)).toBe(true);
    expect((await list(stranger.apiKey)).some((c) => c.id === platformId)).toBe(true);
    // The routes need the bearer key like every other.
    expect((await t.api('/carrier-connections', { key: null })).status).toBe(401);
  });

  it("answers each registered carrier's connection requirements: what POST takes, which credentials are secret, the account rule", async () => {
    const team = await newTeam('Requirements');
    const res = await api('/carrier-connections/requirements', { key: team.apiKey });
    expect(res.status).toBe(200);
    const byCode = new Map((res.body.carriers as any[]).map((c) => [c.carrier, c]));
    expect([...byCode.keys()].sort()).toEqual([...CARRIER_CODES].sort());
    for (const code of CARRIER_CODES) {
      const schema = schemaOf(code);
      const requirement = byCode.get(code);
      expect(requirement.credentials).toEqual(
        Object.entries(schema.fields).map(([setting, field]) => ({
          name: credentialApiName(setting),
          label_en: field.label_en,
          label_ar: field.label_ar,
          secret: field.secret !== false,
          charset: field.charset,
          min_length: field.min_length,
          max_length: field.max_length,
        })),
      );
      expect(requirement.account_number).toEqual(schema.account_number ?? null);
      // The names it gives are the ones POST /carrier-connections takes: a sandbox account's
      // credentials keyed by them are accepted.
      const opened = await account(code);
      const credentials = Object.fromEntries(
        requirement.credentials.map((c: any) => {
          const setting = Object.keys(opened.credentials).find((name) => credentialApiName(name) === c.name)!;
          return [c.name, opened.credentials[setting]];
        }),
      );
      const created = await connect(team.apiKey, { carrier: code, credentials });
      expect({ code, status: created.status }).toEqual({ code, status: 201 });
    }
    // A fixed word, not taken for a connection id; the bearer key is needed like everywhere.
    expect((await api('/carrier-connections/requirements', { method: 'DELETE', key: team.apiKey })).status).toBe(404);
    const anonymous = await t.api('/carrier-connections/requirements', { key: null });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toEqual(expect.any(String));
  });

  it("test mode: a test key's connection is checked at the sandbox, invisible to live keys, and books test shipments on its account", async () => {
    const team = await newTeam('Test mode connections');
    const code = CARRIER_CODES[CARRIER_CODES.length - 1];
    const lane = laneOf(code);
    const opened = await account(code, t.testSandboxUrl);
    const created = await connect(team.testApiKey, { carrier: code, credentials: apiCredentials(opened.credentials) });
    expect(created.status).toBe(201);
    expect((await list(team.testApiKey)).filter((c) => c.owner === 'team').map((c) => c.id)).toEqual([created.body.id]);
    expect((await list(team.apiKey)).some((c) => c.owner === 'team')).toBe(false);
    const live = await api(`/carrier-connections/${created.body.id}`, { method: 'DELETE', key: team.apiKey });
    expect(live.status).toBe(404);

    const liveQuote = (await rates(team.apiKey, lane.body)).find((q) => q.carrier.code === code);
    expect(liveQuote.account).toBe('platform');
    const testQuote = (await rates(team.testApiKey, lane.body)).find((q) => q.carrier.code === code);
    expect(testQuote).toMatchObject({ account: 'own', connection_id: created.body.id, mode: 'test' });
    const booked = await bookQuote(team.testApiKey, testQuote, lane.body);
    expect(booked.status).toBe(201);
    expect(booked.body.mode).toBe('test');
    expect(await sandboxAccountOf(code, booked.body.tracking_number)).toBe(opened.account_id);
  });

  it('operators manage the platform connections: listed with hints, replaced after the carrier accepts them, never shown in clear', async () => {
    const code = CARRIER_CODES[0];
    const before = (await t.admin('GET', '/carrier-connections')).body.connections as any[];
    expect(before.map((c) => c.carrier).sort()).toEqual([...CARRIER_CODES].sort());
    for (const c of before) expect(c).toMatchObject({ owner: 'platform', status: 'active', credentials_hint: expect.any(String) });

    const refused = await t.admin('POST', '/carrier-connections', {
      carrier: code,
      credentials: apiCredentials(Object.fromEntries(Object.entries(schemaOf(code).fields).map(([n, f]) => [n, sampleCredential(f)]))),
    });
    expect(refused.status).toBe(422);
    const opened = await account(code);
    const replaced = await t.admin('POST', '/carrier-connections', { carrier: code, credentials: apiCredentials(opened.credentials) });
    answers.push(replaced.text);
    expect(replaced.status).toBe(201);
    expect(replaced.body).toMatchObject({ carrier: code, owner: 'platform', status: 'active' });
    const after = (await t.admin('GET', '/carrier-connections')).body.connections as any[];
    answers.push(JSON.stringify(after));
    expect(after.find((c) => c.carrier === code).id).toBe(replaced.body.id);
    expect(after.some((c) => c.id === before.find((b) => b.carrier === code).id)).toBe(false);

    // Teams without their own connection now book on the platform's new account.
    const team = await newTeam('Platform switch');
    const lane = laneOf(code);
    const quote = (await rates(team.apiKey, lane.body)).find((q) => q.carrier.code === code);
    expect(quote).toMatchObject({ account: 'platform', connection_id: replaced.body.id });
    const booked = await bookQuote(team.apiKey, quote, lane.body);
    expect(booked.status).toBe(201);
    expect(await sandboxAccountOf(code, booked.body.tracking_number)).toBe(opened.account_id);
    expect((await t.admin('DELETE', `/carrier-connections/${randomUUID()}`)).status).toBe(404);
  });

  it('no credential appears in any answer, log line or database row', async () => {
    expect(secrets.length).toBeGreaterThan(CARRIER_CODES.length);
    expect(logs.length).toBeGreaterThan(0);
    const ds = t.runtime.database.dataSource;
    const tables: { table_name: string }[] = await ds.query(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
    );
    const dump: string[] = [];
    for (const { table_name } of tables) {
      const rows: { row: string }[] = await ds.query(`SELECT t::text AS row FROM "${table_name}" t`);
      dump.push(...rows.map((r) => r.row));
    }
    const stored = await ds.query("SELECT credentials_ciphertext, credentials_hint FROM carrier_connections WHERE owner = 'team'");
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) expect(row.credentials_ciphertext).toMatch(/^v1:/);
    const everything = [...answers, ...logs, ...dump].join('\n');
    expect(secrets.filter((secret) => everything.includes(secret))).toEqual([]);
  });
});
