import { bootTestApp, TestApp, TestTeam } from '../support/test-app';

/**
 * The console's calls are counted apart from the key's API limit (docs/adr/0062): browsing
 * never spends what the team's integration needs, and the console's budget is limited too.
 */
describe('the console rate budget', () => {
  let t: TestApp;
  let team: TestTeam;
  const CONSOLE_LIMIT = 5;

  beforeAll(async () => {
    t = await bootTestApp({ env: { CONSOLE_RATE_LIMIT_PER_MINUTE: String(CONSOLE_LIMIT) } });
    team = await t.createTeam('Console Budget');
    await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 3 });
  });
  afterAll(() => t?.close());

  const fromConsole = (key: string) => t.api('/carriers', { key, headers: { 'X-Console-Session': 'tab-1' } });

  it('counts console calls in their own limited budget and leaves the API limit whole', async () => {
    for (let i = 0; i < CONSOLE_LIMIT; i++) {
      const res = await fromConsole(team.apiKey);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBe(String(CONSOLE_LIMIT));
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(CONSOLE_LIMIT - 1 - i));
    }
    const over = await fromConsole(team.apiKey);
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('E_RATE_LIMITED');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);

    // The integration's own limit (3 a minute) is untouched by the console's six calls.
    const api = await t.api('/carriers', { key: team.apiKey });
    expect(api.status).toBe(200);
    expect(api.headers.get('x-ratelimit-limit')).toBe('3');
    expect(api.headers.get('x-ratelimit-remaining')).toBe('2');
  });

  it('is a budget per key, and a bad key is refused before any budget is spent', async () => {
    const other = await t.createTeam('Console Budget Other');
    const res = await fromConsole(other.apiKey);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-remaining')).toBe(String(CONSOLE_LIMIT - 1));
    const bad = await fromConsole('lgw_live_' + '0'.repeat(64));
    expect(bad.status).toBe(401);
  });
});
