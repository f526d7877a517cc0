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

  it("tracks each parcel's AWB: a scan of the shipment is every parcel's, a scan of one AWB (or piece_number) its own", async () => {
    const [master, second, third] = (await book({ ...sample, Parcels: 3 })).json().waybills.map((w: { awb: string }) => w.awb);
    const post = (awb: string, payload: object) =>
      app.inject({ method: 'POST', url: `/sandbox/v1/carriers/smsa/shipments/${awb}/events`, payload });
    expect((await post(master, { code: 'PICKED_UP', occurred_at: '2026-03-01T08:00:00Z' })).statusCode).toBe(201);
    const own = await post(second, { code: 'DELIVERED', occurred_at: '2026-03-01T09:00:00Z' });
    expect(own.statusCode).toBe(201);
    expect(own.json()).toMatchObject({ tracking_number: master, event: { code: 'DELIVERED', piece_number: 2 } });
    expect((await post(master, { code: 'OUT_FOR_DELIVERY', piece_number: 1, occurred_at: '2026-03-01T10:00:00Z' })).statusCode).toBe(201);
    // A parcel's AWB names its own piece; a piece the shipment does not have is refused.
    expect((await post(third, { code: 'IN_TRANSIT', piece_number: 2 })).json().error.field).toBe('piece_number');
    expect((await post(master, { code: 'IN_TRANSIT', piece_number: 4 })).statusCode).toBe(422);

    const bulk = await app.inject({ method: 'POST', url: '/smsa/api/track/bulk', headers: HEADERS, payload: [master, second, third] });
    const scans = Object.fromEntries(
      bulk
        .json()
        .map((r: { AWB: string; isDelivered: boolean; Scans: { ScanType: string }[] }) => [
          r.AWB,
          [r.isDelivered, r.Scans.map((x) => x.ScanType)],
        ]),
    );
    expect(scans).toEqual({ [master]: [false, ['PU', 'OD']], [second]: [true, ['PU', 'DL']], [third]: [false, ['PU']] });
    const single = (await app.inject({ method: 'GET', url: `/smsa/api/track/single/${third}`, headers: HEADERS })).json();
    expect(single).toMatchObject({ AWB: third, Pieces: 3 });
    // One parcel's delivery is not the shipment's.
    const control = (await app.inject({ method: 'GET', url: `/sandbox/v1/carriers/smsa/shipments/${second}` })).json();
    expect(control).toMatchObject({ tracking_number: master, status: 'PICKED_UP' });
  });

  it('refuses piece_number for a shipment of one parcel', async () => {
    const awb = (await book(sample)).json().waybills[0].awb;
    const res = await app.inject({
      method: 'POST',
      url: `/sandbox/v1/carriers/smsa/shipments/${awb}/events`,
      payload: { code: 'PICKED_UP', piece_number: 1 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.field).toBe('piece_number');
  });
});
