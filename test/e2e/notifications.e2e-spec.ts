import { quoteFor, shipmentBody } from '../support/booking';
import { CARRIER_CODES } from '../support/carriers';
import { eventually, sleep } from '../support/eventually';
import { JEDDAH } from '../support/fixtures';
import { startTestSmtpServer, TestSmtpServer } from '../support/smtp-server';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';

const ARABIC = /[\u0600-\u06FF]/;
const ALL_EVENTS = ['shipped', 'out_for_delivery', 'delivery_issue', 'delayed', 'delivered'];

/**
 * Recipient notifications (docs/adr/0086) through real parts: shipments booked on a registered
 * carrier, scans posted to the sandbox carrier and picked up by tracking, SMS read back from the
 * sandbox's Unifonic simulator, e-mail read back from an SMTP server this suite runs on a TCP
 * port. Settings and their 422, the per-shipment log (masked, another team's 404), a channel
 * turned off, the recipient's opt-out (SUPPRESSED), one notice per event even when a scan comes
 * twice, a provider that is down for a while (tried again, sent once), and a test key's
 * shipment, whose notices reach only the test sandbox's simulators.
 */
describe('recipient notifications', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  const carrier = CARRIER_CODES[0];

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await bootTestApp({
      worker: true,
      // Test keys' carriers and notices on a sandbox of their own: what reaches which is told apart.
      separateTestSandbox: true,
      env: {
        TRACKING_POLL_INTERVAL_MS: '200',
        SMTP_URL: smtp.url,
        SMTP_FROM: 'notices@gateway.test',
        NOTIFICATION_RETRY_BACKOFF_MS: '200',
        CARRIER_BREAKER_THRESHOLD: '1000',
      },
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  async function team(name: string, settings?: Record<string, unknown>): Promise<TestTeam> {
    const created = await t.createTeam(name);
    await t.admin('PUT', `/teams/${created.teamId}/rate-limit`, { per_minute: 100_000 });
    if (settings) {
      const put = await t.api('/notification-settings', { method: 'PUT', key: created.apiKey, body: settings });
      expect(put.status).toBe(200);
    }
    return created;
  }

  let serial = 0;
  /** A recipient of its own per shipment, so what the simulator and the SMTP server received is told apart. */
  function recipient() {
    serial += 1;
    const digits = String(Date.now() % 1e6).padStart(6, '0') + String(serial).padStart(2, '0');
    return { phone: `9665${digits}`, email: `buyer${serial}.${digits}@example.sa` };
  }

  async function bookFor(x: TestTeam, to: { phone: string; email: string }) {
    const { quote, body } = await quoteFor(t, x, carrier, { destination: { ...JEDDAH, ...to } });
    const res = await t.api('/shipments', { method: 'POST', key: x.apiKey, body: shipmentBody(quote, body) });
    expect(res.status).toBe(201);
    expect(res.body.destination.email).toBe(to.email);
    return res.body;
  }

  let minute = 0;
  const BASE = Date.now() - 120 * 60_000;
  async function scan(trackingNumber: string, body: Record<string, unknown>, occurredAt?: string): Promise<string> {
    const occurred_at = occurredAt ?? new Date(BASE + ++minute * 60_000).toISOString();
    const res = await t.sandbox('POST', `/sandbox/v1/carriers/${carrier}/shipments/${trackingNumber}/events`, { ...body, occurred_at });
    expect(res.status).toBe(201);
    return occurred_at;
  }
  const smsTo = async (phone: string): Promise<any[]> =>
    (await t.sandbox('GET', `/sandbox/unifonic/messages?recipient=${phone}`)).body.messages;
  const mailTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));
  const logOf = async (x: TestTeam, id: string): Promise<any[]> => {
    const res = await t.api(`/shipments/${id}/notifications`, { key: x.apiKey });
    expect(res.status).toBe(200);
    return res.body.notifications;
  };
  const logWhere = (x: TestTeam, id: string, what: string, ok: (log: any[]) => boolean) =>
    eventually(
      what,
      async () => {
        const log = await logOf(x, id);
        return ok(log) ? log : undefined;
      },
      30_000,
    );
  const statusIs = (x: TestTeam, id: string, status: string) =>
    eventually(`status ${status}`, async () =>
      (await t.api(`/shipments/${id}`, { key: x.apiKey })).body.status === status ? true : undefined,
    );
  const tokenOf = (shipment: any) => new URL(shipment.tracking_url).pathname.split('/').pop() as string;

  it('settings: defaults, a whole replacement, and a 422 listing every problem in both languages', async () => {
    const x = await team('Settings Co');
    const defaults = await t.api('/notification-settings', { key: x.apiKey });
    expect(defaults.status).toBe(200);
    expect(defaults.body).toEqual({ sms: false, email: false, events: ALL_EVENTS, sender_name: 'Settings Co' });

    const bad = await t.api('/notification-settings', {
      method: 'PUT',
      key: x.apiKey,
      body: { sms: 'yes', email: true, events: ['shipped', 'lost_in_space'], sender_name: 'متجر<script>' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe('E_VALIDATION');
    const errors = bad.body.error.details.errors;
    // The sender name is both too long and of characters a sender ID cannot have: two problems.
    expect(errors.map((e: any) => e.field)).toEqual(['sms', 'events[1]', 'sender_name', 'sender_name']);
    for (const e of errors) expect(e.reason_ar).toMatch(ARABIC);
    expect((await t.api('/notification-settings', { method: 'PUT', key: x.apiKey, body: { sms: true } })).status).toBe(422);

    const saved = { sms: true, email: false, events: ['delivered', 'shipped'], sender_name: 'Nada & Co' };
    const put = await t.api('/notification-settings', { method: 'PUT', key: x.apiKey, body: saved });
    expect(put.status).toBe(200);
    expect(put.body).toEqual(saved);
    expect((await t.api('/notification-settings', { key: x.apiKey })).body).toEqual(saved);
    // Another team's settings are its own.
    const y = await team('Other Co');
    expect((await t.api('/notification-settings', { key: y.apiKey })).body.sms).toBe(false);
  });

  it('every event: SMS through the simulator and e-mail over SMTP, bilingual, logged masked, one notice per event', async () => {
    const x = await team('Notices Co', { sms: true, email: true, events: ALL_EVENTS, sender_name: 'MyStore' });
    const to = recipient();
    const s = await bookFor(x, to);

    await scan(s.tracking_number, { code: 'PICKED_UP' });
    await scan(s.tracking_number, { code: 'IN_TRANSIT' });
    await logWhere(
      x,
      s.id,
      'shipped sent on both channels',
      (log) => log.filter((n) => n.event === 'shipped' && n.status === 'SENT').length === 2,
    );
    await scan(s.tracking_number, { code: 'OUT_FOR_DELIVERY' });
    await statusIs(x, s.id, 'OUT_FOR_DELIVERY');
    await scan(s.tracking_number, { code: 'EXCEPTION', exception_type: 'FAILED_DELIVERY_ATTEMPT' });
    await logWhere(x, s.id, 'delivery issue sent', (log) => log.some((n) => n.event === 'delivery_issue' && n.status === 'SENT'));
    // The failed attempt leaves the shipment out for delivery: the next attempt's scan is no new status, and no new notice.
    await scan(s.tracking_number, { code: 'OUT_FOR_DELIVERY' });
    // The same delivery scan reported twice: one delivery, one notice.
    const deliveredAt = await scan(s.tracking_number, { code: 'DELIVERED' });
    await scan(s.tracking_number, { code: 'DELIVERED' }, deliveredAt);
    const log = await logWhere(
      x,
      s.id,
      'delivered sent on both channels',
      (l) => l.filter((n) => n.event === 'delivered' && n.status === 'SENT').length === 2,
    );
    await sleep(1500);

    // SMS: read back from the simulator, each as the log says, Arabic then English, signed.
    const sms = await smsTo(to.phone);
    const smsLog = (await logOf(x, s.id)).filter((n) => n.channel === 'sms');
    expect(sms).toHaveLength(smsLog.length);
    for (const m of sms) {
      expect(m.sender_id).toBe('MyStore');
      expect(m.body).toMatch(ARABIC);
      expect(m.body).toMatch(/^MyStore: .+\nMyStore: .*your order/);
      expect(m.body).toContain(s.tracking_number);
    }
    const count = (event: string) => smsLog.filter((n) => n.event === event).length;
    expect(count('shipped')).toBe(1);
    expect(count('out_for_delivery')).toBe(1);
    expect(count('delivery_issue')).toBe(1);
    expect(count('delivered')).toBe(1);
    expect(sms.filter((m) => m.body.includes('has been delivered'))).toHaveLength(1);
    expect(sms.filter((m) => m.body.includes('has shipped'))).toHaveLength(1);
    const issue = sms.find((m) => m.body.includes('could not deliver'));
    expect(issue.body).toContain(s.tracking_url);
    // One correlation id per message: the notice's own.
    expect(new Set(sms.map((m) => m.correlation_id)).size).toBe(sms.length);

    // E-mail: read back from the test's SMTP server, the same notices, both languages, from the sender name.
    const mails = mailTo(to.email);
    expect(mails).toHaveLength(log.filter((n) => n.channel === 'email').length);
    for (const m of mails) {
      expect(m.from).toBe('notices@gateway.test');
      expect(m.headers.from).toContain('MyStore');
      expect(m.headers['content-type']).toMatch(/charset=UTF-8/i);
      expect(m.subject).toMatch(ARABIC);
      expect(m.subject).toMatch(/^MyStore: .+ \| (Your|We) [a-z]/);
      expect(m.text).toMatch(ARABIC);
      expect(m.text).toContain('To stop these messages:');
      expect(m.text).toContain(`${s.tracking_url}/opt-out`);
    }
    const deliveredMail = mails.filter((m) => m.subject.includes('Your order has been delivered'));
    expect(deliveredMail).toHaveLength(1);
    expect(deliveredMail[0].text).toContain('تم تسليم طلبك');
    expect(deliveredMail[0].text).toContain(`your order ${s.tracking_number} has been delivered`);

    // The log: masked addresses, statuses, times; never the whole phone or e-mail.
    const final = await logOf(x, s.id);
    for (const n of final) {
      expect(n).toEqual({
        channel: expect.stringMatching(/^(sms|email)$/),
        event: expect.any(String),
        to: expect.any(String),
        status: 'SENT',
        reason: null,
        will_retry: false,
        at: expect.any(String),
      });
    }
    expect(final.find((n) => n.channel === 'sms').to).toBe(`${to.phone.slice(0, 4)}*****${to.phone.slice(-3)}`);
    expect(final.find((n) => n.channel === 'email').to).toBe(`b***@example.sa`);
    expect(JSON.stringify(final)).not.toContain(to.phone);
    expect(JSON.stringify(final)).not.toContain(to.email);

    // Another team's shipment is not found.
    const y = await team('Nosy Co');
    const other = await t.api(`/shipments/${s.id}/notifications`, { key: y.apiKey });
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe('E_NOT_FOUND');
  });

  it('a channel turned off, and an event not chosen, send nothing', async () => {
    const x = await team('Sms Only Co', { sms: true, email: false, events: ['shipped'], sender_name: 'SmsOnly' });
    const to = recipient();
    const s = await bookFor(x, to);
    await scan(s.tracking_number, { code: 'PICKED_UP' });
    await logWhere(x, s.id, 'shipped SMS sent', (log) => log.some((n) => n.event === 'shipped' && n.status === 'SENT'));
    await scan(s.tracking_number, { code: 'OUT_FOR_DELIVERY' });
    await statusIs(x, s.id, 'OUT_FOR_DELIVERY');
    await sleep(2000);
    const log = await logOf(x, s.id);
    expect(log.map((n) => [n.channel, n.event])).toEqual([['sms', 'shipped']]);
    expect(mailTo(to.email)).toHaveLength(0);
    expect(await smsTo(to.phone)).toHaveLength(1);
  });

  it("the recipient's opt-out on the tracking link: later notices SUPPRESSED, nothing sent", async () => {
    const x = await team('Opt Out Co', { sms: true, email: true, events: ALL_EVENTS, sender_name: 'OptOutCo' });
    const to = recipient();
    const s = await bookFor(x, to);
    const unknown = await fetch(`${t.url}/t/${'x'.repeat(24)}/opt-out`, { method: 'POST' });
    expect(unknown.status).toBe(404);
    const optOut = await fetch(`${t.url}/t/${tokenOf(s)}/opt-out`, { method: 'POST' });
    expect(optOut.status).toBe(200);
    expect(await optOut.json()).toEqual({ opted_out: true });

    await scan(s.tracking_number, { code: 'PICKED_UP' });
    const log = await logWhere(x, s.id, 'suppressed on both channels', (l) => l.length === 2);
    expect(log.map((n) => n.status)).toEqual(['SUPPRESSED', 'SUPPRESSED']);
    expect(log[0].reason).toMatch(/opted out/);
    // The opt-out holds for the team's other shipments to the same recipient.
    const again = await bookFor(x, to);
    await scan(again.tracking_number, { code: 'PICKED_UP' });
    await logWhere(x, again.id, 'suppressed again', (l) => l.length === 2 && l.every((n) => n.status === 'SUPPRESSED'));
    await sleep(1000);
    expect(await smsTo(to.phone)).toHaveLength(0);
    expect(mailTo(to.email)).toHaveLength(0);
  });

  it("a test key's shipment notifies through the test sandbox only: its SMS simulator and its mailbox, never SMTP or the live SMS provider", async () => {
    const x = await team('Test Mode Notices');
    const testScope = { ...x, apiKey: x.testApiKey };
    const put = await t.api('/notification-settings', {
      method: 'PUT',
      key: x.testApiKey,
      body: { sms: true, email: true, events: ['shipped'], sender_name: 'TestCo' },
    });
    expect(put.status).toBe(200);
    const to = recipient();
    const { quote, body } = await quoteFor(t, testScope, carrier, { destination: { ...JEDDAH, ...to } });
    const booked = await t.api('/shipments', { method: 'POST', key: x.testApiKey, body: shipmentBody(quote, body) });
    expect(booked.status).toBe(201);
    expect(booked.body.mode).toBe('test');
    const testSandbox = (path: string, init?: RequestInit) =>
      fetch(`${t.testSandboxUrl}${path}`, init).then((r) => r.json() as Promise<any>);
    const scanned = await fetch(`${t.testSandboxUrl}/sandbox/v1/carriers/${carrier}/shipments/${booked.body.tracking_number}/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'PICKED_UP', occurred_at: new Date(BASE + ++minute * 60_000).toISOString() }),
    });
    expect(scanned.status).toBe(201);
    await logWhere(testScope, booked.body.id, 'test notices sent', (l) => l.length === 2 && l.every((n) => n.status === 'SENT'));

    const sms = (await testSandbox(`/sandbox/unifonic/messages?recipient=${to.phone}`)).messages;
    expect(sms).toHaveLength(1);
    expect(sms[0].body).toContain(booked.body.tracking_number);
    const mail = (await testSandbox(`/sandbox/mail/messages?to=${encodeURIComponent(to.email)}`)).messages;
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ from_name: 'TestCo', subject: expect.stringMatching(ARABIC) });
    expect(mail[0].text).toContain(booked.body.tracking_number);
    // Nothing through the live providers: the live sandbox's SMS simulator and the SMTP server.
    expect(await smsTo(to.phone)).toHaveLength(0);
    expect(mailTo(to.email)).toHaveLength(0);
  });

  it('a provider down for a while: the notice waits, is tried again with backoff, and goes once', async () => {
    const x = await team('Retry Co', { sms: true, email: true, events: ['shipped'], sender_name: 'RetryCo' });
    const to = recipient();
    const s = await bookFor(x, to);
    expect((await t.sandbox('PUT', '/sandbox/unifonic/fault', { mode: 'down' })).status).toBe(200);
    smtp.refuse = true;
    try {
      await scan(s.tracking_number, { code: 'PICKED_UP' });
      const waiting = await logWhere(
        x,
        s.id,
        'waiting to be tried again',
        (l) => l.length === 2 && l.every((n) => n.status === 'FAILED' && n.will_retry === true && n.reason),
      );
      expect(waiting.find((n) => n.channel === 'sms').reason).toMatch(/busy|unavailable|503/);
      expect(waiting.find((n) => n.channel === 'email').reason).toMatch(/SMTP/);
    } finally {
      await t.sandbox('PUT', '/sandbox/unifonic/fault', { mode: 'none' });
      smtp.refuse = false;
    }
    await logWhere(x, s.id, 'sent after the outage', (l) => l.length === 2 && l.every((n) => n.status === 'SENT' && !n.will_retry));
    await sleep(1500);
    expect(await smsTo(to.phone)).toHaveLength(1);
    expect(mailTo(to.email)).toHaveLength(1);
  });
});
