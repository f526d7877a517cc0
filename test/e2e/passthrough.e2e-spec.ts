import { bootTestApp, TestApp, TestTeam } from '../support/test-app';
import { carrierDefinition, NO_PASSTHROUGH_CARRIER_CODES, PASSTHROUGH_CARRIER_CODES } from '../support/carriers';

/**
 * Unusual on purpose: key order a serialiser would not keep, whitespace, Arabic text,
 * numbers that JSON.stringify(JSON.parse()) would rewrite (1.10, 1e3, -0.0, an integer
 * beyond 2^53), escapes and nested arrays. Only a byte-for-byte forward keeps all of it.
 */
const MARKER = 'PII-MARKER-7731';
const RAW = [
  '{ "zeta" : 1,',
  '  "alpha": {"b": [1, [2, [3, {"deep": true}]], []], "a": "x"},',
  `  "اسم_المستلم": "محمد عبدالله — الرياض ${MARKER}",`,
  '  "price": 1.10, "weight": 1e3, "ratio": -0.0, "big": 12345678901234567890,',
  '  "esc": "\\u0041\\n\\"q\\"", "empty": {}, "nil": null',
  '}',
].join('\n');

/** Two passthrough carriers for the cases about the route rather than a carrier (the same one if only one). */
const [FIRST, SECOND = FIRST] = PASSTHROUGH_CARRIER_CODES;
/** A code the route must not serve: a carrier without passthrough, else none at all. */
const NOT_SERVED = NO_PASSTHROUGH_CARRIER_CODES[0] ?? 'nope';

/** Headers naming the carrier's own credentials, as a caller might try to smuggle them. */
function credentialHeaders(code: string): Record<string, string> {
  const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
  return Object.fromEntries(
    Object.keys(carrierDefinition(code).settings.credentials).map((name) => [`x-${code}-${kebab(name)}`, 'intruder']),
  );
}

describe('carrier passthrough', () => {
  let t: TestApp;
  let team: TestTeam;
  let other: TestTeam;

  beforeAll(async () => {
    t = await bootTestApp({ env: { CARRIER_TIMEOUT_MS: '500', CARRIER_BREAKER_THRESHOLD: '1000' } });
    team = await t.createTeam('Passthrough Team');
    other = await t.createTeam('Other Team');
    for (const x of [team, other]) await t.admin('PUT', `/teams/${x.teamId}/rate-limit`, { per_minute: 100_000 });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    for (const code of PASSTHROUGH_CARRIER_CODES) await t.sandbox('PUT', `/sandbox/v1/carriers/${code}/fault`, { mode: 'none' });
  });

  const forward = (code: string, raw: string | Buffer, options: { key?: string; headers?: Record<string, string>; query?: string } = {}) =>
    t.api(`/carriers/${code}/passthrough${options.query ?? ''}`, {
      method: 'POST',
      key: options.key ?? team.apiKey,
      rawBody: raw,
      headers: { 'content-type': 'application/json', ...(options.headers ?? {}) },
    });

  const lastForwarded = async (code: string) => {
    const log = await t.sandbox('GET', `/sandbox/v1/carriers/${code}/passthrough-requests`);
    expect(log.status).toBe(200);
    return log.body.requests[log.body.requests.length - 1];
  };

  const stats = async (code: string) => (await t.sandbox('GET', `/sandbox/v1/carriers/${code}/stats`)).body;

  describe.each(PASSTHROUGH_CARRIER_CODES)('%s', (code) => {
    it('forwards the exact bytes and returns the carrier answer unchanged', async () => {
      const res = await forward(code, Buffer.from(RAW, 'utf8'));
      expect(res.status).toBe(200);
      // The carrier's content type as it sent it (the sandbox adds no charset).
      expect(res.headers.get('content-type')).toBe('application/json');
      expect(res.body.received).toEqual(JSON.parse(RAW));
      // The sandbox embeds the bytes it received verbatim: seeing them in our answer proves
      // neither direction was re-serialised.
      expect(res.text).toContain(RAW);

      const forwarded = await lastForwarded(code);
      expect(Buffer.from(forwarded.body_base64, 'base64').equals(Buffer.from(RAW, 'utf8'))).toBe(true);
      expect(forwarded.credentials_ok).toBe(true);
      expect(forwarded.content_type).toMatch(/^application\/json/);
      // A success, as the carrier's definition reads its answers: no refusal in it.
      expect(carrierDefinition(code).wire.refusal(res.body)).toBeUndefined();
    });

    it('keeps the request-id and rate-limit headers on the carrier answer', async () => {
      const res = await forward(code, '{"ping":true}');
      expect(res.status).toBe(200);
      expect(res.headers.get('x-service-request-id')).toEqual(expect.any(String));
      expect(Number(res.headers.get('x-ratelimit-limit'))).toBe(100_000);
      expect(res.headers.get('x-ratelimit-remaining')).toEqual(expect.any(String));
    });

    it('lets the caller choose neither the target nor the headers sent to the carrier', async () => {
      const before = await stats(code);
      const res = await forward(code, '{"who":"me"}', {
        query: '?url=http://127.0.0.1:1/evil&path=/v2/shipments',
        headers: {
          ...credentialHeaders(code),
          authorization: 'Bearer stolen',
          'x-forwarded-host': 'evil.example',
          'x-api-key': 'stolen',
        },
      });
      expect(res.status).toBe(200);
      expect(res.body.received).toEqual({ who: 'me' });
      const after = await stats(code);
      expect(after.passthrough_requests).toBe(before.passthrough_requests + 1);
      expect(after.bookings).toBe(before.bookings);
      expect((await lastForwarded(code)).credentials_ok).toBe(true);
    });

    it.each([400, 404, 409, 422, 500, 503])('passes a carrier %i back with its own body', async (status) => {
      const raw = `{"sandbox_status": ${status}, "order": {"ref": "A-1"}}`;
      const res = await forward(code, raw);
      expect(res.status).toBe(status);
      expect(res.text).toContain(raw);
      expect(res.body.received).toEqual(JSON.parse(raw));
      // The carrier's own error vocabulary, as its definition reads it, never the gateway's envelope.
      expect(carrierDefinition(code).wire.refusal(res.body)).toMatch(/\S/);
      expect(JSON.stringify(res.body)).not.toMatch(/"E_[A-Z_]+"/);
      expect(res.headers.get('retry-after')).toBeNull();
    });
  });

  it.each([...NO_PASSTHROUGH_CARRIER_CODES, 'nope', FIRST.toUpperCase(), `${FIRST}.`])(
    'answers 404 E_NOT_FOUND for carrier code %p',
    async (code) => {
      const res = await forward(code, '{"a":1}');
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ code: 'E_NOT_FOUND', message_en: 'Resource not found.' });
      expect(res.body.error.message_ar).toBeTruthy();
    },
  );

  it.each([
    ['an array', '[1, 2]', 'application/json'],
    ['a string', '"text"', 'application/json'],
    ['null', 'null', 'application/json'],
    ['a number', '42', 'application/json'],
    ['an empty body', '', 'application/json'],
    ['malformed JSON', '{"a":', 'application/json'],
    ['a text/plain body', '{"a":1}', 'text/plain'],
  ])('refuses %s with 422 E_VALIDATION on body, without calling the carrier', async (_label, raw, contentType) => {
    const before = await stats(FIRST);
    const res = await forward(FIRST, raw, { headers: { 'content-type': contentType } });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'E_VALIDATION', details: { field: 'body' } });
    expect((await stats(FIRST)).native_requests).toBe(before.native_requests);
  });

  it('needs an API key', async () => {
    const res = await t.api(`/carriers/${FIRST}/passthrough`, { method: 'POST', key: null, body: { a: 1 } });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('E_UNAUTHENTICATED');
  });

  describe('audit log', () => {
    const COLUMNS = [
      'carrier_code',
      'created_at',
      'id',
      'key_id',
      'latency_ms',
      'outcome',
      'request_bytes',
      'request_id',
      'response_bytes',
      'status',
      'team_id',
    ];
    const rowsFor = (teamId: string) =>
      t.runtime.database.dataSource.query('SELECT * FROM passthrough_audit WHERE team_id = $1 ORDER BY id', [teamId]);

    it('records answered and unanswered calls with sizes and timings, never bodies', async () => {
      const auditTeam = await t.createTeam('Audit Team');
      await t.admin('PUT', `/teams/${auditTeam.teamId}/rate-limit`, { per_minute: 100_000 });

      const ok = await forward(SECOND, RAW, { key: auditTeam.apiKey });
      expect(ok.status).toBe(200);
      const refused = await forward(SECOND, `{"sandbox_status": 422, "note": "${MARKER}"}`, { key: auditTeam.apiKey });
      expect(refused.status).toBe(422);
      await t.sandbox('PUT', `/sandbox/v1/carriers/${SECOND}/fault`, { mode: 'down' });
      const down = await forward(SECOND, `{"note": "${MARKER}"}`, { key: auditTeam.apiKey });
      expect(down.status).toBe(503);
      // Refused before any carrier call: nothing to audit.
      expect((await forward(NOT_SERVED, '{}', { key: auditTeam.apiKey })).status).toBe(404);
      expect((await forward(SECOND, '[]', { key: auditTeam.apiKey })).status).toBe(422);

      const rows = await rowsFor(auditTeam.teamId);
      expect(rows).toHaveLength(3);
      for (const row of rows) expect(Object.keys(row).sort()).toEqual(COLUMNS);
      expect(JSON.stringify(rows)).not.toContain(MARKER);
      expect(JSON.stringify(rows)).not.toContain('محمد');

      const [answered, rejected, unavailable] = rows;
      expect(answered).toMatchObject({
        team_id: auditTeam.teamId,
        key_id: auditTeam.keyId,
        carrier_code: SECOND,
        status: 200,
        outcome: 'answered',
        request_bytes: Buffer.byteLength(RAW),
        response_bytes: Buffer.byteLength(ok.text),
        request_id: ok.headers.get('x-service-request-id'),
      });
      expect(Number(answered.latency_ms)).toBeGreaterThanOrEqual(0);
      expect(rejected).toMatchObject({ status: 422, outcome: 'answered', request_id: refused.headers.get('x-service-request-id') });
      expect(unavailable).toMatchObject({
        status: null,
        outcome: 'unavailable',
        response_bytes: null,
        request_id: down.headers.get('x-service-request-id'),
      });
    });

    it("lists the team's own entries, newest first, and never another team's", async () => {
      const first = await forward(FIRST, '{"n":1}');
      const second = await forward(FIRST, '{"n":2}');
      const mine = await t.api(`/carriers/${FIRST}/passthrough/audit?limit=2`, { key: team.apiKey });
      expect(mine.status).toBe(200);
      expect(mine.body.limit).toBe(2);
      expect(mine.body.entries.map((e: any) => e.request_id)).toEqual([
        second.headers.get('x-service-request-id'),
        first.headers.get('x-service-request-id'),
      ]);
      expect(mine.body.entries[0]).toEqual({
        carrier_code: FIRST,
        key_id: team.keyId,
        status: 200,
        outcome: 'answered',
        latency_ms: expect.any(Number),
        request_bytes: 7,
        response_bytes: Buffer.byteLength(second.text),
        request_id: second.headers.get('x-service-request-id'),
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });

      const theirs = await t.api(`/carriers/${FIRST}/passthrough/audit?limit=100`, { key: other.apiKey });
      expect(theirs.status).toBe(200);
      expect(theirs.body.entries).toEqual([]);
      // Only the carrier named in the path.
      const named = await t.api(`/carriers/${SECOND}/passthrough/audit`, { key: team.apiKey });
      expect(named.body.entries.every((e: any) => e.carrier_code === SECOND)).toBe(true);
    });

    it('validates the listing like the rest of the API', async () => {
      expect((await t.api(`/carriers/${NOT_SERVED}/passthrough/audit`, { key: team.apiKey })).body.error.code).toBe('E_NOT_FOUND');
      for (const limit of ['0', '101', 'abc', '-1']) {
        const res = await t.api(`/carriers/${FIRST}/passthrough/audit?limit=${limit}`, { key: team.apiKey });
        expect(res.status).toBe(422);
        expect(res.body.error.details).toMatchObject({ field: 'limit' });
      }
    });
  });

  it('documents the route in the OpenAPI contract', async () => {
    const res = await t.api('/openapi.json', { key: null });
    const op = res.body.paths['/api/v1/carriers/{code}/passthrough'].post;
    expect(op.tags).toEqual(['passthrough']);
    expect(op.requestBody.content['application/json'].schema).toMatchObject({ type: 'object' });
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '401', '404', '422', '429', '503']));
    expect(res.body.paths['/api/v1/carriers/{code}/passthrough/audit'].get).toBeDefined();
  });
});
