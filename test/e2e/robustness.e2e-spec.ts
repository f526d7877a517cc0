import { book, quoteFor, shipmentBody } from '../support/booking';
import { CARRIER_CODES, carrierCalls } from '../support/carriers';
import { DUBAI, PARCELS, ratesBody } from '../support/fixtures';
import { envelopeOf, httpRequest, rawRequest } from '../support/raw-http';
import { MALFORMED_BODIES } from '../support/hostile-bodies';
import { ApiResponse, bootTestApp, TestApp, TestTeam } from '../support/test-app';

/** Whatever a client sends, the answer is the error envelope with a 4xx — never a 500. */
describe('hostile and malformed input', () => {
  let t: TestApp;
  let team: TestTeam;
  let shipmentId: string;

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

  it.each(MALFORMED_BODIES)('%s: every JSON route answers 4xx with the envelope', async (_label, body) => {
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

/** A C0 control character in any text field is refused at the gate: 422, bilingual, no carrier call. */
describe('control characters in text fields', () => {
  let t: TestApp;
  let team: TestTeam;
  const calls = () => carrierCalls((method, path) => t.sandbox(method, path));

  beforeAll(async () => {
    t = await bootTestApp();
    team = await t.createTeam('Control Characters Team');
    await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 100_000 });
  });
  afterAll(() => t.close());

  function expectControlRefusal(res: ApiResponse, field: string): void {
    expect({ status: res.status, code: res.body?.error?.code, field: res.body?.error?.details?.field }).toEqual({
      status: 422,
      code: 'E_VALIDATION',
      field,
    });
    expect(res.body.error.details.reason).toBe('must not contain control characters or unpaired surrogates');
    expect(res.body.error.details.reason_ar).toMatch(/[\u0600-\u06ff]/);
  }

  it.each(CARRIER_CODES)(
    '%s: a cancel reason with NUL is refused before the carrier cancels; the shipment is unchanged',
    async (carrier) => {
      const shipment = await book(t, team, carrier);
      const before = await calls();
      const res = await t.api(`/shipments/${shipment.id}/cancel`, {
        method: 'POST',
        key: team.apiKey,
        body: { reason: 'changed\u0000mind' },
      });
      expectControlRefusal(res, 'reason');
      expect(await calls()).toBe(before);
      expect((await t.api(`/shipments/${shipment.id}`, { key: team.apiKey })).body.status).toBe(shipment.status);
      const cancellations = await t.sandbox('GET', `/sandbox/v1/carriers/${carrier}/shipments/${shipment.tracking_number}/cancellations`);
      expect(cancellations.body.cancelled).toBe(false);
    },
  );

  it.each(CARRIER_CODES)('%s: a booking reference with NUL is refused before the carrier books', async (carrier) => {
    const { quote, body } = await quoteFor(t, team, carrier);
    const before = await calls();
    const res = await t.api('/shipments', {
      method: 'POST',
      key: team.apiKey,
      body: shipmentBody(quote, body, { reference: 'ORDER\u00001' }),
    });
    expectControlRefusal(res, 'reference');
    expect(await calls()).toBe(before);
    // The quote was not spent: the same booking without the NUL goes through.
    const ok = await t.api('/shipments', { method: 'POST', key: team.apiKey, body: shipmentBody(quote, body, { reference: 'ORDER-1' }) });
    expect(ok.status).toBe(201);
  });

  it('refuses control characters in the admin API, nested fields, keys, query parameters and lone surrogates', async () => {
    expectControlRefusal(await t.admin('POST', '/teams', { name: 'Acme\u0000' }), 'name');
    const rates = (overrides: Record<string, unknown>) => t.api('/rates', { method: 'POST', key: team.apiKey, body: ratesBody(overrides) });
    expectControlRefusal(await rates({ origin: { city: 'Riyadh\u0007', country: 'SA', short_address: 'RRRD2929' } }), 'origin.city');
    expectControlRefusal(
      await rates({ hs_codes: ['610910'], incoterm: 'DAP', destination: { ...DUBAI, line1: 'a\ud800' } }),
      'destination.line1',
    );
    const catalogue = await t.api('/catalogue/products', {
      method: 'PUT',
      key: team.apiKey,
      body: { products: [{ sku: 'A-1', name_en: 'tab\there' }] },
    });
    expectControlRefusal(catalogue, 'products.0.name_en');
    expectControlRefusal(await t.api('/shipments?status=%00', { key: team.apiKey }), 'status');
    expectControlRefusal(await t.api('/webhooks/deliveries?state=failed%1F', { key: team.apiKey }), 'state');
    expectControlRefusal(await t.api('/catalogue/products?limit=1%0A', { key: team.apiKey }), 'limit');
    // A path parameter with one names nothing.
    const byId = await t.api('/shipments/abc%00def', { key: team.apiKey });
    expect({ status: byId.status, code: byId.body.error.code }).toEqual({ status: 404, code: 'E_NOT_FOUND' });
  });

  it('refuses control characters in multipart field values and filenames before storing anything', async () => {
    const shipment = await book(t, team, CARRIER_CODES[0]);
    const upload = async (parts: string) => {
      const res = await t.api(`/shipments/${shipment.id}/documents`, {
        method: 'POST',
        key: team.apiKey,
        rawBody: Buffer.from(`${parts}--XX--\r\n`),
        headers: { 'content-type': 'multipart/form-data; boundary=XX' },
      });
      return res;
    };
    const pdfPart = (filename: string) =>
      `--XX\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 x\r\n`;
    const field = (value: string) => `--XX\r\nContent-Disposition: form-data; name="type"\r\n\r\n${value}\r\n`;
    expectControlRefusal(await upload(field('commercial_invoice\u0000') + pdfPart('a.pdf')), 'type');
    expectControlRefusal(await upload(field('commercial_invoice') + pdfPart('in\u0001voice.pdf')), 'file.filename');
    const listed = await t.api(`/shipments/${shipment.id}/documents`, { key: team.apiKey });
    expect(listed.body.documents).toEqual([]);
  });
});

/** Bodies are bounded before they become objects; multipart errors answer at once. */
describe('bounded bodies', () => {
  let t: TestApp;
  let team: TestTeam;
  let shipmentId: string;

  beforeAll(async () => {
    t = await bootTestApp();
    team = await t.createTeam('Bounded Bodies Team');
    await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 100_000 });
    shipmentId = (await book(t, team, CARRIER_CODES[0])).id;
  });
  afterAll(() => t.close());

  const CUT_SHORT = 'the multipart body ended before the form was complete';
  const nested = (depth: number, open: string, close: string) => `${open.repeat(depth)}${close.repeat(depth)}`;

  it.each([
    ['objects 5,000 deep', `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`],
    ['arrays 5,000 deep in a field', `{"parcels":${nested(5000, '[', ']')}}`],
    ['an address 33 deep', JSON.stringify(ratesBody({ origin: JSON.parse(`${'{"a":'.repeat(32)}1${'}'.repeat(32)}`) }))],
  ])('%s: 422 {field: body} on POST /rates and POST /shipments', async (_label, raw) => {
    for (const path of ['/rates', '/shipments']) {
      const res = await t.api(path, { method: 'POST', key: team.apiKey, rawBody: raw, headers: { 'content-type': 'application/json' } });
      expect({ path, status: res.status, field: res.body?.error?.details?.field }).toEqual({ path, status: 422, field: 'body' });
      expect(res.body.error.details.reason).toBe('must not nest objects or arrays more than 32 levels deep');
      expect(res.body.error.details.reason_ar).toMatch(/[\u0600-\u06ff]/);
    }
  });

  it('still accepts brackets and braces inside strings, and 32 levels of nesting', async () => {
    const res = await t.api('/rates', {
      method: 'POST',
      key: team.apiKey,
      body: ratesBody({ origin: { name: '[[[[{{{{'.repeat(20), city: 'Riyadh', country: 'SA', short_address: 'RRRD2929' } }),
    });
    expect(res.status).toBe(200);
    const deep = `{"a":${'['.repeat(31)}${']'.repeat(31)}}`;
    const cancel = await t.api('/nowhere-deep', {
      method: 'POST',
      key: team.apiKey,
      rawBody: deep,
      headers: { 'content-type': 'application/json' },
    });
    expect(cancel.status).toBe(404);
  });

  it('refuses an array where a product or a parcel belongs', async () => {
    const catalogue = await t.api('/catalogue/products', { method: 'PUT', key: team.apiKey, body: { products: [[]] } });
    expect({ status: catalogue.status, field: catalogue.body.error.details.field }).toEqual({ status: 422, field: 'products' });
    const rates = await t.api('/rates', { method: 'POST', key: team.apiKey, body: ratesBody({ parcels: [PARCELS[0], []] }) });
    expect({ status: rates.status, field: rates.body.error.details.field }).toEqual({ status: 422, field: 'parcels' });
    expect((await t.api('/catalogue/products', { key: team.apiKey })).body.total).toBe(0);
  });

  const form = (extra: Record<string, string>, body: string) =>
    t.api(`/shipments/${shipmentId}/documents`, { method: 'POST', key: team.apiKey, rawBody: body, headers: extra });

  it('answers a multipart body without a boundary with 422', async () => {
    const res = await form({ 'content-type': 'multipart/form-data' }, '--XX\r\n\r\nabc');
    expect({ status: res.status, field: res.body.error.details.field }).toEqual({ status: 422, field: 'body' });
    expect(res.body.error.details.reason).toMatch(/boundary/);
  });

  it('answers too many parts with 413 at once', async () => {
    const parts = Array.from({ length: 25 }, (_, i) => `--XX\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`).join('');
    const res = await form({ 'content-type': 'multipart/form-data; boundary=XX' }, `${parts}--XX--\r\n`);
    expect({ status: res.status, code: res.body.error.code }).toEqual({ status: 413, code: 'E_PAYLOAD_TOO_LARGE' });
  });

  it.each([
    [
      'in a file part',
      'Content-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 cut',
      CUT_SHORT,
    ],
    // The parser ends the form at a part head it cannot finish: what is missing is reported.
    ['in a part head', 'Content-Disposition: form-data; name="file"; filen', 'is required: a PDF document'],
  ])('answers a multipart body cut %s with 422, twice on one connection, chunked or not', async (_label, cut, reason) => {
    const body = `--XX\r\nContent-Disposition: form-data; name="type"\r\n\r\ncommercial_invoice\r\n--XX\r\n${cut}`;
    const head = (extra: string) =>
      `POST /api/v1/shipments/${shipmentId}/documents HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${team.apiKey}\r\n` +
      `Content-Type: multipart/form-data; boundary=XX\r\n${extra}\r\n`;
    const sized = `${head(`Content-Length: ${Buffer.byteLength(body)}\r\n`)}${body}`;
    const chunked = `${head('Transfer-Encoding: chunked\r\n')}${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n0\r\n\r\n`;
    for (const one of [sized, chunked]) {
      const started = Date.now();
      const answer = (await rawRequest(t.url, one + one.replace('Host: x', 'Host: x\r\nConnection: close'))).raw.toString();
      const statuses = [...answer.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => m[1]);
      const replies = [...answer.matchAll(/"details":\{"field":"[^"]*","reason":"([^"]+)"/g)].map((m) => m[1]);
      // Both requests are answered, each at once and with the cause.
      expect(statuses).toEqual(['422', '422']);
      expect(replies).toEqual([reason, reason]);
      expect(Date.now() - started).toBeLessThan(5000);
    }
  });
});

/**
 * The router's own refusals — before any route or hook could run, or from Node's HTTP parser —
 * carry the envelope and the three headers like any other /api/v1 answer.
 */
describe('router errors', () => {
  let t: TestApp;
  let team: TestTeam;

  beforeAll(async () => {
    t = await bootTestApp();
    team = await t.createTeam('Router Errors Team');
  });
  afterAll(() => t.close());

  function expectApiAnswer(
    status: number,
    headers: Record<string, string | null>,
    body: string | Buffer,
    expected: { status: number; code: string },
  ) {
    expect({ status, code: envelopeOf(body)?.code }).toEqual(expected);
    expect(headers['x-ratelimit-limit']).toMatch(/^\d+$/);
    expect(headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
    expect(headers['x-service-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  }
  const fetched = async (path: string, init: { method?: string; headers?: Record<string, string>; rawBody?: string } = {}) => {
    const res = await t.api(path, { key: team.apiKey, ...init });
    expectApiAnswer(res.status, Object.fromEntries(res.headers.entries()), res.text, { status: res.status, code: res.body?.error?.code });
    return res;
  };

  it.each([
    ['an overlong path parameter', `/shipments/${'a'.repeat(300)}`],
    ['a malformed percent-encoding', '/shipments/%E0%A4%A'],
    ['an unknown route', '/nowhere'],
    ['a method the route does not have', '/carriers', 'DELETE'],
  ])('%s: 404 E_NOT_FOUND with the counted headers', async (_label, path, method = 'GET') => {
    const res = await fetched(path, { method });
    expect({ status: res.status, code: res.body.error.code }).toEqual({ status: 404, code: 'E_NOT_FOUND' });
    // The key was checked and counted, as on any route.
    expect(Number(res.headers.get('x-ratelimit-remaining'))).toBeLessThan(60);
    expect((await t.api(path, { key: null, method })).status).toBe(401);
  });

  it('a malformed URL under a method no route has: 404 with the (uncounted) headers', async () => {
    const res = await fetched('/shipments/%E0%A4%A/documents', { method: 'OPTIONS' });
    expect({ status: res.status, code: res.body.error.code }).toEqual({ status: 404, code: 'E_NOT_FOUND' });
  });

  it('an unsupported content type: 422 {field: body}', async () => {
    const res = await fetched('/rates', { method: 'POST', rawBody: '<rates/>', headers: { 'content-type': 'application/xml' } });
    expect({ status: res.status, details: res.body.error.details }).toEqual({
      status: 422,
      details: {
        field: 'body',
        reason: 'unsupported content type',
        reason_ar: 'نوع محتوى غير مدعوم',
        errors: [{ field: 'body', reason: 'unsupported content type', reason_ar: 'نوع محتوى غير مدعوم' }],
      },
    });
  });

  it('a URL over 8 KB: 414 E_URI_TOO_LONG, through the router and past the parser limit', async () => {
    const res = await fetched(`/shipments?q=${'a'.repeat(20_000)}`);
    expect({ status: res.status, code: res.body.error.code }).toEqual({ status: 414, code: 'E_URI_TOO_LONG' });
    const within = await fetched(`/shipments?q=${'a'.repeat(9000)}`);
    expect({ status: within.status, code: within.body.error.code }).toEqual({ status: 414, code: 'E_URI_TOO_LONG' });
  });

  it('headers over 16 KB: 431 E_HEADERS_TOO_LARGE', async () => {
    const res = await rawRequest(
      t.url,
      httpRequest('GET', '/api/v1/shipments', [
        ['Authorization', `Bearer ${team.apiKey}`],
        ['X-Padding', 'a'.repeat(20_000)],
      ]),
    );
    expectApiAnswer(res.status, res.headers, res.body, { status: 431, code: 'E_HEADERS_TOO_LARGE' });
  });

  it('a malformed request (a NUL in a header): 422 {field: request}', async () => {
    const res = await rawRequest(
      t.url,
      httpRequest('GET', '/api/v1/shipments', [
        ['Authorization', `Bearer ${team.apiKey}`],
        ['X-Odd', 'a\u0000b'],
      ]),
    );
    expectApiAnswer(res.status, res.headers, res.body, { status: 422, code: 'E_VALIDATION' });
    const problem = {
      field: 'request',
      reason: 'must be a well-formed HTTP/1.1 request',
      reason_ar: expect.stringMatching(/[\u0600-\u06FF]/),
    };
    expect(envelopeOf(res.body)?.details).toEqual({ ...problem, errors: [problem] });
  });
});

/** Lower bounds (ADR 0029): a gram and a millimetre; country codes in either case. */
describe('lower bounds and case', () => {
  let t: TestApp;
  let team: TestTeam;

  beforeAll(async () => {
    t = await bootTestApp();
    team = await t.createTeam('Lower Bounds Team');
  });
  afterAll(() => t.close());

  it.each([
    ['parcels.0.weight_kg', { weight_kg: 0.0009 }, 'must be at least 0.001'],
    ['parcels.0.weight_kg', { weight_kg: 1e-300 }, 'must be at least 0.001'],
    ['parcels.0.height_cm', { height_cm: 0.05 }, 'must be at least 0.1'],
  ])('refuses %s below its minimum', async (field, parcel, reason) => {
    const res = await t.api('/rates', { method: 'POST', key: team.apiKey, body: ratesBody({ parcels: [{ ...PARCELS[0], ...parcel }] }) });
    expect({ status: res.status, details: res.body.error.details }).toEqual({
      status: 422,
      details: { field, reason, reason_ar: expect.any(String), errors: [{ field, reason, reason_ar: expect.any(String) }] },
    });
  });

  it('accepts the minimums, and lower-case country codes stored upper-case', async () => {
    const parcels = [{ weight_kg: 0.001, length_cm: 0.1, width_cm: 0.1, height_cm: 0.1 }];
    const res = await t.api('/rates', {
      method: 'POST',
      key: team.apiKey,
      body: ratesBody({ parcels, origin: { city: 'Riyadh', country: 'sa', short_address: 'rrrd2929' } }),
    });
    expect(res.status).toBe(200);
    const quote = res.body.quotes[0];
    const booked = await t.api('/shipments', {
      method: 'POST',
      key: team.apiKey,
      body: shipmentBody(quote, ratesBody({ parcels, origin: { city: 'Riyadh', country: 'sa', short_address: 'rrrd2929' } })),
    });
    expect(booked.status).toBe(201);
    expect(booked.body.origin).toMatchObject({ country: 'SA', short_address: 'RRRD2929' });
  });
});
