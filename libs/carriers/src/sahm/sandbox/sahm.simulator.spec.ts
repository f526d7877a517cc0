import { FastifyInstance } from 'fastify';
import sahmBooking from '../fixtures/sandbox-shipment.request.json';
import { buildCarrierSandbox } from '@lgw/carrier-sandbox';
import { SAHM_CARRIER } from '../sahm.carrier';

const SAHM = { authorization: 'Bearer sahm-sandbox-token', 'content-type': 'application/json' };
const bookSahm = async (key = 'k1', body: object = sahmBooking) => {
  const res = await app.inject({ method: 'POST', url: '/sahm/v2/shipments', headers: { ...SAHM, 'idempotency-key': key }, payload: body });
  return { res, json: res.json() };
};

let app: FastifyInstance;
beforeEach(async () => {
  ({ app } = buildCarrierSandbox({ autoAdvanceSeconds: 0, env: {}, carriers: [SAHM_CARRIER] }));
  await app.ready();
});
afterEach(() => app.close());

const control = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url: `/sandbox/v1${url}`, ...(payload ? { payload } : {}) });

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
