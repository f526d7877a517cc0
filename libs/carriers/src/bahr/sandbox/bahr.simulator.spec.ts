import { FastifyInstance } from 'fastify';
import { buildCarrierSandbox } from '@lgw/carrier-sandbox';
import { BAHR_CARRIER } from '../bahr.carrier';

const BAHR_CREDENTIALS = { UserName: 'lgw-gateway', Password: 'bahr-sandbox-password' };

let app: FastifyInstance;
beforeEach(async () => {
  ({ app } = buildCarrierSandbox({ autoAdvanceSeconds: 0, env: {}, carriers: [BAHR_CARRIER] }));
  await app.ready();
});
afterEach(() => app.close());

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
