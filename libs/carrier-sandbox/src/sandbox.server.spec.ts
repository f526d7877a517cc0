import { FastifyInstance } from 'fastify';
import { buildCarrierSandbox, startCarrierSandbox } from './sandbox.server';

const SAHM = { authorization: 'Bearer sahm-sandbox-token', 'content-type': 'application/json' };
const BAHR_CREDENTIALS = { UserName: 'lgw-gateway', Password: 'bahr-sandbox-password' };
const DARB = { 'x-api-key': 'darb-sandbox-key' };

const sahmBooking = {
  service: 'EXP-DOM',
  external_id: 'shp_1',
  shipper: { city: 'Riyadh', country_code: 'SA' },
  consignee: { city: 'Jeddah', country_code: 'SA' },
  packages: [{ weight: { value: 1.5, unit: 'kg' }, dimensions: { length: 10, width: 10, height: 10, unit: 'cm' } }],
};

describe('carrier sandbox', () => {
  let app: FastifyInstance;

  beforeEach(async () => {
    ({ app } = buildCarrierSandbox({ autoAdvanceSeconds: 0, env: {} }));
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

  describe('control API', () => {
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

    it('answers "error" with HTTP 500 and a JSON body on the native API only', async () => {
      await control('PUT', '/carriers/bahr/fault', { mode: 'error' });
      const res = await app.inject({ method: 'POST', url: '/bahr/ws/Gateway/Forward', payload: '{}' });
      expect(res.statusCode).toBe(500);
      expect(res.json().error.code).toBe('SANDBOX_FAULT');
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

  describe('sahm dialect', () => {
    it('refuses other tokens with 401', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/sahm/v2/shipments',
        headers: { ...SAHM, authorization: 'Bearer wrong' },
        payload: sahmBooking,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
    });

    it('replays a booking for the same Idempotency-Key and refuses it with another body', async () => {
      const first = await bookSahm('same');
      const again = await bookSahm('same');
      expect(again.res.headers['idempotent-replayed']).toBe('true');
      expect(again.json.tracking_number).toBe(first.json.tracking_number);
      const other = await bookSahm('same', { ...sahmBooking, service: 'EXP-GCC' });
      expect(other.res.statusCode).toBe(422);
      expect(other.json.error.code).toBe('idempotency_key_reused');
    });

    it('validates bookings and refuses cancelling after pickup', async () => {
      const invalid = await bookSahm('v', { ...sahmBooking, packages: [] });
      expect(invalid.res.statusCode).toBe(422);
      const { json } = await bookSahm();
      await control('POST', `/carriers/sahm/shipments/${json.tracking_number}/events`, { code: 'PICKED_UP' });
      const res = await app.inject({ method: 'POST', url: `/sahm/v2/shipments/${json.tracking_number}/cancel`, headers: SAHM });
      expect(res.statusCode).toBe(409);
    });
  });

  describe('bahr dialect', () => {
    const call = (op: string, body: object | string) =>
      app.inject({ method: 'POST', url: `/bahr/ws/${op}`, headers: { 'content-type': 'application/json' }, payload: body });

    it('answers faults in an HTTP 200 envelope', async () => {
      const auth = await call('Tracking/GetHistory', { Credentials: { UserName: 'x', Password: 'y' }, WaybillNumbers: ['1'] });
      expect(auth.statusCode).toBe(200);
      expect(auth.json().Envelope).toMatchObject({ Body: null, Fault: { FaultCode: 'AUTH-001' } });
      const malformed = await call('Tracking/GetHistory', '{not json');
      expect(malformed.json().Envelope.Fault.FaultCode).toBe('REQ-001');
    });

    it('refuses fractional grams and takes credentials from headers too', async () => {
      const waybill = {
        GatewayRef: 'g1',
        ProductCode: 'LND',
        ShipDate: '01/03/2025 09:05',
        Shipper: { City: 'Riyadh', CountryCode: 'SA' },
        Consignee: { City: 'Jeddah', CountryCode: 'SA' },
        Pieces: [{ WeightGrams: 1004.9999, LengthCm: 1, WidthCm: 1, HeightCm: 1 }],
        Currency: 'SAR',
      };
      const refused = await call('Shipping/CreateWaybill', { Credentials: BAHR_CREDENTIALS, Waybill: waybill });
      expect(refused.json().Envelope.Fault).toMatchObject({ FaultCode: 'VAL-100' });
      const booked = await app.inject({
        method: 'POST',
        url: '/bahr/ws/Shipping/CreateWaybill',
        headers: { 'content-type': 'application/json', 'x-bahr-username': 'lgw-gateway', 'x-bahr-password': 'bahr-sandbox-password' },
        payload: { Waybill: { ...waybill, Pieces: [{ WeightGrams: 1005, LengthCm: 1, WidthCm: 1, HeightCm: 1 }] } },
      });
      const body = booked.json().Envelope.Body;
      expect(body.WaybillNumber).toMatch(/^7\d{10}$/);
      const cancel = () => call('Shipping/CancelWaybill', { Credentials: BAHR_CREDENTIALS, WaybillNumber: body.WaybillNumber });
      expect((await cancel()).json().Envelope.Body.Cancelled).toBe(true);
      expect((await cancel()).json().Envelope.Fault.FaultCode).toBe('WB-409');
    });
  });

  describe('darb dialect', () => {
    const ORDER_HEADER =
      'order_ref,tracking_number,service,consignee_name,consignee_phone,consignee_city,consignee_region,consignee_address,consignee_short_address,consignee_postal_code,consignee_additional_number,consignee_country,shipper_name,shipper_phone,shipper_city,shipper_short_address,shipper_country,pieces,weight_kg,length_cm,width_cm,height_cm,cod_sar,declared_value_sar,merchant_ref';

    it('books from a range through an order file and a long-polled result file', async () => {
      expect((await app.inject({ method: 'POST', url: '/darb/api/v1/tracking-ranges', payload: { size: 2 } })).statusCode).toBe(401);
      const range = (await app.inject({ method: 'POST', url: '/darb/api/v1/tracking-ranges', headers: DARB, payload: { size: 2 } })).json();
      const tn = `DRB${String(range.first).padStart(14, '0')}`;
      const line = (ref: string, number: string) =>
        `${ref},${number},STD,Noura,966551112233,Jeddah,,,,,,SA,Shop,,Riyadh,,SA,1,1.5,10,10,10,,,`;
      const csv = [ORDER_HEADER, line('o1', tn), line('o1', tn), line('o2', 'DRB99999999999999')].join('\n');
      const upload = await app.inject({
        method: 'POST',
        url: '/darb/api/v1/files/orders',
        headers: { ...DARB, 'content-type': 'text/csv' },
        payload: csv,
      });
      expect(upload.statusCode).toBe(202);
      const result = await app.inject({
        method: 'GET',
        url: `/darb/api/v1/files/${upload.json().file_id}/result?wait_ms=1000`,
        headers: DARB,
      });
      expect(result.statusCode).toBe(200);
      expect(result.headers['content-type']).toMatch(/text\/csv/);
      expect(result.body.trim().split('\n')).toEqual([
        'order_ref,tracking_number,result,error_code,error_message',
        `o1,${tn},ACCEPTED,,`,
        `o1,${tn},DUPLICATE,,`,
        'o2,DRB99999999999999,REJECTED,TRACKING_NUMBER_NOT_ISSUED,tracking number is outside every issued range',
      ]);
      await control('POST', `/carriers/darb/shipments/${tn}/events`, { code: 'PICKED_UP', occurred_at: '2025-03-01T10:15:42Z' });
      const feed = await app.inject({ method: 'GET', url: `/darb/api/v1/status-feed?tracking_numbers=${tn}`, headers: DARB });
      expect(feed.body).toMatch(new RegExp(`^event_id,.*\\n\\w+,${tn},PUP,Picked up,2025-03-01 13:15:42,Riyadh,الرياض,\\n$`));
    });

    it('refuses files without the expected columns', async () => {
      const upload = await app.inject({
        method: 'POST',
        url: '/darb/api/v1/files/orders',
        headers: { ...DARB, 'content-type': 'text/csv' },
        payload: 'a,b\n1,2\n',
      });
      expect(upload.statusCode).toBe(400);
      expect(upload.json().message).toMatch(/missing columns/);
      expect((await app.inject({ method: 'GET', url: '/darb/api/v1/files/nope/result', headers: DARB })).statusCode).toBe(404);
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
