import { FastifyInstance } from 'fastify';
import sahmBooking from '@lgw/carriers/sahm/fixtures/sandbox-shipment.request.json';
import { SHIPMENT_STATUSES } from '@lgw/kernel';
import { CARRIERS, carrierEnvName } from '@lgw/carriers';
import { SandboxState } from '@lgw/carriers/shared/sandbox';
import { buildCarrierSandbox, sandboxCredentials, startCarrierSandbox } from './sandbox.server';

const SAHM = { authorization: 'Bearer sahm-sandbox-token', 'content-type': 'application/json' };

describe('carrier sandbox', () => {
  let app: FastifyInstance;
  let state: SandboxState;

  beforeEach(async () => {
    ({ app, state } = buildCarrierSandbox({ autoAdvanceSeconds: 0, env: {} }));
    await app.ready();
  });
  afterEach(() => app.close());

  const bookSahm = async (key = 'k1', body: object = sahmBooking) => {
    const res = await app.inject({
      method: 'POST',
      url: '/sahm/v2/shipments',
      headers: { ...SAHM, 'idempotency-key': key },
      payload: body,
    });
    return { res, json: res.json() };
  };
  const control = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url: `/sandbox/v1${url}`, ...(payload ? { payload } : {}) });

  it('mounts the simulator of every registered carrier under its code', async () => {
    expect((await control('GET', '/health')).json().carriers).toEqual(CARRIERS.map((c) => c.descriptor.code));
    for (const carrier of CARRIERS) {
      const { code } = carrier.descriptor;
      expect((await app.inject({ method: 'POST', url: `/${code}/no-such-route` })).statusCode).not.toBe(200);
      expect((await control('GET', `/carriers/${code}/stats`)).json()).toMatchObject({ carrier: code, bookings: 0 });
    }
  });

  it('accepts the credentials each carrier declares, from the environment the adapter reads', () => {
    for (const carrier of CARRIERS) {
      const names = Object.keys(carrier.settings.credentials);
      expect(sandboxCredentials(carrier, {})).toEqual(carrier.settings.credentials);
      const env = Object.fromEntries(names.map((name) => [carrierEnvName(carrier.descriptor.code, name), 'x']));
      expect(Object.values(sandboxCredentials(carrier, env))).toEqual(names.map(() => 'x'));
    }
  });

  describe('control API', () => {
    it('refuses a status the carrier cannot express, and records every status it declares', async () => {
      for (const carrier of CARRIERS) {
        const { code } = carrier.descriptor;
        const shipment = state.addShipment({
          carrier: code,
          trackingNumber: `T-${code}`,
          carrierReference: 'R1',
          service: 'S',
          origin: { city: 'Riyadh', country: 'SA' },
          destination: { city: 'Dubai', country: 'AE' },
          parcels: [],
          native: {},
        });
        const post = (status: string) => control('POST', `/carriers/${code}/shipments/${shipment.trackingNumber}/events`, { code: status });
        for (const status of SHIPMENT_STATUSES) {
          const res = await post(status);
          if (carrier.tracking.statuses.includes(status)) expect(res.json().event.code).toBe(status);
          else expect(res.json().error).toMatchObject({ field: 'code', reason: `is not a status carrier ${code} can express` });
        }
      }
    });

    it('records an event in the carrier vocabulary and 404s what it does not know', async () => {
      const { json } = await bookSahm();
      const tn = json.tracking_number;
      const created = await control('POST', `/carriers/sahm/shipments/${tn}/events`, {
        code: 'EXCEPTION',
        exception_type: 'ADDRESS_ISSUE',
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().event).toMatchObject({ code: 'EXCEPTION_ADDRESS_ISSUE', native_code: 'exception:address' });
      expect((await control('POST', `/carriers/sahm/shipments/NOPE/events`, { code: 'PICKED_UP' })).statusCode).toBe(404);
      expect((await control('POST', `/carriers/fedex/shipments/${tn}/events`, { code: 'PICKED_UP' })).statusCode).toBe(404);
      const invalid = await control('POST', `/carriers/sahm/shipments/${tn}/events`, { code: 'WARPED' });
      expect(invalid.statusCode).toBe(422);
      expect(invalid.json().error.field).toBe('code');
    });

    it('validates and reports faults', async () => {
      expect((await control('PUT', '/carriers/sahm/fault', { mode: 'sideways' })).statusCode).toBe(422);
      expect((await control('PUT', '/carriers/sahm/fault', { mode: 'slow', latency_ms: -5 })).statusCode).toBe(422);
      expect((await control('PUT', '/carriers/sahm/fault', { mode: 'slow' })).json()).toEqual({
        carrier: 'sahm',
        mode: 'slow',
        latency_ms: 10000,
      });
      expect((await control('GET', '/carriers/sahm/fault')).json().mode).toBe('slow');
      expect((await control('PUT', '/carriers/nope/fault', { mode: 'none' })).statusCode).toBe(404);
    });

    it('answers "error" with HTTP 500 and the carrier\'s own error body on the native API only', async () => {
      await control('PUT', '/carriers/bahr/fault', { mode: 'error' });
      const res = await app.inject({ method: 'POST', url: '/bahr/ws/Gateway/Forward', payload: '{}' });
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json().Envelope.Fault).toEqual({ FaultCode: 'SYS-500', FaultString: 'Gateway internal error' });
      expect((await control('GET', '/health')).statusCode).toBe(200);
      const sahm = await bookSahm();
      expect(sahm.res.statusCode).toBe(201);
    });

    it('resets with or without a body', async () => {
      await bookSahm();
      expect((await control('POST', '/reset')).statusCode).toBe(200);
      const withJsonHeader = await app.inject({
        method: 'POST',
        url: '/sandbox/v1/reset',
        headers: { 'content-type': 'application/json' },
      });
      expect(withJsonHeader.statusCode).toBe(200);
      expect((await control('GET', '/carriers/sahm/stats')).json()).toMatchObject({ bookings: 0, shipments: 0 });
    });

    it('shows recorded cancellations and destination updates', async () => {
      const { json } = await bookSahm();
      const tn = json.tracking_number;
      await app.inject({
        method: 'POST',
        url: `/sahm/v2/shipments/${tn}/cancel`,
        headers: SAHM,
        payload: { reason: 'customer changed mind' },
      });
      expect((await control('GET', `/carriers/sahm/shipments/${tn}/cancellations`)).json()).toMatchObject({
        cancelled: true,
        cancellations: [{ reason: 'customer changed mind' }],
      });
      const { json: other } = await bookSahm('k2', { ...sahmBooking, external_id: 'shp_2' });
      await app.inject({
        method: 'PATCH',
        url: `/sahm/v2/shipments/${other.tracking_number}/consignee`,
        headers: SAHM,
        payload: { city: 'Dammam', country_code: 'SA', national_address: { short_code: 'DDMA1234' } },
      });
      const updates = (await control('GET', `/carriers/sahm/shipments/${other.tracking_number}/destination-updates`)).json();
      expect(updates.destination_updates[0].address).toMatchObject({ city: 'Dammam', country: 'SA', short_address: 'DDMA1234' });
      const listed = (await control('GET', '/carriers/sahm/shipments?client_reference=k2')).json();
      expect(listed.total).toBe(1);
    });
  });
});

describe('startCarrierSandbox', () => {
  it('listens on a free port, advances shipments on its own pace, and closes', async () => {
    const sandbox = await startCarrierSandbox({ port: 0, autoAdvanceSeconds: 0.02, env: {} });
    try {
      expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const res = await fetch(`${sandbox.url}/sahm/v2/shipments`, { method: 'POST', headers: SAHM, body: JSON.stringify(sahmBooking) });
      const { tracking_number } = (await res.json()) as { tracking_number: string };
      await new Promise((r) => setTimeout(r, 400));
      const shipment = (await (await fetch(`${sandbox.url}/sandbox/v1/carriers/sahm/shipments/${tracking_number}`)).json()) as {
        status: string;
        events: { code: string }[];
      };
      expect(shipment.status).toBe('DELIVERED');
      expect(shipment.events.map((e) => e.code)).not.toContain('CUSTOMS_CLEARANCE');
    } finally {
      await sandbox.close();
    }
  });

  it('drops connections when a carrier is down', async () => {
    const sandbox = await startCarrierSandbox({ port: 0, autoAdvanceSeconds: 0, env: {} });
    try {
      await fetch(`${sandbox.url}/sandbox/v1/carriers/sahm/fault`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mode: 'down' }),
      });
      await expect(fetch(`${sandbox.url}/sahm/v2/shipments`, { method: 'POST', headers: SAHM, body: '{}' })).rejects.toThrow(
        /fetch failed/,
      );
      expect((await fetch(`${sandbox.url}/bahr/ws/Tracking/GetHistory`, { method: 'POST', body: '{}' })).status).toBe(200);
    } finally {
      await sandbox.close();
    }
  });
});
