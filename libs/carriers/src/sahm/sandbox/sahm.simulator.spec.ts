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

describe('sahm payouts per account', () => {
  const payouts = async (token: string) =>
    (await app.inject({ method: 'GET', url: '/sahm/v2/payouts', headers: { authorization: `Bearer ${token}` } })).json();

  it("pays each account the cash of its own bookings, on that account's feed only", async () => {
    const opened = (await control('POST', '/carriers/sahm/accounts', {})).json();
    const token = opened.credentials.api_token as string;
    const platform = (await bookSahm('p')).json;
    const own = (
      await app.inject({
        method: 'POST',
        url: '/sahm/v2/shipments',
        headers: { ...SAHM, authorization: `Bearer ${token}`, 'idempotency-key': 'o' },
        payload: sahmBooking,
      })
    ).json();
    const paid = await control('POST', '/carriers/sahm/remittances', {
      reference: 'PAY-1',
      items: [
        { tracking_number: platform.tracking_number, amount_sar: 10 },
        { tracking_number: own.tracking_number, amount_sar: 20 },
        { tracking_number: 'UNKNOWN-1', amount_sar: 1 },
      ],
    });
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toEqual({
      reference: 'PAY-1',
      payouts: [
        { account_id: 'acct_platform', item_count: 2 },
        { account_id: opened.account_id, item_count: 1 },
      ],
    });
    const lines = (feed: any) => feed.payouts.flatMap((p: any) => p.lines.map((l: any) => l.tracking_number));
    expect(lines(await payouts('sahm-sandbox-token'))).toEqual([platform.tracking_number, 'UNKNOWN-1']);
    const mine = await payouts(token);
    expect(mine.payouts.map((p: any) => p.reference)).toEqual(['PAY-1']);
    expect(lines(mine)).toEqual([own.tracking_number]);

    // Paid to a named account, whoever booked the lines (a carrier's mistake, as tests need it).
    const wrong = await control('POST', '/carriers/sahm/remittances', {
      reference: 'PAY-2',
      account_id: opened.account_id,
      items: [{ tracking_number: platform.tracking_number, amount_sar: 10 }],
    });
    expect(wrong.json().payouts).toEqual([{ account_id: opened.account_id, item_count: 1 }]);
    // The feed resumes after the account's own last payout.
    const next = await app.inject({
      method: 'GET',
      url: `/sahm/v2/payouts?cursor=${mine.next_cursor}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(next.json().payouts.map((p: any) => p.reference)).toEqual(['PAY-2']);
    expect((await payouts('sahm-sandbox-token')).payouts.map((p: any) => p.reference)).toEqual(['PAY-1']);

    const unknown = await control('POST', '/carriers/sahm/remittances', {
      account_id: 'acct_nobody',
      items: [{ tracking_number: 'X', amount_sar: 1 }],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.field).toBe('account_id');
  });
});
