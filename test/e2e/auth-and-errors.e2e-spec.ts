import { CARRIERS } from '@lgw/carriers';
import { servedRoutes } from '../support/routes';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';
import { SERVICES_MODE } from '../support/test-mode';

describe('authentication, headers and the error envelope', () => {
  let t: TestApp;
  let team: TestTeam;

  beforeAll(async () => {
    t = await bootTestApp();
    team = await t.createTeam('Envelope Team');
  });
  afterAll(() => t.close());

  it('lists the registered carriers for a valid key, with rate-limit and request-id headers', async () => {
    const res = await t.api('/carriers', { key: team.apiKey });
    expect(res.status).toBe(200);
    expect(res.body.carriers.map((c: any) => [c.code, c.integration_type, c.coverage_countries])).toEqual(
      CARRIERS.map(({ descriptor: d }) => [d.code, d.integration_type, d.coverage_countries]),
    );
    for (const carrier of res.body.carriers) {
      for (const level of carrier.service_levels) {
        expect(level).toEqual({
          code: expect.any(String),
          name_ar: expect.any(String),
          name_en: expect.any(String),
          mode: expect.any(String),
          transit_days: { min: expect.any(Number), max: expect.any(Number) },
        });
      }
    }
    expect(res.headers.get('x-ratelimit-limit')).toBe('60');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('59');
    expect(res.headers.get('x-service-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    ['no header', undefined],
    ['wrong scheme', 'Basic abc'],
    ['unknown key', `Bearer lgw_live_${'a'.repeat(64)}`],
    ['malformed key', 'Bearer lgw_live_xyz'],
  ])('401 E_UNAUTHENTICATED with %s, headers included', async (_label, header) => {
    const res = await t.api('/carriers', { key: null, headers: header ? { authorization: header } : {} });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('E_UNAUTHENTICATED');
    expect(res.body.error.message_en).toMatch(/^Missing or invalid API key/);
    expect(res.body.error.message_ar.length).toBeGreaterThan(0);
    expect(res.headers.get('x-ratelimit-limit')).toBe('60');
    expect(res.headers.get('x-ratelimit-remaining')).not.toBeNull();
    expect(res.headers.get('x-service-request-id')).toBeTruthy();
  });

  it('requires the key on unknown /api/v1 routes too, then answers 404 E_NOT_FOUND', async () => {
    expect((await t.api('/nowhere', { key: null })).status).toBe(401);
    const res = await t.api('/nowhere', { key: team.apiKey });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'E_NOT_FOUND', message_en: 'Resource not found.' });
    expect(res.headers.get('x-ratelimit-limit')).toBe('60');
  });

  it('answers unknown routes outside the API with the envelope', async () => {
    const res = await fetch(`${t.url}/nope`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as any).error.code).toBe('E_NOT_FOUND');
  });

  it('turns malformed JSON into 422 E_VALIDATION', async () => {
    const res = await t.api('/carriers', {
      method: 'POST',
      key: team.apiKey,
      rawBody: '{"broken": ',
      headers: { 'content-type': 'application/json' },
    });
    // POST /carriers has no route: a parse error still must not be a 500.
    expect([404, 422]).toContain(res.status);
    const admin = await fetch(`${t.url}/admin/v1/teams`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(admin.status).toBe(422);
    const body = (await admin.json()) as any;
    expect(body.error).toMatchObject({ code: 'E_VALIDATION', message_en: 'Request validation failed.' });
  });

  it('serves health endpoints without a key', async () => {
    expect((await fetch(`${t.url}/health/live`)).status).toBe(200);
    const ready = await fetch(`${t.url}/health/ready`);
    expect(ready.status).toBe(200);
    const checks = ((await ready.json()) as any).checks;
    expect(checks.database).toBe('ok');
    // Redis is checked when configured (services mode), and only then.
    expect(checks.redis).toBe(SERVICES_MODE ? 'ok' : undefined);
  });

  it('publishes an OpenAPI document that describes the routes and the error envelope', async () => {
    const res = await fetch(`${t.url}/api/v1/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBe('60');
    expect(res.headers.get('x-service-request-id')).toBeTruthy();
    const doc = (await res.json()) as any;
    expect(doc.info.version).toBe('1.0.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/carriers', '/admin/v1/teams']));
    expect(doc.components.schemas.ErrorEnvelopeDto).toBeDefined();
    expect((await fetch(`${t.url}/api/docs`)).status).toBeLessThan(400);
    // The UI's files are read on their first request, and only those three are served.
    for (const [file, type] of [
      ['swagger-ui-bundle.js', 'application/javascript'],
      ['swagger-ui-standalone-preset.js', 'application/javascript'],
      ['swagger-ui.css', 'text/css'],
    ]) {
      for (let read = 0; read < 2; read += 1) {
        const res = await fetch(`${t.url}/api/docs/${file}`);
        expect({ file, status: res.status, type: res.headers.get('content-type') }).toEqual({
          file,
          status: 200,
          type: `${type}; charset=utf-8`,
        });
        expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1_000);
      }
    }
    expect((await fetch(`${t.url}/api/docs/package.json`)).status).toBe(404);
    expect((await fetch(`${t.url}/api/docs/constructor`)).status).toBe(404);
  });

  it('describes every route the app serves, each with the error envelope', async () => {
    const doc = (await (await fetch(`${t.url}/api/v1/openapi.json`)).json()) as any;
    const fastify = t.app.getHttpAdapter().getInstance();
    const served = servedRoutes(fastify.printRoutes({ commonPrefix: false }));
    const documented = new Set<string>();
    for (const [path, ops] of Object.entries<any>(doc.paths)) {
      for (const method of Object.keys(ops)) documented.add(`${method.toUpperCase()} ${path}`);
    }
    const apiRoutes = [...served].filter((r) => r.includes(' /api/v1/') && !r.endsWith('/openapi.json'));
    expect(apiRoutes.length).toBeGreaterThanOrEqual(10);
    expect(apiRoutes.filter((r) => !documented.has(r))).toEqual([]);
    for (const route of apiRoutes) {
      const [method, path] = route.split(' ');
      const responses = doc.paths[path][method.toLowerCase()].responses;
      expect({ route, schema: responses['401']?.content?.['application/json']?.schema?.$ref }).toEqual({
        route,
        schema: '#/components/schemas/ErrorEnvelopeDto',
      });
    }
  });
});
