import { quoteFor, shipmentBody } from '../support/booking';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';
import { SERVICES_MODE, TEST_REDIS_URL } from '../support/test-mode';

/** Quotes are signed ids (docs/adr/0031): what that changes, seen from outside. */
describe('signed quotes', () => {
  let t: TestApp;
  let team: TestTeam;
  const count = async (sql: string, params: unknown[] = []) => Number((await t.runtime.database.dataSource.query(sql, params))[0].n);

  beforeAll(async () => {
    t = await bootTestApp();
    team = await t.createTeam('Signed Quotes Team');
    await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 100_000 });
  }, 90_000);
  afterAll(() => t.close());

  it('rating writes nothing; booking records the quote as used, once', async () => {
    const before = await count('SELECT count(*) AS n FROM quotes');
    const { quote, body } = await quoteFor(t, team, 'sahm');
    expect(quote.quote_id).toMatch(/^q1\.[A-Za-z0-9_-]{100,250}$/);
    expect(await count('SELECT count(*) AS n FROM quotes')).toBe(before);
    expect(await count('SELECT count(*) AS n FROM used_quotes WHERE quote_id = $1', [quote.quote_id])).toBe(0);

    const booked = await t.api('/shipments', { method: 'POST', key: team.apiKey, body: shipmentBody(quote, body) });
    expect(booked.status).toBe(201);
    expect(await count('SELECT count(*) AS n FROM used_quotes WHERE quote_id = $1 AND team_id = $2', [quote.quote_id, team.teamId])).toBe(
      1,
    );
    expect(await count('SELECT count(*) AS n FROM shipments WHERE quote_id = $1', [quote.quote_id])).toBe(1);
  });

  it('an altered quote id is an unknown one: 422 on quote_id, and the real one still books', async () => {
    const { quote, body } = await quoteFor(t, team, 'bahr');
    const id: string = quote.quote_id;
    // One character of the signed part changed (kept within base64url).
    const at = 20;
    const altered = id.slice(0, at) + (id[at] === 'A' ? 'B' : 'A') + id.slice(at + 1);
    const res = await t.api('/shipments', { method: 'POST', key: team.apiKey, body: shipmentBody({ quote_id: altered }, body) });
    expect(res.status).toBe(422);
    expect(res.body.error.details.field).toBe('quote_id');
    expect((await t.api('/shipments', { method: 'POST', key: team.apiKey, body: shipmentBody(quote, body) })).status).toBe(201);
  });

  if (SERVICES_MODE) {
    it('a quote does not depend on Redis: a replica on another Redis books what this one issued', async () => {
      const { quote, body } = await quoteFor(t, team, 'darb');
      // Same database and keys, an empty Redis database: as after losing Redis.
      const replica = await bootTestApp({ shareWith: t, env: { REDIS_URL: `${TEST_REDIS_URL.replace(/\/\d*$/, '')}/9` } });
      try {
        const res = await replica.api('/shipments', { method: 'POST', key: team.apiKey, body: shipmentBody(quote, body) });
        expect(res.status).toBe(201);
        const again = await t.api('/shipments', { method: 'POST', key: team.apiKey, body: shipmentBody(quote, body) });
        expect(again.status).toBe(409);
        expect(again.body.error.code).toBe('E_QUOTE_ALREADY_USED');
      } finally {
        await replica.close();
      }
    }, 90_000);
  }
});
