import { RunningCarrierSandbox, startCarrierSandbox } from '@lgw/carrier-sandbox';
import { CARRIER_CODES } from '../support/carriers';
import { eventually, sleep } from '../support/eventually';
import { JEDDAH, ratesBody } from '../support/fixtures';
import { GatewayProcesses, startGatewayProcesses } from '../support/gateway-processes';
import { freePort } from '../support/private-services';
import { startTestSmtpServer, TestSmtpServer } from '../support/smtp-server';
import { apiCall } from '../support/gateway-client';

type Json = any;
const SHIPMENTS = 8;
const LEASE_MS = 2000;

/**
 * kill -9 of the all-in-one gateway during a burst of notices (docs/adr/0086): the process dies
 * the moment the first message has been taken by the provider and before it is recorded. After
 * restart, with the same scans reported again: no recipient got any notice twice, every notice
 * the providers hold is SENT in the log but the interrupted ones (FAILED, "interrupted", never
 * sent again), and the rest of the burst went out.
 */
describe('notices survive kill -9 (embedded all-in-one)', () => {
  let sandbox: RunningCarrierSandbox;
  let smtp: TestSmtpServer;
  let gw: GatewayProcesses;
  let apiKey: string;
  const carrier = CARRIER_CODES[0];
  const booked: Array<{ id: string; tracking_number: string; phone: string; email: string; scanAt: string }> = [];

  const call = (path: string, init: { method?: string; body?: Json } = {}) => apiCall(gw.url, apiKey, path, init);
  const scan = async (trackingNumber: string, occurred_at: string) => {
    const res = await fetch(`${sandbox.url}/sandbox/v1/carriers/${carrier}/shipments/${trackingNumber}/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'PICKED_UP', occurred_at }),
    });
    expect(res.status).toBe(201);
  };
  const smsTo = async (phone: string): Promise<Json[]> =>
    ((await (await fetch(`${sandbox.url}/sandbox/unifonic/messages?recipient=${phone}`)).json()) as Json).messages;

  beforeAll(async () => {
    sandbox = await startCarrierSandbox({ port: 0, host: '127.0.0.1', autoAdvanceSeconds: 0 });
    smtp = await startTestSmtpServer();
    gw = await startGatewayProcesses({
      sandboxUrl: sandbox.url,
      port: await freePort(),
      env: {
        RATE_LIMIT_PER_MINUTE: '100000',
        TRACKING_POLL_INTERVAL_MS: '200',
        SMTP_URL: smtp.url,
        NOTIFICATION_SEND_LEASE_MS: String(LEASE_MS),
        CARRIER_BREAKER_THRESHOLD: '1000',
      },
    });
    await gw.startApi();
    const team = await fetch(`${gw.url}/admin/v1/teams`, {
      method: 'POST',
      headers: { authorization: `Bearer ${gw.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Notice Crash Trading' }),
    }).then((r) => r.json() as Promise<Json>);
    apiKey = team.api_key;
    const settings = await call('/notification-settings', {
      method: 'PUT',
      body: { sms: true, email: true, events: ['shipped'], sender_name: 'CrashShop' },
    });
    expect(settings.status).toBe(200);
    const base = Date.now() - 60 * 60_000;
    for (let i = 0; i < SHIPMENTS; i++) {
      const phone = `96655${String(Date.now() % 1e5).padStart(5, '0')}${i}${i}`.slice(0, 12);
      const email = `crash${i}.${Date.now() % 1e6}@example.sa`;
      const body = ratesBody({ destination: { ...JEDDAH, phone, email } });
      const rated = await call('/rates', { method: 'POST', body });
      expect(rated.status).toBe(200);
      const quote = rated.body.quotes.find((q: Json) => q.carrier.code === carrier);
      const shipment = await call('/shipments', { method: 'POST', body: { quote_id: quote.quote_id, ...body } });
      expect(shipment.status).toBe(201);
      booked.push({ ...shipment.body, phone, email, scanAt: new Date(base + i * 60_000).toISOString() });
    }
    expect(new Set(booked.map((b) => b.phone)).size).toBe(SHIPMENTS);
  }, 180_000);

  afterAll(async () => {
    await gw?.close();
    await smtp?.close();
    await sandbox?.close();
  });

  it('dies after a provider took a message and before it was recorded', async () => {
    await gw.startApi({ LGW_FAULT_POINT: 'notification.after-send' });
    await Promise.all(booked.map((b) => scan(b.tracking_number, b.scanAt)));
    const exit = await gw.apiExit(60_000);
    expect(exit.signal).toBe('SIGKILL');
    let taken = smtp.messages.length;
    for (const b of booked) taken += (await smsTo(b.phone)).length;
    expect(taken).toBeGreaterThanOrEqual(1);
  }, 90_000);

  it('after restart, and the same scans reported again: every notice at most once, the interrupted ones failed', async () => {
    await gw.startApi();
    // The carrier reports the same scans again: they are the same events.
    await Promise.all(booked.map((b) => scan(b.tracking_number, b.scanAt)));
    const logs = new Map<string, Json[]>();
    await eventually(
      'every notice settled',
      async () => {
        for (const b of booked) {
          const res = await call(`/shipments/${b.id}/notifications`);
          if (res.status !== 200) return undefined;
          logs.set(b.id, res.body.notifications);
        }
        return [...logs.values()].every((log) => log.length === 2 && log.every((n: Json) => n.status !== 'PENDING')) ? true : undefined;
      },
      60_000,
    );
    await sleep(LEASE_MS + 1500);
    let interrupted = 0;
    let sent = 0;
    for (const b of booked) {
      const log = logs.get(b.id)!;
      const sms = await smsTo(b.phone);
      const mails = smtp.messages.filter((m) => m.to.includes(b.email));
      for (const [channel, received] of [
        ['sms', sms.length],
        ['email', mails.length],
      ] as const) {
        const entry = log.find((n: Json) => n.channel === channel);
        // Never twice; SENT exactly when the provider holds it, but for an interrupted send.
        expect({ shipment: b.id, channel, twice: received > 1 }).toEqual({ shipment: b.id, channel, twice: false });
        if (entry.status === 'SENT') {
          expect(received).toBe(1);
          sent++;
        } else {
          expect(entry).toMatchObject({ status: 'FAILED', reason: expect.stringMatching(/interrupted/) });
          interrupted++;
        }
      }
    }
    expect(interrupted).toBeGreaterThanOrEqual(1);
    expect(sent + interrupted).toBe(2 * SHIPMENTS);
  }, 120_000);
});
