import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { BATCH_CSV_COLUMNS } from '@lgw/fulfilment';
import { firstUnprintableText } from '@lgw/kernel';
import { book, quoteFor, shipmentBody } from '../support/booking';
import { CARRIER_CODES, carrierCalls, PASSTHROUGH_CARRIER_CODES } from '../support/carriers';
import { envelopeOf, httpRequest, RawConnection, rawRequest, RawResponse } from '../support/raw-http';
import { DocumentedOperation, documentedOperations, schemaPropertyNames, servedRoutes } from '../support/routes';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';
import { hostileNumber, hostileText, hostileTree, mutatedBody, pathsOf, poisonedBody, withValueAt } from '../support/hostile-bodies';

/**
 * Generated hostile requests — bodies, query strings, headers and multipart streams — against
 * every route the OpenAPI document describes. Whatever arrives: never a 5xx; an error is always
 * the envelope; every /api/v1 answer carries the three headers; and a request the gateway
 * refuses never reached a carrier. Fixed seed and bounded runs: the same requests every time.
 */
const SEED = 20_291_124;
const RUNS_PER_ROUTE = 12;
/** Short connection bounds, so that trickled and stalled bodies are judged within the suite's time. */
const CONNECTION_LIMITS = { HTTP_HEADERS_TIMEOUT_MS: '2000', HTTP_BODY_TIMEOUT_MS: '800', HTTP_REQUEST_TIMEOUT_MS: '6000' };
const CONNECTION_RUNS = 8;

interface HostileRequest {
  readonly method: string;
  readonly target: string;
  readonly headers: Array<[string, string]>;
  readonly body?: Buffer;
}

function describeRequest(request: HostileRequest): string {
  const cut = (text: string) => (text.length > 160 ? `${text.slice(0, 160)}…(${text.length} chars)` : text);
  const headers = request.headers.map(([name, value]) => `${name}: ${cut(value)}`).join(' | ');
  const body = request.body ? cut(JSON.stringify(request.body.toString('latin1'))) : '(none)';
  return `${request.method} ${cut(request.target)} [${headers}] body ${body}`;
}

/** Percent-encodes the UTF-8 bytes of any string (lone surrogates included). */
function pct(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** A header value a raw HTTP/1.1 request can carry without breaking its framing (no CR or LF). */
const headerText = hostileText.map((value) => value.replace(/[\r\n]/g, ''));

/** The example value of an OpenAPI schema, following $refs: a valid body to start mutating from. */
function exampleOf(doc: any, schema: any, depth = 0): unknown {
  if (!schema || depth > 6) return undefined;
  if (schema.$ref) return exampleOf(doc, doc.components.schemas[schema.$ref.split('/').pop()], depth + 1);
  if (schema.example !== undefined) return schema.example;
  if (schema.allOf?.length) return exampleOf(doc, schema.allOf[0], depth + 1);
  if (schema.type === 'array') return [exampleOf(doc, schema.items, depth + 1)].filter((v) => v !== undefined);
  if (schema.type === 'object' || schema.properties) {
    const value: Record<string, unknown> = {};
    for (const [name, property] of Object.entries<any>(schema.properties ?? {})) {
      const example = exampleOf(doc, property, depth + 1);
      if (example !== undefined) value[name] = example;
    }
    return value;
  }
  if (schema.enum?.length) return schema.enum[0];
  return undefined;
}

/** The schema of the value at `path` inside a value of `schema` (array items by index), following $refs. */
function schemaAt(doc: any, schema: any, path: readonly string[]): any {
  let at = schema;
  for (const step of path) {
    while (at?.$ref || at?.allOf?.length) at = at.$ref ? doc.components.schemas[at.$ref.split('/').pop()] : at.allOf[0];
    at = at?.type === 'array' ? at.items : at?.properties?.[step];
  }
  while (at?.$ref) at = doc.components.schemas[at.$ref.split('/').pop()];
  return at;
}

describe('hostile input on every route (property-based)', () => {
  let t: TestApp;
  let team: TestTeam;
  let victim: TestTeam;
  let shipment: { id: string };
  let doc: any;
  let operations: DocumentedOperation[];

  beforeAll(async () => {
    t = await bootTestApp({ env: CONNECTION_LIMITS });
    team = await t.createTeam('Fuzz Team');
    // Admin routes act on another team, so a generated rate limit or key change cannot lock the fuzzer out.
    victim = await t.createTeam('Fuzz Victim Team');
    await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 10_000_000 });
    shipment = await book(t, team, CARRIER_CODES[0]);
    doc = (await (await fetch(`${t.url}/api/v1/openapi.json`)).json()) as any;
    // The document itself is served beside the routes it describes.
    operations = [...documentedOperations(doc), { method: 'GET', path: '/api/v1/openapi.json', params: [], query: [], multipart: false }];
  }, 60_000);
  afterAll(() => t.close());

  it('takes its routes from the OpenAPI document, which describes every route the app serves', () => {
    const documented = new Set(operations.map((op) => `${op.method} ${op.path}`));
    const served = [...servedRoutes(t.app.getHttpAdapter().getInstance().printRoutes({ commonPrefix: false }))].filter((route) =>
      / \/(api|admin)\/v1\//.test(route),
    );
    expect(served.length).toBeGreaterThanOrEqual(20);
    expect(served.filter((route) => !documented.has(route))).toEqual([]);
  });

  /** Path parameters that name something that exists (or a fresh id where nothing needs to). */
  function knownPathValues(): Record<string, string> {
    return {
      id: shipment.id,
      code: PASSTHROUGH_CARRIER_CODES[0] ?? CARRIER_CODES[0],
      teamId: victim.teamId,
      keyId: randomUUID(),
      sku: 'SKU-1',
    };
  }

  function requestFor(op: DocumentedOperation): fc.Arbitrary<HostileRequest> {
    const admin = op.path.startsWith('/admin/');
    const known = knownPathValues();
    const paramValue = (name: string) =>
      fc.oneof(
        { arbitrary: fc.constant(known[name] ?? randomUUID()), weight: 4 },
        { arbitrary: hostileText.map(pct), weight: 3 },
        { arbitrary: fc.constantFrom('%E0%A4%A', '%', '%zz', 'a'.repeat(101), '..%2F..%2F', '%2e%2e', '%C0%AF'), weight: 2 },
      );
    const path = fc
      .tuple(...(op.params.length ? op.params.map(paramValue) : [fc.constant('')]))
      .map((values) => op.params.reduce((p, name, i) => p.replace(`{${name}}`, values[i]), op.path));

    const queryKey = fc.oneof(fc.constantFrom(...op.query, 'limit', 'offset', 'status', 'state'), hostileText);
    const queryValue = fc.oneof(
      hostileText,
      hostileNumber.map(String),
      fc.constantFrom('CREATED', 'failed', '20', '100', '101', '99999999999999999999', '1e2'),
    );
    const query = fc.oneof(
      { arbitrary: fc.constant(''), weight: 3 },
      {
        arbitrary: fc
          .array(fc.tuple(queryKey, queryValue), { maxLength: 4 })
          .map((pairs) => pairs.map(([k, v]) => `${pct(k)}=${pct(v)}`).join('&')),
        weight: 4,
      },
      { arbitrary: fc.constantFrom('%', '%zz=1', '&&&==', 'a=%E0%A4%A', `q=${'x'.repeat(9000)}`), weight: 1 },
    );

    const method = fc.oneof(
      { arbitrary: fc.constant(op.method), weight: 9 },
      { arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'), weight: 1 },
    );
    const credential = admin ? t.adminToken : team.apiKey;
    const authorization = fc.oneof(
      { arbitrary: fc.constant<[string, string][]>([['Authorization', `Bearer ${credential}`]]), weight: 8 },
      { arbitrary: headerText.map<[string, string][]>((value) => [['Authorization', `Bearer ${value}`]]), weight: 1 },
      { arbitrary: fc.constant<[string, string][]>([]), weight: 1 },
    );
    const extraHeaders = fc.array(
      fc.oneof(
        {
          arbitrary: fc.tuple(fc.constantFrom('Idempotency-Key', 'X-Fuzz', 'Accept', 'X-Forwarded-For', 'Accept-Version'), headerText),
          weight: 8,
        },
        { arbitrary: fc.tuple(fc.constantFrom('X Fuzz', 'X-\u0000', ''), fc.constant('1')), weight: 1 },
        { arbitrary: fc.constant<[string, string]>(['X-Padding', 'p'.repeat(17_000)]), weight: 1 },
      ),
      { maxLength: 2 },
    );

    // Mostly one hostile part in an otherwise ordinary request, so each reaches the check meant
    // for it; sometimes everything at once.
    const knownPath = op.params.reduce((p, name) => p.replace(`{${name}}`, known[name] ?? randomUUID()), op.path);
    const template = templateOf(op);
    const ordinary = {
      method: op.method,
      path: knownPath,
      query: '',
      authorization: [['Authorization', `Bearer ${credential}`]] as [string, string][],
      extraHeaders: [] as [string, string][],
      body:
        template === undefined ? { contentType: null } : { contentType: 'application/json', bytes: Buffer.from(JSON.stringify(template)) },
    };
    const body = bodyFor(op);
    const parts = fc.oneof(
      { arbitrary: path.map((value) => ({ ...ordinary, path: value })), weight: 2 },
      { arbitrary: query.map((value) => ({ ...ordinary, query: value })), weight: 2 },
      { arbitrary: method.map((value) => ({ ...ordinary, method: value })), weight: 1 },
      { arbitrary: authorization.map((value) => ({ ...ordinary, authorization: value })), weight: 1 },
      { arbitrary: extraHeaders.map((value) => ({ ...ordinary, extraHeaders: value })), weight: 1 },
      { arbitrary: body.map((value) => ({ ...ordinary, body: value })), weight: 6 },
      { arbitrary: fc.record({ method, path, query, authorization, extraHeaders, body }), weight: 2 },
    );
    return parts.map(({ method: m, path: p, query: q, authorization: auth, extraHeaders: extra, body: b }) => {
      const request: HostileRequest = {
        method: m,
        target: q ? `${p}?${q}` : p,
        headers: [...auth, ...(b.contentType === null ? [] : [['Content-Type', b.contentType] as [string, string]]), ...extra],
        body: b.bytes,
      };
      // A counterexample fast-check reports stays readable: long values are cut.
      return Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) });
    });
  }

  /** The example body of the operation's JSON request schema, if it has one. */
  function templateOf(op: DocumentedOperation): unknown {
    const schema = doc.paths[op.path]?.[op.method.toLowerCase()]?.requestBody?.content?.['application/json']?.schema;
    return schema ? exampleOf(doc, schema) : undefined;
  }

  function bodyFor(op: DocumentedOperation): fc.Arbitrary<{ contentType: string | null; bytes?: Buffer }> {
    const fieldName = fc.oneof(fc.constantFrom(...schemaPropertyNames(doc)), hostileText);
    const tree = hostileTree(fieldName);
    const template = templateOf(op) ?? {};
    const mutated = mutatedBody(template, fieldName);
    const poisoned = poisonedBody(template);
    const json = (value: fc.Arbitrary<unknown>) =>
      value.map((v) => ({ contentType: 'application/json', bytes: Buffer.from(JSON.stringify(v) ?? 'null') }));
    const deep = fc
      .tuple(fc.constantFrom(33, 100, 2500, 5000, 12_000), fc.boolean())
      .map(([depth, objects]) => (objects ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}` : `${'['.repeat(depth)}${']'.repeat(depth)}`))
      .map((text) => ({ contentType: 'application/json', bytes: Buffer.from(text) }));
    const bytes = fc
      .tuple(
        fc.uint8Array({ maxLength: 64 }),
        fc.constantFrom('application/json', 'text/plain', 'application/xml', 'a/b;;;', 'application/x-www-form-urlencoded'),
      )
      .map(([data, contentType]) => ({ contentType, bytes: Buffer.from(data) }));
    return fc.oneof(
      { arbitrary: fc.constant({ contentType: null }), weight: 2 },
      { arbitrary: json(mutated), weight: op.multipart ? 1 : 5 },
      { arbitrary: json(poisoned), weight: op.multipart ? 1 : 3 },
      { arbitrary: json(tree), weight: 2 },
      { arbitrary: deep, weight: 2 },
      { arbitrary: bytes, weight: 1 },
      { arbitrary: multipart(fieldName), weight: op.multipart ? 6 : 1 },
      {
        arbitrary: fc.constant({ contentType: 'application/json', bytes: Buffer.from(JSON.stringify({ pad: 'x'.repeat(1_100_000) })) }),
        weight: 1,
      },
    );
  }

  function multipart(fieldName: fc.Arbitrary<string>): fc.Arbitrary<{ contentType: string; bytes: Buffer }> {
    const csv = `${BATCH_CSV_COLUMNS.join(',')}\r\n`;
    const part = fc.record({
      name: fc.oneof(fc.constantFrom('file', 'type'), fieldName),
      filename: fc.option(fc.oneof(fc.constantFrom('a.pdf', 'rows.csv', '../../x.pdf'), hostileText), { nil: undefined }),
      content: fc.oneof(
        fc.constantFrom('%PDF-1.4 hostile', 'commercial_invoice', csv, `${csv}A,\u0000,b\r\n`),
        hostileText,
        fc.uint8Array({ maxLength: 48 }).map((data) => Buffer.from(data).toString('latin1')),
      ),
    });
    return fc
      .record({
        boundary: fc.constantFrom('XX', '----lgw0123', 'b'.repeat(70), null),
        parts: fc.array(part, { maxLength: 24 }),
        closed: fc.boolean(),
        cutAt: fc.option(fc.nat(), { nil: undefined }),
      })
      .map(({ boundary, parts, closed, cutAt }) => {
        const b = boundary ?? 'XX';
        let text = parts
          .map(
            (p) =>
              `--${b}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}\r\n\r\n${p.content}\r\n`,
          )
          .join('');
        if (closed) text += `--${b}--\r\n`;
        let bytes = Buffer.from(text, 'utf8');
        if (cutAt !== undefined && bytes.length > 0) bytes = bytes.subarray(0, cutAt % bytes.length);
        return { contentType: boundary === null ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary}`, bytes };
      });
  }

  function judge(op: DocumentedOperation, request: HostileRequest, res: RawResponse, callsBefore: number, callsAfter: number): void {
    const where = `${request.method} ${request.target.slice(0, 200)}`;
    // An answer, and never a server error.
    expect({ where, answered: res.status > 0, serverError: res.status >= 500 }).toEqual({ where, answered: true, serverError: false });
    if (request.target.startsWith('/api/v1')) {
      for (const header of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-service-request-id']) {
        expect({ where, header, present: Boolean(res.headers[header]) }).toEqual({ where, header, present: true });
      }
    }
    const envelope = envelopeOf(res.body);
    // The one answer not the gateway's own: what a carrier said to a forwarded passthrough call.
    const forwarded = op.path.endsWith('/passthrough') && callsAfter > callsBefore && envelope === null;
    // The recipient's page is for people: the page's own refusals are pages (its .json twin answers
    // the envelope); what the edge refuses before the page (a body on a GET, too large) is the envelope.
    const page = op.path === '/t/{token}' && !request.target.split('?')[0].endsWith('.json');
    if (res.status >= 400 && request.method !== 'HEAD' && page) {
      const html = String(res.headers['content-type'] ?? '').startsWith('text/html');
      expect({ where, status: res.status, answered: html || envelope !== null }).toEqual({ where, status: res.status, answered: true });
    } else if (res.status >= 400 && request.method !== 'HEAD' && !forwarded) {
      expect({ where, status: res.status, envelope: envelope !== null }).toEqual({ where, status: res.status, envelope: true });
    }
    // What the gateway accepted and answers with holds no control character: none was stored.
    // A HEAD answer has the headers of its GET and no body.
    if (res.status < 300 && request.method !== 'HEAD' && !forwarded && /json/.test(res.headers['content-type'] ?? '')) {
      expect({ where, unprintable: firstUnprintableText(JSON.parse(res.body.toString())) }).toEqual({ where, unprintable: null });
    }
    // A request the gateway refused never reached a carrier (a carrier's own refusal excepted:
    // of the request, or of the credentials a carrier connection offered it to try).
    const refusedByCarrier =
      envelope?.details?.field === 'carrier' ||
      (op.path.endsWith('/carrier-connections') &&
        /^credentials(\.|$)/.test(String(envelope?.details?.field)) &&
        /refused by carrier/.test(String(envelope?.details?.reason)));
    if (envelope && !refusedByCarrier) {
      expect({ where, code: envelope.code, carrierCalls: callsAfter - callsBefore }).toEqual({
        where,
        code: envelope.code,
        carrierCalls: 0,
      });
    }
  }

  it('never answers 5xx; errors are the envelope with the headers; nothing accepted holds a control character; no carrier call for a refused request', async () => {
    const calls = () => carrierCalls((method, path) => t.sandbox(method, path));
    let sent = 0;
    for (const [index, op] of operations.entries()) {
      await fc.assert(
        fc.asyncProperty(requestFor(op), async (request) => {
          const before = await calls();
          const res = await rawRequest(t.url, httpRequest(request.method, request.target, request.headers, request.body));
          judge(op, request, res, before, await calls());
          sent++;
        }),
        { seed: SEED + index, numRuns: RUNS_PER_ROUTE },
      );
    }
    expect(sent).toBeGreaterThanOrEqual(operations.length * RUNS_PER_ROUTE);
  }, 180_000);

  /**
   * `null` in each field of each route's valid body, one field at a time (nested fields and
   * array items included): a client's serializer writes null for an absent value, and a null
   * that reached the money parser once answered 500. A null is refused as a 422 naming the
   * field, or accepted where the field may be absent — never a 5xx, never a carrier call for it.
   */
  it('null in every field of every JSON body: a 422 envelope naming the field or an answer, never a 5xx', async () => {
    const calls = () => carrierCalls((method, path) => t.sandbox(method, path));
    const known = knownPathValues();
    let sent = 0;
    const failures: string[] = [];
    // A booking's example has no quote: each null goes into a body with a live quote (one per
    // field, so a null accepted and booked does not spend the next field's quote).
    const booking = async () => {
      const { quote, body } = await quoteFor(t, team, CARRIER_CODES[0], { cod_amount: 150, declared_value: 300 });
      return shipmentBody(quote, body, { reference: 'ORDER-1', label_format: 'pdf_a6' });
    };
    // Test-mode routes answer only a test key, about a test-mode shipment.
    const testShipment = await book(t, { ...team, apiKey: team.testApiKey }, CARRIER_CODES[0]);
    for (const op of operations) {
      const isBooking = op.method === 'POST' && op.path === '/api/v1/shipments';
      const template = isBooking ? await booking() : templateOf(op);
      if (template === undefined || op.method === 'GET') continue;
      const testMode = op.path.startsWith('/api/v1/test/');
      const ids: Record<string, string> = testMode ? { ...known, id: testShipment.id } : known;
      const target = op.params.reduce((p, name) => p.replace(`{${name}}`, ids[name] ?? randomUUID()), op.path);
      const credential = op.path.startsWith('/admin/') ? t.adminToken : testMode ? team.testApiKey : team.apiKey;
      for (const path of pathsOf(template).filter((p) => p.length > 0)) {
        const valid = isBooking ? await booking() : template;
        const body = Buffer.from(JSON.stringify(withValueAt(valid, path, null)));
        const headers: Array<[string, string]> = [
          ['Authorization', `Bearer ${credential}`],
          ['Content-Type', 'application/json'],
        ];
        const before = await calls();
        const res = await rawRequest(t.url, httpRequest(op.method, target, headers, body));
        const after = await calls();
        sent++;
        const where = `${op.method} ${op.path} ${path.join('.')}=null`;
        const envelope = envelopeOf(res.body);
        const nullable = schemaAt(
          doc,
          doc.paths[op.path][op.method.toLowerCase()].requestBody.content['application/json'].schema,
          path,
        )?.nullable;
        if (res.status >= 500 || res.status === 0) failures.push(`${where}: ${res.status} ${res.body.toString().slice(0, 200)}`);
        else if (!nullable && res.status !== 422) failures.push(`${where}: ${res.status}, not refused`);
        else if (res.status === 422 && !(envelope?.details?.field || envelope?.details?.missing))
          failures.push(`${where}: 422 without a field ${res.body.toString().slice(0, 200)}`);
        else if (res.status === 422 && after !== before) failures.push(`${where}: refused after a carrier call`);
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(50);
  }, 240_000);

  /**
   * Multipart forms with many fields and bodies sent in pieces, slowly, or never finished, on a
   * connection kept open: the connection always answers (never 5xx, errors the envelope) and then
   * either serves a second request or closes; a body that stops gets 408 or is closed in bounds.
   */
  it('multipart field counts and trickled bodies: every connection answers, then serves the next request or closes', async () => {
    const multipartOps = operations.filter((op) => op.multipart);
    expect(multipartOps.length).toBeGreaterThanOrEqual(2);
    const jsonOps = operations.filter((op) => !op.multipart && op.method !== 'GET' && op.path.startsWith('/api/v1/')).slice(0, 3);
    let judged = 0;
    for (const [index, op] of [...multipartOps, ...jsonOps].entries()) {
      const target = op.path.replace(/\{id\}/g, shipment.id).replace(/\{code\}/g, PASSTHROUGH_CARRIER_CODES[0] ?? CARRIER_CODES[0]);
      const scenario = fc.record({
        fields: fc.constantFrom(0, 9, 11, 30, 1000, 2000, 5000),
        delivery: fc.constantFrom('whole', 'pieces', 'stall'),
        pieces: fc.integer({ min: 2, max: 12 }),
      });
      await fc.assert(
        fc.asyncProperty(scenario, async ({ fields, delivery, pieces }) => {
          const boundary = '----lgwFuzzFields';
          const form =
            Array.from({ length: fields }, (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv${i}\r\n`).join(
              '',
            ) +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4\n%%EOF\r\n--${boundary}--\r\n`;
          const body = Buffer.from(form);
          const declared = delivery === 'stall' ? body.length + 64 : body.length;
          const c = await RawConnection.open(t.url);
          try {
            await c.write(
              Buffer.from(
                `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${team.apiKey}\r\n` +
                  `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${declared}\r\n\r\n`,
              ),
            );
            if (delivery === 'whole') await c.write(body);
            else await c.trickle(body, Math.ceil(body.length / pieces), 15);
            const where = `${op.method} ${op.path} fields=${fields} ${delivery}`;
            const first = await c.nextResponse(delivery === 'stall' ? 800 + 3_000 : 10_000);
            if (first === null) {
              // No answer: only a stalled body may end that way, and then the connection is closed.
              expect({ where, delivery, closed: await c.waitClosed(3_000) }).toEqual({ where, delivery: 'stall', closed: true });
              return;
            }
            expect({ where, serverError: first.status >= 500 }).toEqual({ where, serverError: false });
            if (first.status >= 400) expect({ where, envelope: envelopeOf(first.body) !== null }).toEqual({ where, envelope: true });
            // A body that stops is answered 408, or earlier with the refusal its first bytes earned.
            if (delivery === 'stall') expect({ where, refused: first.status >= 400 }).toEqual({ where, refused: true });
            if (first.headers.connection === 'close' || delivery === 'stall') {
              expect({ where, closed: await c.waitClosed(6_000) }).toEqual({ where, closed: true });
              return;
            }
            await c.write(`GET /api/v1/openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
            const second = await c.nextResponse(10_000);
            expect({ where, second: second?.status ?? 0 }).toEqual({ where, second: 200 });
          } finally {
            c.destroy();
            judged++;
          }
        }),
        { seed: SEED + 1000 + index, numRuns: CONNECTION_RUNS },
      );
    }
    expect(judged).toBeGreaterThanOrEqual((multipartOps.length + jsonOps.length) * CONNECTION_RUNS);
  }, 240_000);
});
