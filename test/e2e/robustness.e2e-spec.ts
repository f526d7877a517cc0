import { book } from '../support/booking';
import { ratesBody } from '../support/fixtures';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';

/** Whatever a client sends, the answer is the error envelope with a 4xx — never a 500. */
describe('hostile and malformed input', () => {
  let t: TestApp;
  let team: TestTeam;
  let shipmentId: string;

  const BODIES: Array<[string, string]> = [
    ['null', 'null'],
    ['array', '[1,2,3]'],
    ['string', '"hello"'],
    ['number', '42'],
    ['empty object', '{}'],
    ['truncated', '{"origin": {"city": '],
    ['prototype pollution', '{"__proto__": {"admin": true}, "origin": {}}'],
    ['constructor pollution', '{"constructor": {"prototype": {"x": 1}}}'],
    ['wrong types', JSON.stringify({ origin: 'Riyadh', destination: 7, parcels: 'many', quote_id: 5 })],
    ['nested nulls', JSON.stringify({ origin: null, destination: null, parcels: [null] })],
    ['huge numbers', JSON.stringify(ratesBody({ parcels: [{ weight_kg: 1e308, length_cm: 1e308, width_cm: 1, height_cm: 1 }] }))],
    ['negative zero', JSON.stringify(ratesBody({ parcels: [{ weight_kg: -0, length_cm: 1, width_cm: 1, height_cm: 1 }] }))],
    ['deep nesting', `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`],
    ['long strings', JSON.stringify(ratesBody({ origin: { city: 'x'.repeat(100_000), country: 'SA' } }))],
    ['unicode', JSON.stringify(ratesBody({ origin: { city: '\u0000\ud800 الرياض', country: 'SA' } }))],
    ['arrays for addresses', JSON.stringify({ origin: [], destination: [], parcels: [] })],
  ];

  beforeAll(async () => {
    t = await bootTestApp();
    team = await t.createTeam('Robustness Team');
    await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 100_000 });
    shipmentId = (await book(t, team, 'sahm')).id;
  });
  afterAll(() => t.close());

  /** Cancel and passthrough take any JSON object (unknown fields are ignored or forwarded). */
  const routes = (body: string): Array<[string, string]> => {
    const isObject = body.trimStart().startsWith('{') && body !== '{"origin": {"city": ';
    return [
      ['POST', '/rates'],
      ['POST', '/shipments'],
      ['PATCH', `/shipments/${shipmentId}/destination`],
      ...(isObject || body === 'null'
        ? []
        : ([
            ['POST', `/shipments/${shipmentId}/cancel`],
            ['POST', '/carriers/sahm/passthrough'],
          ] as Array<[string, string]>)),
    ];
  };

  it.each(BODIES)('%s: every JSON route answers 4xx with the envelope', async (_label, body) => {
    for (const [method, path] of routes(body)) {
      const res = await t.api(path, { method, key: team.apiKey, rawBody: body, headers: { 'content-type': 'application/json' } });
      expect({ route: `${method} ${path}`, status: res.status < 500 && res.status >= 400 }).toEqual({
        route: `${method} ${path}`,
        status: true,
      });
      expect(res.body?.error?.code).toEqual(expect.any(String));
      expect(res.body.error.message_ar).toEqual(expect.any(String));
    }
  });

  it.each([
    ['/shipments?limit=1e2'],
    ['/shipments?limit=20&limit=30'],
    ['/shipments?status=CREATED&status=DELIVERED'],
    ['/shipments?offset=99999999999999999999'],
    ['/shipments/%00'],
    ['/shipments/..%2F..%2Fetc%2Fpasswd'],
    ['/labels/%E2%80%AE'],
    [`/shipments/${'a'.repeat(5000)}`],
  ])('GET %s answers 4xx with the envelope', async (path) => {
    const res = await t.api(path, { key: team.apiKey });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.error.code).toEqual(expect.any(String));
  });

  it('refuses a body over 1 MB with 413 and the envelope', async () => {
    const res = await t.api('/rates', {
      method: 'POST',
      key: team.apiKey,
      rawBody: JSON.stringify({ padding: 'x'.repeat(1_200_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('E_PAYLOAD_TOO_LARGE');
  });

  it('refuses a non-JSON content type on a JSON route with 4xx', async () => {
    const res = await t.api('/rates', { method: 'POST', key: team.apiKey, rawBody: 'a=b', headers: { 'content-type': 'text/plain' } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.error.code).toEqual(expect.any(String));
  });
});
