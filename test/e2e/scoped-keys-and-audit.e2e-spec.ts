import { request as httpRequest } from 'node:http';
import { ANY_KEY_ROUTE, ROUTE_SCOPES, PUBLIC_ROUTE } from '@lgw/http-api';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';
import { servedRoutes } from '../support/routes';
import { book } from '../support/booking';
import { CARRIER_CODES, lacks } from '../support/carriers';
import { apiCredentials, openSandboxAccount } from '../support/carrier-connections';
import { batchCsv, uploadBatch, validRow } from '../support/batch-csv';

/** A request from a chosen local address (127.0.0.2 is loopback too, and not 127.0.0.1). */
function fromAddress(
  url: string,
  path: string,
  key: string,
  localAddress: string,
  extraHeaders: Record<string, string> = {},
): Promise<{ status: number; body: any }> {
  const target = new URL(`/api/v1${path}`, url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'GET',
        localAddress,
        headers: { authorization: `Bearer ${key}`, ...extraHeaders },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('Scoped API keys', () => {
  let t: TestApp;
  let team: TestTeam;

  beforeAll(async () => {
    t = await bootTestApp();
    team = await t.createTeam('Scopes Team');
    // The route matrix sends more than a minute's default budget with one key.
    expect((await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 100_000 })).status).toBe(200);
  });
  afterAll(() => t.close());

  const issue = (body: unknown, key = team.apiKey) => t.api('/api-keys', { method: 'POST', key, body });

  it('shows the secret once, lists keys without it, and keeps full access for the keys that existed', async () => {
    const created = await issue({ name: 'Warehouse printer', scopes: ['labels:read', 'shipments:read'] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.any(String),
      name: 'Warehouse printer',
      mode: 'live',
      scopes: ['labels:read', 'shipments:read'],
      expires_at: null,
      allowed_ips: [],
      last_used_at: null,
      api_key: expect.stringMatching(/^lgw_live_[0-9a-f]{64}$/),
    });
    expect(created.body.last4).toBe(created.body.api_key.slice(-4));

    const listed = await t.api('/api-keys', { key: team.apiKey });
    expect(listed.status).toBe(200);
    expect(listed.text).not.toContain(created.body.api_key);
    expect(listed.text).not.toContain(created.body.api_key.slice(9, 40));
    const mine = listed.body.keys.find((k: any) => k.id === created.body.id);
    expect(Object.keys(mine).sort()).toEqual(
      ['allowed_ips', 'created_at', 'expires_at', 'id', 'last4', 'last_used_at', 'mode', 'name', 'scopes'].sort(),
    );
    const primary = listed.body.keys.find((k: any) => k.id === team.keyId);
    expect(primary.scopes).toEqual(['*']);
    // Any key may read what it may do itself, whatever its scopes.
    const own = await t.api('/api-keys/current', { key: created.body.api_key });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: created.body.id, scopes: ['labels:read', 'shipments:read'] });
    expect(own.text).not.toContain(created.body.api_key);
    // Live keys see the team's test keys too; a test key sees test keys only.
    const fromTest = await t.api('/api-keys', { key: team.testApiKey });
    expect(fromTest.body.keys.every((k: any) => k.mode === 'test')).toBe(true);
  });

  it('refuses a write outside the key scopes with 403 naming the scope, and allows the reads', async () => {
    const printer = (await issue({ name: 'Reader', scopes: ['shipments:read', 'labels:read'] })).body.api_key as string;
    const list = await t.api('/shipments', { key: printer });
    expect(list.status).toBe(200);
    const cancel = await t.api('/shipments/00000000-0000-4000-8000-000000000000/cancel', { method: 'POST', key: printer, body: {} });
    expect(cancel.status).toBe(403);
    expect(cancel.body.error).toMatchObject({
      code: 'E_FORBIDDEN',
      message_en: expect.any(String),
      message_ar: expect.any(String),
      details: { required_scope: 'shipments:write' },
    });
    const hook = await t.api('/webhooks/config', { method: 'POST', key: printer, body: { url: 'https://example.com/h' } });
    expect(hook.status).toBe(403);
    expect(hook.body.error.details.required_scope).toBe('webhooks:write');
    // write implies read
    const writer = (await issue({ scopes: ['webhooks:write'] })).body.api_key as string;
    expect((await t.api('/webhooks/deliveries', { key: writer })).status).toBe(200);
    expect((await t.api('/shipments', { key: writer })).body.error.details.required_scope).toBe('shipments:read');
    // Refused before any work: the 403 is counted, like any request of the key.
    expect(cancel.headers.get('x-ratelimit-remaining')).not.toBeNull();
  });

  it('checks the allowlist against the address the request comes from', async () => {
    const onlyLoopback1 = (await issue({ scopes: ['*'], allowed_ips: ['127.0.0.1/32', '2001:db8::/32'] })).body.api_key as string;
    const elsewhere = (await issue({ scopes: ['*'], allowed_ips: ['10.0.0.0/8', '::1/128'] })).body.api_key as string;
    expect((await fromAddress(t.url, '/api-keys', onlyLoopback1, '127.0.0.1')).status).toBe(200);
    const refused = await fromAddress(t.url, '/api-keys', onlyLoopback1, '127.0.0.2');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'E_FORBIDDEN', details: { reason: 'ip_not_allowed' } });
    expect((await fromAddress(t.url, '/api-keys', elsewhere, '127.0.0.1')).status).toBe(403);
    // No proxy is trusted by default (TRUST_PROXY): a client cannot claim an allowed address.
    const claimed = await fromAddress(t.url, '/api-keys', elsewhere, '127.0.0.1', { 'x-forwarded-for': '10.1.2.3' });
    expect(claimed.status).toBe(403);
    expect(claimed.body.error.details.reason).toBe('ip_not_allowed');
  });

  it('answers 401 once a key has expired', async () => {
    const soon = new Date(Date.now() + 1500).toISOString();
    const created = await issue({ scopes: ['shipments:read'], expires_at: soon });
    expect(created.status).toBe(201);
    expect(created.body.expires_at).toBe(soon);
    expect((await t.api('/shipments', { key: created.body.api_key })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1700));
    const after = await t.api('/shipments', { key: created.body.api_key });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('E_UNAUTHENTICATED');
  });

  it('lists every problem of a bad request in one 422', async () => {
    const res = await issue({
      scopes: ['shipments:read', 'shipments:delete', 'everything'],
      allowed_ips: ['10.0.0.0/33', '300.1.1.1', '::1/64'],
      expires_at: '2020-01-01T00:00:00Z',
    });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('E_VALIDATION');
    expect(res.body.error.details.errors.map((e: any) => e.field).sort()).toEqual(
      ['allowed_ips.0', 'allowed_ips.1', 'expires_at', 'scopes.1', 'scopes.2'].sort(),
    );
  });

  it('never grants more than the issuing key holds', async () => {
    const keysOnly = (await issue({ scopes: ['keys:write', 'shipments:read'] })).body.api_key as string;
    const wider = await issue({ scopes: ['shipments:write'] }, keysOnly);
    expect(wider.status).toBe(403);
    expect(wider.body.error).toMatchObject({ code: 'E_FORBIDDEN', details: { required_scope: 'shipments:write' } });
    expect((await issue({ scopes: ['*'] }, keysOnly)).body.error.details.required_scope).toBe('*');
    const narrower = await issue({ scopes: ['shipments:read', 'keys:read'] }, keysOnly);
    expect(narrower.status).toBe(201);
    // Nor revoke a key that reaches further than itself.
    const revokeFull = await t.api(`/api-keys/${team.keyId}`, { method: 'DELETE', key: keysOnly });
    expect(revokeFull.status).toBe(403);
    expect((await t.api(`/api-keys/${narrower.body.id}`, { method: 'DELETE', key: keysOnly })).status).toBe(204);
    expect((await t.api('/shipments', { key: narrower.body.api_key })).status).toBe(401);
    // A test key never mints a live key.
    expect((await issue({ mode: 'live', scopes: ['shipments:read'] }, team.testApiKey)).status).toBe(403);
  });

  it('does not let the last full-access key revoke itself', async () => {
    const lone = await t.createTeam('Lone Key Team');
    const self = await t.api(`/api-keys/${lone.keyId}`, { method: 'DELETE', key: lone.apiKey });
    expect(self.status).toBe(409);
    expect(self.body.error.code).toBe('E_LAST_FULL_ACCESS_KEY');
    expect((await t.api('/api-keys', { key: lone.apiKey })).status).toBe(200);
    const second = await issue({ scopes: ['*'] }, lone.apiKey);
    expect((await t.api(`/api-keys/${lone.keyId}`, { method: 'DELETE', key: lone.apiKey })).status).toBe(204);
    expect((await t.api('/api-keys', { key: lone.apiKey })).status).toBe(401);
    expect((await t.api('/api-keys', { key: second.body.api_key })).status).toBe(200);
  });

  it('declares a scope, or public, for every /api/v1 route the app serves, and prints it in the OpenAPI document', async () => {
    const served = [...servedRoutes(t.app.getHttpAdapter().getInstance().printRoutes({ commonPrefix: false }))]
      .filter((route) => route.split(' ')[1].startsWith('/api/v1'))
      .map((route) => route.replace(/\{(\w+)\}/g, ':$1'));
    expect(served.length).toBeGreaterThan(50);
    const undeclared = served.filter((route) => !(route in ROUTE_SCOPES));
    expect(undeclared).toEqual([]);
    const doc = (await t.api('/openapi.json', { key: null })).body;
    for (const [path, operations] of Object.entries<any>(doc.paths)) {
      if (!path.startsWith('/api/v1')) continue;
      for (const [method, op] of Object.entries<any>(operations)) {
        expect([`${method.toUpperCase()} ${path}`, op['x-required-scope']]).toEqual([
          `${method.toUpperCase()} ${path}`,
          ROUTE_SCOPES[`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`],
        ]);
        if (op['x-required-scope'] !== PUBLIC_ROUTE && op['x-required-scope'] !== ANY_KEY_ROUTE)
          expect(op.description).toContain(op['x-required-scope']);
      }
    }
  });

  it('refuses every scoped route to a key without its scope, and lets a key with it through (matrix from the route table)', async () => {
    const none = (await issue({ scopes: ['audit:read'] })).body.api_key as string;
    const scopedKeys = new Map<string, string>();
    for (const [route, scope] of Object.entries(ROUTE_SCOPES)) {
      if (scope === PUBLIC_ROUTE || scope === ANY_KEY_ROUTE || scope === 'audit:read') continue;
      const [method, pattern] = route.split(' ');
      const path = pattern.replace(/^\/api\/v1/, '').replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
      const refused = await t.api(path, { method, key: none, body: method === 'GET' ? undefined : {} });
      expect([route, refused.status, refused.body?.error?.details?.required_scope]).toEqual([route, 403, scope]);
      if (!scopedKeys.has(scope)) scopedKeys.set(scope, (await issue({ scopes: [scope] })).body.api_key);
      const allowed = await t.api(path, { method, key: scopedKeys.get(scope)!, body: method === 'GET' ? undefined : {} });
      expect([route, allowed.status]).not.toEqual([route, 403]);
    }
  });
});

describe('Audit trail', () => {
  let t: TestApp;
  let team: TestTeam;
  const sql = (text: string, params: unknown[] = []) => t.runtime.database.dataSource.query(text, params);
  const events = async (query = '', key = team.apiKey) => {
    const res = await t.api(`/audit-events${query}`, { key });
    expect(res.status).toBe(200);
    return res.body as { events: any[]; total: number };
  };

  beforeAll(async () => {
    // Endpoints on 127.0.0.1 are accepted here; nothing is delivered (no worker).
    t = await bootTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
    team = await t.createTeam('Audit Team');
    await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 100_000 });
  });
  afterAll(() => t.close());

  it('records each change with its actor, address, request id and what changed, never a secret', async () => {
    const changes: Array<{ action: string; requestId: string; target?: string }> = [];
    const record = (action: string, res: { status: number; headers: Headers; text: string }, target?: string) => {
      expect([action, res.status < 300]).toEqual([action, true]);
      changes.push({ action, requestId: res.headers.get('x-service-request-id')!, target });
    };

    const key = await t.api('/api-keys', { method: 'POST', key: team.apiKey, body: { name: 'Printer', scopes: ['labels:read'] } });
    record('api_key.created', key, key.body.id);
    record('api_key.revoked', await t.api(`/api-keys/${key.body.id}`, { method: 'DELETE', key: team.apiKey }), key.body.id);
    record(
      'webhook_endpoint.created',
      await t.api('/webhooks/config', { method: 'POST', key: team.apiKey, body: { url: 'https://127.0.0.1:9/a' } }),
    );
    const hook = await t.api('/webhooks/config', { method: 'POST', key: team.apiKey, body: { url: 'https://127.0.0.1:9/b' } });
    record('webhook_endpoint.updated', hook);
    const rotated = await t.api('/webhooks/config/rotate-secret', { method: 'POST', key: team.apiKey });
    record('webhook_endpoint.secret_rotated', rotated);

    const carrier = CARRIER_CODES[0];
    const opened = await openSandboxAccount(t, carrier);
    const connection = await t.api('/carrier-connections', {
      method: 'POST',
      key: team.apiKey,
      body: { carrier, credentials: apiCredentials(opened.credentials) },
    });
    record('carrier_connection.created', connection, connection.body.id);
    record(
      'carrier_connection.revoked',
      await t.api(`/carrier-connections/${connection.body.id}`, { method: 'DELETE', key: team.apiKey }),
      connection.body.id,
    );

    const redirectable = CARRIER_CODES.find((code) => !lacks(code, 'destination_update'))!;
    const moving = await book(t, team, redirectable);
    const destination = await t.api(`/shipments/${moving.id}/destination`, {
      method: 'PATCH',
      key: team.apiKey,
      body: { ...moving.destination, city: 'Dammam', postal_code: '32241', additional_number: '7788', short_address: 'DMMD1234' },
    });
    record('shipment.destination_changed', destination, moving.id);
    const cancelled = await book(t, team);
    record(
      'shipment.cancelled',
      await t.api(`/shipments/${cancelled.id}/cancel`, { method: 'POST', key: team.apiKey, body: {} }),
      cancelled.id,
    );

    const batch = await uploadBatch(t.url, team.apiKey, batchCsv([validRow(1)]));
    record('batch.submitted', { status: batch.status, headers: new Headers(), text: batch.text }, batch.body.id);
    changes[changes.length - 1].requestId = '';

    const listed = await events('?limit=200');
    expect(listed.total).toBe(changes.length);
    // Newest first; each change's own request id, the key that made it and the caller's address.
    const inOrder = [...listed.events].reverse();
    expect(inOrder.map((e) => e.action)).toEqual(changes.map((c) => c.action));
    inOrder.forEach((event, i) => {
      expect(event).toMatchObject({ actor: { type: 'api_key', id: team.keyId }, ip: '127.0.0.1' });
      if (changes[i].requestId) expect(event.request_id).toBe(changes[i].requestId);
      if (changes[i].target) expect(event.target.id).toBe(changes[i].target);
    });
    expect(inOrder[3].changes).toEqual({
      url: { from: 'https://127.0.0.1:9/a', to: 'https://127.0.0.1:9/b' },
      events: { from: expect.any(Array), to: expect.any(Array) },
    });
    const stored = JSON.stringify(await sql('SELECT * FROM audit_events WHERE team_id = $1', [team.teamId]));
    for (const secret of [key.body.api_key, hook.body.secret, rotated.body.secret, ...Object.values(opened.credentials)]) {
      expect(stored).not.toContain(secret);
    }

    // Filters: by action, by kind, by time.
    expect((await events('?action=api_key.created')).events.map((e) => e.action)).toEqual(['api_key.created']);
    expect((await events('?action=webhook_endpoint.*')).total).toBe(3);
    expect((await events(`?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).total).toBe(0);
    const bad = await t.api('/audit-events?from=yesterday&action=DROP%20TABLE&limit=0', { key: team.apiKey });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details.errors.map((e: any) => e.field).sort()).toEqual(['action', 'from']);

    // The operator sees the same trail, and an operator's change is recorded as the operator's.
    const profile = await t.admin('PUT', `/teams/${team.teamId}/billing-profile`, {
      legal_name_ar: 'شركة التدقيق',
      legal_name_en: 'Audit Co',
      address: {
        street: 'King Fahd Road',
        building_number: '1234',
        district: 'Olaya',
        city: 'Riyadh',
        postal_code: '12211',
        country: 'SA',
      },
    });
    expect(profile.status).toBe(200);
    const operator = await t.admin('GET', `/audit-events?team_id=${team.teamId}&action=billing_profile.updated`);
    expect(operator.status).toBe(200);
    expect(operator.body.events[0]).toMatchObject({
      actor: { type: 'operator' },
      request_id: profile.headers.get('x-service-request-id') ?? expect.any(String),
    });
    expect((await t.admin('GET', `/audit-events?team_id=${team.teamId}`)).body.total).toBe(changes.length + 1);
    // A team never reads another's trail.
    const other = await t.createTeam('Other Audit Team');
    expect((await events('', other.apiKey)).total).toBe(0);
  });

  it('exports CSV with a byte-order mark and formula cells neutralised', async () => {
    const name = '=HYPERLINK("http://evil.example","x")';
    const hostile = await t.api('/api-keys', { method: 'POST', key: team.apiKey, body: { name, scopes: ['keys:write', 'labels:read'] } });
    expect(hostile.status).toBe(201);
    // The hostile name becomes a cell of its own: the actor of the next change.
    expect((await t.api('/api-keys', { method: 'POST', key: hostile.body.api_key, body: { scopes: ['labels:read'] } })).status).toBe(201);
    const res = await fetch(`${t.url}/api/v1/audit-events/export.csv?action=api_key.created`, {
      headers: { authorization: `Bearer ${team.apiKey}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    const lines = text.split('\n').filter(Boolean);
    expect(lines[0]).toBe('id,at,actor_type,actor_id,actor_name,action,target_type,target_id,ip,request_id,changes');
    expect(lines.length - 1).toBe((await events('?action=api_key.created')).total);
    const actorLine = lines.find((line) => line.includes(`,api_key,${hostile.body.id},`))!;
    expect(actorLine).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(text).not.toMatch(/(^|,)"?=HYPERLINK/m);
  });

  it('finds a row altered or deleted directly in the database', async () => {
    const fresh = await t.createTeam('Tamper Team');
    for (let i = 0; i < 4; i++) {
      expect(
        (await t.api('/api-keys', { method: 'POST', key: fresh.apiKey, body: { name: `k${i}`, scopes: ['labels:read'] } })).status,
      ).toBe(201);
    }
    const verify = async () => (await t.api('/audit-events/verify', { key: fresh.apiKey })).body;
    expect(await verify()).toEqual({ ok: true, events_checked: 4, first_broken_id: null });
    const rows: Array<{ id: string }> = await sql('SELECT id FROM audit_events WHERE team_id = $1 ORDER BY seq', [fresh.teamId]);

    await sql(`UPDATE audit_events SET changes = jsonb_set(changes, '{scopes}', '["*"]') WHERE id = $1`, [rows[1].id]);
    expect(await verify()).toEqual({ ok: false, events_checked: 2, first_broken_id: rows[1].id });
    expect((await t.admin('GET', `/audit-events/verify?team_id=${fresh.teamId}`)).body).toMatchObject({
      ok: false,
      first_broken_id: rows[1].id,
    });
    await sql(`UPDATE audit_events SET changes = jsonb_set(changes, '{scopes}', '["labels:read"]') WHERE id = $1`, [rows[1].id]);
    expect((await verify()).ok).toBe(true);

    await sql('DELETE FROM audit_events WHERE id = $1', [rows[2].id]);
    expect(await verify()).toEqual({ ok: false, events_checked: 3, first_broken_id: rows[3].id });
  });

  it('writes no audit row when the change does not commit, and no change without its row', async () => {
    // A check that fails only at commit, after both the key and its audit event were written.
    await sql(`CREATE OR REPLACE FUNCTION refuse_doomed_key() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.name = 'doomed' THEN RAISE EXCEPTION 'refused at commit'; END IF; RETURN NEW; END $$`);
    await sql(`CREATE CONSTRAINT TRIGGER refuse_doomed_key AFTER INSERT ON api_keys DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION refuse_doomed_key()`);
    try {
      const before = (await events('?limit=1')).total;
      const res = await t.api('/api-keys', { method: 'POST', key: team.apiKey, body: { name: 'doomed', scopes: ['labels:read'] } });
      expect(res.status).toBe(500);
      expect(await sql("SELECT id FROM api_keys WHERE name = 'doomed'")).toEqual([]);
      expect((await events('?limit=1')).total).toBe(before);
      expect(await sql(`SELECT id FROM audit_events WHERE changes->>'name' = 'doomed'`)).toEqual([]);
      expect((await t.api('/audit-events/verify', { key: team.apiKey })).body.ok).toBe(true);
    } finally {
      await sql('DROP TRIGGER refuse_doomed_key ON api_keys');
    }
  });

  it('keeps one unbroken chain when a team makes many changes at once', async () => {
    const busy = await t.createTeam('Busy Team');
    await t.admin('PUT', `/teams/${busy.teamId}/rate-limit`, { per_minute: 100_000 });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.api('/api-keys', { method: 'POST', key: busy.apiKey, body: { name: `parallel ${i}`, scopes: ['labels:read'] } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(201));
    expect((await t.api('/audit-events/verify', { key: busy.apiKey })).body).toEqual({
      ok: true,
      events_checked: 12,
      first_broken_id: null,
    });
    const seqs: Array<{ seq: string }> = await sql(
      'SELECT seq::text AS seq FROM audit_events WHERE team_id = $1 ORDER BY audit_events.seq',
      [busy.teamId],
    );
    expect(seqs.map((r) => Number(r.seq))).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it('prunes past its retention and verifies from the new anchor', async () => {
    const old = await t.createTeam('Retention Team');
    for (let i = 0; i < 3; i++)
      await t.api('/api-keys', { method: 'POST', key: old.apiKey, body: { name: `r${i}`, scopes: ['labels:read'] } });
    const rows: Array<{ id: string }> = await sql('SELECT id FROM audit_events WHERE team_id = $1 ORDER BY seq', [old.teamId]);
    // Back-dating rewrites what the hash covers; the chain is rebuilt as the writer would have written it.
    const { PruneAuditEventsUseCase } = await import('@lgw/access');
    const prune = t.app.get(PruneAuditEventsUseCase);
    const retentionDays = 730;
    expect(t.runtime.config.auditRetentionDays).toBe(retentionDays);
    await rechain(old.teamId, (seq) => (seq <= 2 ? new Date(Date.now() - (retentionDays + 5) * 86_400_000) : null));
    expect((await t.api('/audit-events/verify', { key: old.apiKey })).body).toEqual({ ok: true, events_checked: 3, first_broken_id: null });
    expect(await prune.execute()).toBeGreaterThanOrEqual(2);
    expect((await t.api('/audit-events/verify', { key: old.apiKey })).body).toEqual({ ok: true, events_checked: 1, first_broken_id: null });
    // A new change goes on from the anchor; deleting what is left is still found... by the next row.
    await t.api('/api-keys', { method: 'POST', key: old.apiKey, body: { name: 'after', scopes: ['labels:read'] } });
    expect((await t.api('/audit-events/verify', { key: old.apiKey })).body).toMatchObject({ ok: true, events_checked: 2 });
    await sql('DELETE FROM audit_events WHERE id = $1', [rows[2].id]);
    expect((await t.api('/audit-events/verify', { key: old.apiKey })).body.ok).toBe(false);
  });

  /** Moves events back in time and rehashes the chain as the writer does (the test's stand-in for waiting two years). */
  async function rechain(teamId: string, at: (seq: number) => Date | null): Promise<void> {
    const { auditEventHash, AUDIT_GENESIS_HASH } = await import('@lgw/kernel');
    const rows: any[] = await sql('SELECT * FROM audit_events WHERE team_id = $1 ORDER BY seq', [teamId]);
    let previous = AUDIT_GENESIS_HASH;
    for (const row of rows) {
      const when = at(Number(row.seq)) ?? new Date(row.at);
      const record = {
        id: row.id,
        teamId: row.team_id,
        seq: Number(row.seq),
        at: when,
        actorType: row.actor_type,
        actorId: row.actor_id,
        actorName: row.actor_name,
        action: row.action,
        targetType: row.target_type,
        targetId: row.target_id,
        ip: row.ip,
        requestId: row.request_id,
        changes: row.changes,
      };
      const hash = auditEventHash(previous, record);
      await sql('UPDATE audit_events SET at = $2, prev_hash = $3, hash = $4 WHERE id = $1', [row.id, when, previous, hash]);
      previous = hash;
    }
  }
});
