import { book } from '../support/booking';
import { carrierCalls } from '../support/carriers';
import { DUBAI } from '../support/fixtures';
import { envelopeOf, httpRequest, rawRequest } from '../support/raw-http';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';

/** A body the route cannot read is refused with the envelope, never ignored or repaired (ADR 0038). */
describe('bodies a route cannot read', () => {
  let t: TestApp;
  let team: TestTeam;
  const calls = () => carrierCalls((method, path) => t.sandbox(method, path));

  beforeAll(async () => {
    t = await bootTestApp();
    team = await t.createTeam('Bodies Team');
    await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 100_000 });
  });
  afterAll(() => t.close());

  const raw = (method: string, path: string, headers: Array<[string, string]>, body?: Buffer | string) =>
    rawRequest(t.url, httpRequest(method, path, [['Authorization', `Bearer ${team.apiKey}`], ...headers], body));

  it.each([
    ['multipart/form-data with no boundary', 'multipart/form-data', ''],
    ['multipart/form-data with no boundary and bytes', 'multipart/form-data', 'reason=changed mind'],
    [
      'a well-formed multipart form',
      'multipart/form-data; boundary=xyz',
      '--xyz\r\nContent-Disposition: form-data; name="reason"\r\n\r\nchanged mind\r\n--xyz--\r\n',
    ],
  ])('POST /shipments/{id}/cancel with %s → 422 {field: "body"}, nothing cancelled', async (_label, contentType, body) => {
    const shipment = await book(t, team, 'sahm');
    const before = await calls();
    const res = await raw('POST', `/api/v1/shipments/${shipment.id}/cancel`, [['Content-Type', contentType]], body);
    expect(res.status).toBe(422);
    expect(envelopeOf(res.body)).toMatchObject({ code: 'E_VALIDATION', details: { field: 'body' } });
    expect(await calls()).toBe(before);
    expect((await t.api(`/shipments/${shipment.id}`, { key: team.apiKey })).body.status).toBe(shipment.status);
  });

  it('invalid UTF-8 inside a JSON string → 422 naming the field, never U+FFFD (API and admin)', async () => {
    const bad = Buffer.from([0xff, 0xfe, 0xfd]);
    const rates = Buffer.concat([
      Buffer.from('{"origin":{"city":"Riy'),
      bad,
      Buffer.from(
        `adh","country":"SA"},"destination":${JSON.stringify(DUBAI)},"parcels":[{"weight_kg":1,"length_cm":10,"width_cm":10,"height_cm":10}]}`,
      ),
    ]);
    const before = await calls();
    const res = await raw('POST', '/api/v1/rates', [['Content-Type', 'application/json']], rates);
    expect(res.status).toBe(422);
    expect(envelopeOf(res.body)).toMatchObject({ code: 'E_VALIDATION', details: { field: 'origin.city' } });
    expect(envelopeOf(res.body)!.details.reason_ar).toMatch(/[\u0600-\u06ff]/);
    expect(await calls()).toBe(before);

    const teamsBefore = (await t.admin('GET', '/teams')).text;
    const admin = await rawRequest(
      t.url,
      httpRequest(
        'POST',
        '/admin/v1/teams',
        [
          ['Authorization', `Bearer ${t.adminToken}`],
          ['Content-Type', 'application/json'],
        ],
        Buffer.concat([Buffer.from('{"name":"'), bad, Buffer.from('"}')]),
      ),
    );
    expect(admin.status).toBe(422);
    expect(envelopeOf(admin.body)).toMatchObject({ code: 'E_VALIDATION', details: { field: 'name' } });
    expect((await t.admin('GET', '/teams')).text).toBe(teamsBefore);
    expect(teamsBefore).not.toContain('\ufffd');
  });

  it('POST /data-readiness refuses a body (422 {field: "body"}) and scores without one or with {}', async () => {
    for (const [contentType, body] of [
      ['application/json', '{"skus":["A"]}'],
      ['application/json', '[]'],
      ['multipart/form-data', ''],
    ] as const) {
      const res = await raw('POST', '/api/v1/data-readiness', [['Content-Type', contentType]], body);
      expect({ contentType, body, status: res.status }).toEqual({ contentType, body, status: 422 });
      expect(envelopeOf(res.body)).toMatchObject({ code: 'E_VALIDATION', details: { field: 'body' } });
    }
    const ok = await t.api('/data-readiness', { method: 'POST', key: team.apiKey });
    expect(ok.status).toBe(200);
    const empty = await t.api('/data-readiness', { method: 'POST', key: team.apiKey, body: {} });
    expect(empty.status).toBe(200);
  });
});
