import { FastifyInstance } from 'fastify';
import sample from '../fixtures/b2c-new.request.json';
import { buildCarrierSandbox } from '@lgw/carrier-sandbox';
import { SMSA_CARRIER } from '../smsa.carrier';
import { SMSA_SANDBOX_KEY } from '../smsa.settings';

const HEADERS = { apikey: SMSA_SANDBOX_KEY, 'content-type': 'application/json' };

let app: FastifyInstance;
beforeEach(async () => {
  ({ app } = buildCarrierSandbox({ autoAdvanceSeconds: 0, env: {}, carriers: [SMSA_CARRIER] }));
  await app.ready();
});
afterEach(() => app.close());

const book = (payload: object, headers: Record<string, string> = HEADERS) =>
  app.inject({ method: 'POST', url: '/smsa/api/shipment/b2c/new', headers, payload });

describe('smsa dialect', () => {
  it('refuses a missing or wrong apikey with 401', async () => {
    expect((await book(sample, { 'content-type': 'application/json' })).statusCode).toBe(401);
    expect((await book(sample, { ...HEADERS, apikey: 'wrong' })).statusCode).toBe(401);
  });

  it('books the documented sample and answers its waybill document, one per parcel', async () => {
    const res = await book({ ...sample, Parcels: 2, WaybillType: 'ZPL' });
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer.shipmentParcelsCount).toBe(2);
    expect(answer.waybills).toHaveLength(2);
    expect(Buffer.from(answer.waybills[0].awbFile, 'base64').toString('ascii')).toMatch(/^\^XA.*\^XZ\n$/s);
    const pdf = Buffer.from((await book(sample)).json().waybills[0].awbFile, 'base64');
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
  });

  it('answers a validation problem by field for what it refuses', async () => {
    const res = await book({ ...sample, ConsigneeAddress: { ...sample.ConsigneeAddress, City: '' }, WeightUnit: 'G' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'ConsigneeAddress.City': ['The City field is required.'],
      WeightUnit: ["WeightUnit must be 'KG' or 'LB'."],
    });
  });

  it('tracks single and in bulk, and looks statuses up in both languages', async () => {
    const awb = (await book(sample)).json().waybills[0].awb;
    await app.inject({ method: 'POST', url: `/sandbox/v1/carriers/smsa/shipments/${awb}/events`, payload: { code: 'PICKED_UP' } });
    const single = (await app.inject({ method: 'GET', url: `/smsa/api/track/single/${awb}`, headers: HEADERS })).json();
    expect(single.Scans.map((s: { ScanType: string }) => s.ScanType)).toEqual(['PU']);
    expect(single.Scans[0].ScanDateTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    const bulk = await app.inject({ method: 'POST', url: '/smsa/api/track/bulk', headers: HEADERS, payload: [awb, '999'] });
    expect(bulk.json().map((r: { AWB: string }) => r.AWB)).toEqual([awb]);
    const lookup = (await app.inject({ method: 'GET', url: '/smsa/api/track/statuslookup', headers: HEADERS })).json();
    expect(lookup).toContainEqual({ Code: 'DL', ScanDescEN: 'Delivered', ScanDescAR: 'تم التوصيل' });
  });
});
