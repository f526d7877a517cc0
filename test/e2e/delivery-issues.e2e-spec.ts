import { isDeliveryDay, riyadhDateOf, SAUDI_DELIVERY_CALENDAR, SAUDI_PUBLIC_HOLIDAYS } from '@lgw/kernel';
import { book } from '../support/booking';
import { CARRIER_CODES } from '../support/carriers';
import { eventually, sleep } from '../support/eventually';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';
import { startWebhookReceiver, WebhookReceiver } from '../support/webhook-receiver';

const DAY = 86_400_000;
/** A Riyadh calendar date `days` from now. */
const riyadhDate = (days: number) => new Date(Date.now() + 3 * 3_600_000 + days * DAY).toISOString().slice(0, 10);
const isFriday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() === 5;
/** The first day from tomorrow a Saudi courier delivers (not Friday, not a public holiday). */
function nextDeliveryDay(): string {
  for (let d = 1; ; d++) {
    const date = riyadhDate(d);
    if (!isFriday(date) && !SAUDI_PUBLIC_HOLIDAYS.includes(date)) return date;
  }
}
/**
 * When the suite's scans start: in the past, and all of them (two hours' worth at most) on one day
 * the carriers deliver. An out-for-delivery scan on a Friday or a holiday means the next delivery
 * day, so a failed attempt that same day is no delay: run in the first hours of a Saturday
 * (Riyadh), scans starting 90 minutes before now would fall on the Friday. Then they start at noon
 * of the last delivery day before.
 */
function scanBase(): number {
  const within = (at: number) => {
    const day = riyadhDateOf(new Date(at));
    return isDeliveryDay(day, SAUDI_DELIVERY_CALENDAR) && riyadhDateOf(new Date(at + 2 * 3_600_000)) === day;
  };
  const recent = Date.now() - 90 * 60_000;
  if (within(recent)) return recent;
  for (let d = 1; ; d++) {
    const noon = Date.parse(`${riyadhDateOf(new Date(recent - d * DAY))}T09:00:00Z`);
    if (within(noon)) return noon;
  }
}
/** The first Friday from tomorrow. */
function nextFriday(): string {
  for (let d = 1; ; d++) if (isFriday(riyadhDate(d))) return riyadhDate(d);
}

/**
 * Delivery issues through the sandbox carriers (docs/adr/0083): a failed attempt the carrier
 * reports opens the issue on the shipment, the merchant answers it (each action, its 409 and 422
 * refusals), delivery resolves it, the team's limit of attempts sends the parcel back by itself,
 * and each webhook kind is delivered once.
 */
describe('delivery issues', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await bootTestApp({
      worker: true,
      env: {
        TRACKING_POLL_INTERVAL_MS: '200',
        DELIVERY_ISSUE_SWEEP_MS: '200',
        WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
        WEBHOOK_CA_FILE: receiver.caFile,
        CARRIER_BREAKER_THRESHOLD: '1000',
      },
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  async function team(name: string, path: string): Promise<TestTeam> {
    const created = await t.createTeam(name);
    await t.admin('PUT', `/teams/${created.teamId}/rate-limit`, { per_minute: 100_000 });
    const endpoint = await t.api('/webhooks/config', {
      method: 'POST',
      key: created.apiKey,
      body: {
        url: `${receiver.url}${path}`,
        events: ['delivery_issue.opened', 'delivery_issue.resolved', 'shipment.delivered', 'shipment.delayed'],
      },
    });
    expect(endpoint.status).toBe(200);
    return created;
  }

  // Scans a minute apart: a carrier reporting to the minute (bahr) would otherwise make two alike scans one.
  let minute = 0;
  const BASE = scanBase();
  const scan = async (carrier: string, trackingNumber: string, body: Record<string, unknown>) => {
    const occurred_at = new Date(BASE + ++minute * 60_000).toISOString();
    const res = await t.sandbox('POST', `/sandbox/v1/carriers/${carrier}/shipments/${trackingNumber}/events`, { ...body, occurred_at });
    expect(res.status).toBe(201);
  };
  const shipmentOf = async (x: TestTeam, id: string) => (await t.api(`/shipments/${id}`, { key: x.apiKey })).body;
  const issueWhere = (x: TestTeam, id: string, what: string, ok: (issue: any) => boolean) =>
    eventually(what, async () => {
      const s = await shipmentOf(x, id);
      return s.delivery_issue && ok(s.delivery_issue) ? s : undefined;
    });
  const act = (x: TestTeam, id: string, body: unknown) =>
    t.api(`/shipments/${id}/delivery-issue/actions`, { method: 'POST', key: x.apiKey, body });
  const webhooksOf = (path: string, shipmentId: string, type: string) =>
    receiver.at(path).filter((r) => {
      const m = JSON.parse(r.body);
      return m.type === type && m.data.shipment?.id === shipmentId;
    });

  it.each(CARRIER_CODES)('%s: a failed attempt opens an issue; actions, refusals, delivery resolves it; webhooks once', async (carrier) => {
    const path = `/issues-${carrier}`;
    const x = await team(`Issues ${carrier}`, path);
    const s = await book(t, x, carrier);
    expect(s.delivery_issue).toBeNull();
    // No issue yet: nothing to act on.
    const none = await act(x, s.id, { action: 'reattempt', reattempt_date: nextDeliveryDay() });
    expect(none.status).toBe(409);
    expect(none.body.error.code).toBe('E_NO_OPEN_DELIVERY_ISSUE');

    await scan(carrier, s.tracking_number, { code: 'OUT_FOR_DELIVERY' });
    await scan(carrier, s.tracking_number, { code: 'EXCEPTION', exception_type: 'FAILED_DELIVERY_ATTEMPT' });
    const opened = await issueWhere(x, s.id, 'issue opened', (i) => i.status === 'OPEN');
    expect(opened.delivery_issue).toEqual({
      id: expect.any(String),
      kind: 'FAILED_DELIVERY_ATTEMPT',
      status: 'OPEN',
      attempts: 1,
      carrier_reason_en: expect.any(String),
      carrier_reason_ar: expect.stringMatching(/[\u0600-\u06FF]/),
      opened_at: expect.any(String),
      deadline_at: expect.any(String),
      actions_allowed: ['reattempt', 'update_contact', 'return_to_origin'],
      actions: [],
    });
    expect(Date.parse(opened.delivery_issue.deadline_at)).toBeGreaterThan(Date.parse(opened.delivery_issue.opened_at));
    // A failed attempt: the next delivery day at the earliest.
    expect(opened.estimated_delivery_date > riyadhDateOf(new Date(BASE))).toBe(true);
    expect(isFriday(opened.estimated_delivery_date)).toBe(false);

    // The team's queue.
    const queue = await t.api('/delivery-issues?status=OPEN', { key: x.apiKey });
    expect(queue.status).toBe(200);
    expect(queue.body).toMatchObject({ total: 1, limit: 20, offset: 0 });
    expect(queue.body.delivery_issues[0]).toMatchObject({ id: opened.delivery_issue.id, shipment: { id: s.id } });
    expect((await t.api('/delivery-issues?status=RESOLVED', { key: x.apiKey })).body.total).toBe(0);
    expect((await t.api('/delivery-issues?status=LOST', { key: x.apiKey })).status).toBe(422);

    // 422 lists every problem at once: a Friday past the deadline is two, and the phone a third.
    const farFriday = (() => {
      for (let d = 10; ; d++) if (isFriday(riyadhDate(d))) return riyadhDate(d);
    })();
    const bad = await act(x, s.id, { action: 'reattempt', reattempt_date: farFriday });
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe('E_VALIDATION');
    expect(bad.body.error.details.errors.map((e: any) => e.field)).toEqual(['reattempt_date', 'reattempt_date']);
    expect(bad.body.error.details.errors.map((e: any) => e.reason).join(' ')).toMatch(/deadline.*not a day the carrier delivers/);
    const friday = await act(x, s.id, { action: 'reattempt', reattempt_date: nextFriday() });
    expect(friday.status).toBe(422);
    expect(friday.body.error.details.errors.map((e: any) => e.reason).join(' ')).toMatch(/not a day the carrier delivers/);
    expect((await act(x, s.id, { action: 'reattempt', reattempt_date: riyadhDate(-1) })).status).toBe(422);
    const contact = await act(x, s.id, {
      action: 'update_contact',
      phone: '12',
      destination: { city: 'Jeddah', country: 'SA', short_address: 'JEDA1234', postal_code: 'abc' },
    });
    expect(contact.status).toBe(422);
    expect(contact.body.error.details.errors.map((e: any) => e.field)).toEqual(
      expect.arrayContaining(['phone', 'destination.postal_code']),
    );
    expect((await act(x, s.id, { action: 'reschedule' })).status).toBe(422);

    // A reattempt on a day the carrier delivers: recorded as an instruction for the carrier.
    const date = nextDeliveryDay();
    const reattempt = await act(x, s.id, { action: 'reattempt', reattempt_date: date, note: 'gate 3' });
    expect(reattempt.status).toBe(200);
    expect(reattempt.body.delivery_issue).toMatchObject({
      status: 'ACTION_REQUESTED',
      actions: [{ action: 'reattempt', via: 'instruction', by: 'merchant', reattempt_date: date, note: 'gate 3' }],
    });

    // A new phone goes through the carrier's destination API where it has one, else as an instruction.
    const phone = await act(x, s.id, { action: 'update_contact', phone: '0551234567' });
    expect(phone.status).toBe(200);
    expect(phone.body.destination.phone).toBe('966551234567');
    const updates = await t.sandbox('GET', `/sandbox/v1/carriers/${carrier}/shipments/${s.tracking_number}/destination-updates`);
    const via = phone.body.delivery_issue.actions[1].via;
    if (via === 'carrier')
      expect(updates.body.destination_updates.at(-1).address).toEqual(
        expect.objectContaining({ phone: expect.stringContaining('551234567') }),
      );
    else expect(updates.body.destination_updates ?? []).toHaveLength(0);
    expect(JSON.stringify(phone.body.delivery_issue)).not.toContain('551234567');

    // Both actions are in the team's audit trail, by the key that asked, without the new phone.
    const trail = (await t.api('/audit-events?action=delivery_issue.*', { key: x.apiKey })).body.events.filter(
      (e: any) => e.target.id === s.id,
    );
    expect(trail.map((e: any) => e.action).sort()).toEqual(['delivery_issue.reattempt', 'delivery_issue.update_contact']);
    for (const e of trail)
      expect(e).toMatchObject({ actor: { type: 'api_key' }, target: { type: 'shipment' }, changes: { by: 'merchant' } });
    expect(reattempt.headers.get('x-service-request-id')).toBe(trail.find((e: any) => e.action === 'delivery_issue.reattempt').request_id);
    expect(JSON.stringify(trail)).not.toContain('551234567');

    // The second failure counts an attempt and asks again; delivery resolves the issue. Out for
    // delivery is read before the failure is scanned, so the estimate is the scan's day first and
    // the failure moves it later: a delay at any hour (in one poll, the failure's next delivery day
    // may be no later than the estimate the reattempt had set).
    await scan(carrier, s.tracking_number, { code: 'OUT_FOR_DELIVERY' });
    await eventually('second out for delivery read', async () => {
      const read = await t.api(`/shipments/${s.id}/tracking`, { key: x.apiKey });
      return read.body.events.filter((e: any) => e.code === 'OUT_FOR_DELIVERY').length === 2 ? true : undefined;
    });
    expect((await shipmentOf(x, s.id)).estimated_delivery_date).toBe(riyadhDateOf(new Date(BASE)));
    await scan(carrier, s.tracking_number, { code: 'EXCEPTION', exception_type: 'FAILED_DELIVERY_ATTEMPT' });
    await issueWhere(x, s.id, 'second attempt', (i) => i.attempts === 2 && i.status === 'OPEN');
    await scan(carrier, s.tracking_number, { code: 'OUT_FOR_DELIVERY' });
    await scan(carrier, s.tracking_number, { code: 'DELIVERED' });
    const resolved = await issueWhere(x, s.id, 'resolved', (i) => i.status === 'RESOLVED');
    expect(resolved.delivery_issue.actions_allowed).toEqual([]);
    const late = await act(x, s.id, { action: 'return_to_origin' });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('E_NO_OPEN_DELIVERY_ISSUE');

    await eventually('resolved webhook', async () => (webhooksOf(path, s.id, 'delivery_issue.resolved').length > 0 ? true : undefined));
    await receiver.waitFor(path, 3);
    await sleep(1000);
    expect(webhooksOf(path, s.id, 'delivery_issue.opened')).toHaveLength(1);
    expect(webhooksOf(path, s.id, 'delivery_issue.resolved')).toHaveLength(1);
    // The second failed attempt came after out for delivery had made the scan's day the estimate: a
    // delay (the first may land in one poll with its out-for-delivery scan). Each message once, each
    // naming a later date than the one before.
    const delays = webhooksOf(path, s.id, 'shipment.delayed');
    expect(delays.length).toBeGreaterThanOrEqual(1);
    expect(new Set(delays.map((r) => r.headers['webhook-id'])).size).toBe(delays.length);
    for (const r of delays) {
      const data = JSON.parse(r.body).data;
      expect(data.estimated_delivery_date > data.previous_estimated_delivery_date).toBe(true);
    }
    const message = JSON.parse(webhooksOf(path, s.id, 'delivery_issue.opened')[0].body);
    expect(message.data.shipment.delivery_issue).toMatchObject({ id: opened.delivery_issue.id });
  });

  it.each(CARRIER_CODES)('%s: the team limit of attempts sends the parcel back by itself; return_to_origin by API', async (carrier) => {
    const path = `/auto-${carrier}`;
    const x = await team(`Auto return ${carrier}`, path);
    const set = await t.admin('PATCH', `/teams/${x.teamId}`, { auto_return_after_attempts: 2 });
    expect(set.status).toBe(200);
    expect(set.body.auto_return_after_attempts).toBe(2);
    expect((await t.admin('PATCH', `/teams/${x.teamId}`, { auto_return_after_attempts: 0 })).status).toBe(422);

    const s = await book(t, x, carrier);
    for (let attempt = 1; attempt <= 2; attempt++) {
      await scan(carrier, s.tracking_number, { code: 'OUT_FOR_DELIVERY' });
      await scan(carrier, s.tracking_number, { code: 'EXCEPTION', exception_type: 'FAILED_DELIVERY_ATTEMPT' });
      await issueWhere(x, s.id, `attempt ${attempt}`, (i) => i.attempts === attempt);
    }
    const back = await issueWhere(x, s.id, 'auto return', (i) => i.status === 'RETURNING');
    expect(back.delivery_issue.actions).toEqual([
      expect.objectContaining({ action: 'return_to_origin', via: 'instruction', by: 'gateway' }),
    ]);
    expect((await act(x, s.id, { action: 'reattempt', reattempt_date: nextDeliveryDay() })).body.error.code).toBe(
      'E_NO_OPEN_DELIVERY_ISSUE',
    );
    // The carrier then reports the return: still one resolved webhook.
    await scan(carrier, s.tracking_number, { code: 'RETURN_TO_ORIGIN' });
    await eventually('return leg', async () => ((await shipmentOf(x, s.id)).status === 'RETURN_TO_ORIGIN' ? true : undefined));

    // Asked by the merchant on another shipment.
    const other = await book(t, x, carrier);
    await scan(carrier, other.tracking_number, { code: 'OUT_FOR_DELIVERY' });
    await scan(carrier, other.tracking_number, { code: 'EXCEPTION', exception_type: 'ADDRESS_ISSUE' });
    await issueWhere(x, other.id, 'address issue', (i) => i.kind === 'ADDRESS_ISSUE' && i.status === 'OPEN');
    const returned = await act(x, other.id, { action: 'return_to_origin', note: 'customer cancelled' });
    expect(returned.status).toBe(200);
    expect(returned.body.delivery_issue).toMatchObject({ status: 'RETURNING', actions_allowed: [] });

    await eventually('resolved webhooks', async () =>
      webhooksOf(path, s.id, 'delivery_issue.resolved').length && webhooksOf(path, other.id, 'delivery_issue.resolved').length
        ? true
        : undefined,
    );
    await sleep(1000);
    expect(webhooksOf(path, s.id, 'delivery_issue.resolved')).toHaveLength(1);
    expect(webhooksOf(path, s.id, 'delivery_issue.opened')).toHaveLength(1);
    expect(webhooksOf(path, other.id, 'delivery_issue.resolved')).toHaveLength(1);
  });

  it('the queue is team-scoped and paged', async () => {
    const a = await team('Queue A', '/queue-a');
    const b = await team('Queue B', '/queue-b');
    const carrier = CARRIER_CODES[0];
    for (let i = 0; i < 3; i++) {
      const s = await book(t, a, carrier);
      await scan(carrier, s.tracking_number, { code: 'OUT_FOR_DELIVERY' });
      await scan(carrier, s.tracking_number, { code: 'EXCEPTION', exception_type: 'FAILED_DELIVERY_ATTEMPT' });
      await issueWhere(a, s.id, 'opened', (x) => x.status === 'OPEN');
    }
    const page = await t.api('/delivery-issues?limit=2&offset=1', { key: a.apiKey });
    expect(page.body).toMatchObject({ total: 3, limit: 2, offset: 1 });
    expect(page.body.delivery_issues).toHaveLength(2);
    expect((await t.api('/delivery-issues', { key: b.apiKey })).body).toMatchObject({ total: 0, delivery_issues: [] });
    expect((await t.api('/delivery-issues?limit=0', { key: a.apiKey })).status).toBe(422);
  });
});
