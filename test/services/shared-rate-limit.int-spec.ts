import { bootTestApp, TestApp } from '../support/test-app';

/** Needs Redis: part of `npm run test:services` only. */
describe('two api replicas sharing Redis', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await bootTestApp();
    b = await bootTestApp({ shareWith: a });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('admit exactly 60 requests of one key between them', async () => {
    const team = await a.createTeam('Replica Team');
    const calls = Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).api('/carriers', { key: team.apiKey }));
    const results = await Promise.all(calls);
    expect(results.filter((r) => r.status === 200)).toHaveLength(60);
    expect(results.filter((r) => r.status === 429)).toHaveLength(40);
  });

  it('honour a revocation made on the other replica within a second', async () => {
    const team = await a.createTeam('Revoke Team');
    expect((await b.api('/carriers', { key: team.apiKey })).status).toBe(200);
    expect((await a.admin('DELETE', `/teams/${team.teamId}/keys/${team.keyId}`)).status).toBe(204);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await b.api('/carriers', { key: team.apiKey })).status).toBe(401);
  });
});
