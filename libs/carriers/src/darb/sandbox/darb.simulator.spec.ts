import { FastifyInstance } from 'fastify';
import { buildCarrierSandbox } from '@lgw/carrier-sandbox';
import { DARB_CARRIER } from '../darb.carrier';

const DARB = { 'x-api-key': 'darb-sandbox-key' };

let app: FastifyInstance;
beforeEach(async () => {
  ({ app } = buildCarrierSandbox({ autoAdvanceSeconds: 0, env: {}, carriers: [DARB_CARRIER] }));
  await app.ready();
});
afterEach(() => app.close());

const control = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url: `/sandbox/v1${url}`, ...(payload ? { payload } : {}) });

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
    expect(feed.body).toMatch(new RegExp(`^event_id,.*\\n\\w+,${tn},PUP,Picked up,2025-03-01 13:15:42,Riyadh,الرياض,,\\n$`));
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
