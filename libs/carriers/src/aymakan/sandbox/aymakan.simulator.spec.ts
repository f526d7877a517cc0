import { FastifyInstance } from 'fastify';
import sample from '../fixtures/shipping-create.request.json';
import { buildCarrierSandbox } from '@lgw/carrier-sandbox';
import { AYMAKAN_CARRIER } from '../aymakan.carrier';
import { AYMAKAN_SANDBOX_TOKEN } from '../aymakan.settings';

const HEADERS = { authorization: AYMAKAN_SANDBOX_TOKEN, 'content-type': 'application/json', accept: 'application/json' };

let app: FastifyInstance;
beforeEach(async () => {
  ({ app } = buildCarrierSandbox({ autoAdvanceSeconds: 0, env: {}, carriers: [AYMAKAN_CARRIER] }));
  await app.ready();
});
afterEach(() => app.close());

const create = (payload: object, headers: Record<string, string> = HEADERS) =>
  app.inject({ method: 'POST', url: '/aymakan/v2/shipping/create', headers, payload });

describe('aymakan dialect', () => {
  it('takes the token as the raw Authorization header: none, a wrong one or a Bearer one is 401', async () => {
    const { authorization: _none, ...without } = HEADERS;
    expect((await create(sample, without)).statusCode).toBe(401);
    expect((await create(sample, { ...HEADERS, authorization: `Bearer ${AYMAKAN_SANDBOX_TOKEN}` })).json()).toEqual({
      error: true,
      response: 'Invalid Credentials',
    });
  });

  it('books the documented sample and serves its AWB PDF behind the pdf_label link, without the token', async () => {
    const res = await create(sample);
    expect(res.statusCode).toBe(200);
    const { shipping } = res.json();
    expect(shipping.tracking_number).toMatch(/^AY\d{10}$/);
    const link = new URL(shipping.pdf_label);
    const pdf = await app.inject({ method: 'GET', url: link.pathname });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    const awb = await app.inject({ method: 'GET', url: `/aymakan/v2/shipping/awb/tracking/${shipping.tracking_number}`, headers: HEADERS });
    expect(new URL(awb.json().data.awb_url).pathname).toBe(link.pathname);
  });

  it('answers 422 {error, message, errors} by field, and refuses a reference used before', async () => {
    const res = await create({ ...sample, delivery_name: '', pieces: 0 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: true,
      message: 'The given data was invalid.',
      errors: { delivery_name: ['The delivery name field is required.'], pieces: ['The pieces must be at least 1.'] },
    });
    expect((await create({ ...sample, reference: 'R-1' })).statusCode).toBe(200);
    expect((await create({ ...sample, reference: 'R-1' })).json().errors).toEqual({ reference: ['The reference has already been taken.'] });
  });

  it('creates up to 30 in bulk, tracks comma-separated AWBs newest first, and cancels only while created', async () => {
    const many = await app.inject({
      method: 'POST',
      url: '/aymakan/v2/shipping/create/bulk_shipping',
      headers: HEADERS,
      payload: { shipments: Array.from({ length: 31 }, () => sample) },
    });
    expect(many.json()).toEqual({ error: true, message: 'Only 30 shipments can be created at a time.' });
    const bulk = (
      await app.inject({
        method: 'POST',
        url: '/aymakan/v2/shipping/create/bulk_shipping',
        headers: HEADERS,
        payload: { shipments: [sample, sample] },
      })
    ).json();
    expect(bulk.total_shipments).toBe(2);
    const [a, b] = bulk.shipments.map((s: { tracking_number: string }) => s.tracking_number);
    await app.inject({ method: 'POST', url: `/sandbox/v1/carriers/aymakan/shipments/${a}/events`, payload: { code: 'PICKED_UP' } });
    await app.inject({ method: 'POST', url: `/sandbox/v1/carriers/aymakan/shipments/${a}/events`, payload: { code: 'AT_ORIGIN_HUB' } });
    const tracked = (await app.inject({ method: 'GET', url: `/aymakan/v2/shipping/track/${a},${b},AY0`, headers: HEADERS })).json();
    expect(tracked.data.shipments.map((s: { tracking_number: string }) => s.tracking_number)).toEqual([a, b]);
    expect(tracked.data.shipments[0].tracking_info.map((i: { status_code: string }) => i.status_code)).toEqual(['AY-0003', 'AY-0002']);
    expect(tracked.data.shipments[0].tracking_info[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const cancel = (tracking: string) =>
      app.inject({ method: 'POST', url: '/aymakan/v2/shipping/cancel', headers: HEADERS, payload: { tracking } });
    expect((await cancel(a)).json()).toEqual({ error: true, message: 'This shipping can not be cancelled' });
    expect((await cancel(b)).json()).toEqual({ success: true, message: 'Shipping is cancelled successfully' });
    expect((await cancel('AY0')).json()).toEqual({ error: true, message: 'Shipping not found' });
  });
});
