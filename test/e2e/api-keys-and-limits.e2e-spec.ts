import { bootTestApp, TestApp } from '../support/test-app';

describe('API keys and per-key rate limits', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await bootTestApp();
  });
  afterAll(() => t.close());

  it('keeps only a hash and a display prefix of each key', async () => {
    const team = await t.createTeam('Hash Team');
    expect(team.apiKey).toMatch(/^lgw_live_[0-9a-f]{64}$/);
    expect(team.testApiKey).toMatch(/^lgw_test_[0-9a-f]{64}$/);
    const rows = await t.runtime.database.dataSource.query('SELECT * FROM api_keys WHERE team_id = $1 ORDER BY mode', [team.teamId]);
    expect(rows.map((r: { mode: string }) => r.mode)).toEqual(['live', 'test']);
    const stored = JSON.stringify(rows);
    for (const key of [team.apiKey, team.testApiKey]) {
      expect(stored).not.toContain(key);
      expect(stored).not.toContain(key.slice(-64));
    }
    expect(rows.every((r: { key_hash: string }) => /^[0-9a-f]{64}$/.test(r.key_hash))).toBe(true);
  });

  it('issues, lists and revokes test keys as it does live ones', async () => {
    const team = await t.createTeam('Test Key Team');
    expect((await t.api('/carriers', { key: team.testApiKey })).status).toBe(200);
    const second = await t.admin('POST', `/teams/${team.teamId}/keys`, { mode: 'test' });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ mode: 'test', api_key: expect.stringMatching(/^lgw_test_[0-9a-f]{64}$/) });
    const live = await t.admin('POST', `/teams/${team.teamId}/keys`, {});
    expect(live.body).toMatchObject({ mode: 'live', api_key: expect.stringMatching(/^lgw_live_[0-9a-f]{64}$/) });
    expect((await t.admin('POST', `/teams/${team.teamId}/keys`, { mode: 'sandbox' })).status).toBe(422);

    const listed = await t.admin('GET', `/teams/${team.teamId}/keys`);
    expect(listed.body.keys.map((k: { mode: string }) => k.mode).sort()).toEqual(['live', 'live', 'test', 'test']);
    expect((await t.admin('GET', `/teams/${team.teamId}`)).body.active_keys).toBe(4);

    expect((await t.admin('DELETE', `/teams/${team.teamId}/keys/${team.testKeyId}`)).status).toBe(204);
    expect((await t.api('/carriers', { key: team.testApiKey })).status).toBe(401);
    expect((await t.api('/carriers', { key: second.body.api_key })).status).toBe(200);
    // Each key has its own bucket, test or live.
    const perKey = await t.api('/carriers', { key: second.body.api_key });
    expect(perKey.headers.get('x-ratelimit-remaining')).toBe('58');
    // The team's test scope is no team an operator sees.
    const teams = (await t.admin('GET', '/teams')).body.teams as Array<{ id: string; name: string }>;
    expect(teams.filter((x) => x.name === 'Test Key Team')).toHaveLength(1);
  });

  it('accepts a secondary key alongside the primary, and refuses a revoked key', async () => {
    const team = await t.createTeam('Rotation Team');
    const second = await t.admin('POST', `/teams/${team.teamId}/keys`);
    expect(second.status).toBe(201);
    expect(second.body.api_key).toMatch(/^lgw_live_[0-9a-f]{64}$/);
    expect((await t.api('/carriers', { key: team.apiKey })).status).toBe(200);
    expect((await t.api('/carriers', { key: second.body.api_key })).status).toBe(200);

    const revoked = await t.admin('DELETE', `/teams/${team.teamId}/keys/${team.keyId}`);
    expect(revoked.status).toBe(204);
    const after = await t.api('/carriers', { key: team.apiKey });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('E_UNAUTHENTICATED');
    expect((await t.api('/carriers', { key: second.body.api_key })).status).toBe(200);
    expect((await t.admin('DELETE', `/teams/${team.teamId}/keys/${team.keyId}`)).status).toBe(404);
  });

  it('refuses the admin API without the admin token', async () => {
    const res = await fetch(`${t.url}/admin/v1/teams`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer wrong' },
      body: JSON.stringify({ name: 'x' }),
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as any).error.code).toBe('E_UNAUTHENTICATED');
    expect((await t.admin('POST', '/teams', { name: '' })).status).toBe(422);
    expect((await t.admin('POST', '/teams/not-a-uuid/keys')).status).toBe(404);
  });

  it('admits 60 requests a minute per key, then 429 with Retry-After and headers', async () => {
    const team = await t.createTeam('Limit Team');
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 61; i++) {
      last = await t.api('/carriers', { key: team.apiKey });
      statuses.push(last.status);
      if (i === 0) expect(last.headers.get('x-ratelimit-remaining')).toBe('59');
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses[60]).toBe(429);
    expect(last!.body.error).toMatchObject({
      code: 'E_RATE_LIMITED',
      message_en: 'Rate limit exceeded: 60 requests per minute per API key.',
    });
    const retryAfter = Number(last!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(last!.headers.get('x-ratelimit-limit')).toBe('60');
    expect(last!.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(last!.headers.get('x-service-request-id')).toBeTruthy();
    // Another key of another team has its own bucket.
    const other = await t.createTeam('Other Team');
    expect((await t.api('/carriers', { key: other.apiKey })).status).toBe(200);
  });

  it('counts concurrent requests exactly', async () => {
    const team = await t.createTeam('Burst Team');
    const results = await Promise.all(Array.from({ length: 80 }, () => t.api('/carriers', { key: team.apiKey })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(60);
    expect(results.filter((r) => r.status === 429)).toHaveLength(20);
  });

  it('applies a per-team limit set through the admin API', async () => {
    const team = await t.createTeam('Plan Team');
    const set = await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 100 });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ team_id: team.teamId, per_minute: 100 });
    const res = await t.api('/carriers', { key: team.apiKey });
    expect(res.headers.get('x-ratelimit-limit')).toBe('100');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('99');
    expect((await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 0 })).status).toBe(422);
  });
});
