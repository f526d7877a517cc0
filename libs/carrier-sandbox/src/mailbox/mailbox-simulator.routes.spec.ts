import { FastifyInstance } from 'fastify';
import { buildCarrierSandbox } from '../sandbox.server';
import { SANDBOX_UNIFONIC_APP_SID } from '../unifonic/unifonic-simulator.routes';

const mail = {
  to: 'buyer@example.sa',
  from_name: 'TestCo',
  subject: 'شحنتك في الطريق',
  text: 'Your parcel is on its way',
  reference: 'n-1',
};

describe("the sandbox's mailbox (test scopes' e-mail notices, docs/adr/0086)", () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    ({ app } = buildCarrierSandbox({ autoAdvanceSeconds: 0, env: {} }));
    await app.ready();
  });
  afterEach(() => app.close());

  const post = (payload: object) => app.inject({ method: 'POST', url: '/sandbox/mail/messages', payload });
  const read = async (query: string) => (await app.inject({ method: 'GET', url: `/sandbox/mail/messages?${query}` })).json().messages;

  it('keeps a message once per reference and reads it back by recipient', async () => {
    const first = await post(mail);
    expect(first.statusCode).toBe(201);
    const again = await post({ ...mail, text: 'another text' });
    expect(again.json().id).toBe(first.json().id);
    await post({ ...mail, to: 'other@example.sa', reference: 'n-2' });
    const kept = await read(`to=${encodeURIComponent(mail.to)}`);
    expect(kept).toEqual([{ ...mail, id: first.json().id, received_at: expect.any(String) }]);
    expect(await read('reference=n-2')).toHaveLength(1);
  });

  it('refuses a message without an address, a subject or a text', async () => {
    for (const bad of [
      { ...mail, to: 'nobody' },
      { ...mail, subject: '' },
      { ...mail, text: undefined },
    ]) {
      expect((await post(bad)).statusCode).toBe(422);
    }
    expect(await read('')).toEqual([]);
  });
});

describe("the SMS simulator's AppSid", () => {
  const send = async (env: Record<string, string>, appSid: string) => {
    const { app } = buildCarrierSandbox({ autoAdvanceSeconds: 0, env });
    await app.ready();
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/sandbox/unifonic/rest/SMS/messages',
        payload: { AppSid: appSid, SenderID: 'TestCo', Recipient: '966512345678', Body: 'hello' },
      });
      return res.statusCode;
    } finally {
      await app.close();
    }
  };

  it("is the gateway's SMS_APP_SID only where the gateway uses the simulator as its provider", async () => {
    expect(await send({ SMS_APP_SID: 'shared-sid' }, 'shared-sid')).toBe(200);
    expect(await send({ SMS_APP_SID: 'shared-sid' }, SANDBOX_UNIFONIC_APP_SID)).toBe(401);
    // A live provider's secret (SMS_BASE_URL set) is never what the simulator asks for.
    expect(await send({ SMS_BASE_URL: 'https://el.cloud.unifonic.com', SMS_APP_SID: 'live-secret' }, 'live-secret')).toBe(401);
    expect(await send({ SMS_BASE_URL: 'https://el.cloud.unifonic.com', SMS_APP_SID: 'live-secret' }, SANDBOX_UNIFONIC_APP_SID)).toBe(200);
  });
});
