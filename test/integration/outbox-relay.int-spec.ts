import { randomUUID } from 'node:crypto';
import { BILLING_QUEUE } from '@lgw/billing';
import { LABEL_QUEUE } from '@lgw/shipping';
import { RelayOutboxUseCase } from '@lgw/operations';
import { WEBHOOK_EVENTS_QUEUE, SqlWebhookEndpointRepository } from '@lgw/webhooks';
import { DELIVERY_OUTCOME_JOB } from '@lgw/tracking';
import { Database, SqlOutbox } from '@lgw/database';
import { InProcessJobQueue } from '@lgw/queue';
import { testLogger, waitFor } from '../queue/job-queue-contract';
import { openTestDatabase, SERVICES_MODE } from '../support/test-mode';

/** The relay on the real outbox table and the in-process queue: which events become which jobs. */
describe(`outbox relay (${SERVICES_MODE ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  let db: Database;
  let close: () => Promise<void>;
  let queue: InProcessJobQueue;
  let relay: RelayOutboxUseCase;
  const received = new Map<string, unknown[]>();

  beforeAll(async () => {
    ({ db, close } = await openTestDatabase({ inMemory: true }));
    queue = new InProcessJobQueue({ logger: testLogger() });
    for (const name of [WEBHOOK_EVENTS_QUEUE, LABEL_QUEUE, BILLING_QUEUE, DELIVERY_OUTCOME_JOB.queue]) {
      received.set(name, []);
      queue.register(name, async (data) => {
        received.get(name)!.push(data);
      });
    }
    await queue.start();
    relay = new RelayOutboxUseCase(new SqlOutbox(db.dataSource), queue);
  });
  afterAll(async () => {
    await queue.close();
    await close();
  });

  async function team(name: string): Promise<string> {
    const id = randomUUID();
    await db.dataSource.query('INSERT INTO teams (id, name) VALUES ($1, $2)', [id, name]);
    return id;
  }
  async function created(teamId: string): Promise<string> {
    const shipmentId = randomUUID();
    await db.dataSource.query(`INSERT INTO outbox_events (team_id, aggregate_id, type, payload) VALUES ($1, $2, 'shipment.created', $3)`, [
      teamId,
      shipmentId,
      { status: 'CREATED', kinds: ['shipment.created'] },
    ]);
    return shipmentId;
  }
  const fannedOut = () => (received.get(WEBHOOK_EVENTS_QUEUE) as Array<{ shipmentId: string }>).map((j) => j.shipmentId);

  it('fans out webhook events only for teams with an enabled endpoint; labels and billing for every shipment', async () => {
    const endpoints = new SqlWebhookEndpointRepository(db.dataSource);
    const subscribed = await team('Subscribed');
    const silent = await team('No endpoint');
    const disabled = await team('Disabled endpoint');
    for (const id of [subscribed, disabled]) {
      await endpoints.save(id, 'https://merchant.example/hooks', ['shipment.created'], 'ciphertext', new Date());
    }
    await endpoints.disable(disabled, 'failing', new Date());

    const shipments = { subscribed: await created(subscribed), silent: await created(silent), disabled: await created(disabled) };
    expect(await relay.execute()).toBe(3);

    await waitFor(() => received.get(LABEL_QUEUE)!.length === 3 && received.get(BILLING_QUEUE)!.length === 3, 5_000);
    await waitFor(() => fannedOut().length >= 1, 5_000);
    expect(fannedOut()).toEqual([shipments.subscribed]);
    const [{ unpublished }] = await db.dataSource.query(
      'SELECT count(*)::int AS unpublished FROM outbox_events WHERE published_at IS NULL',
    );
    expect(unpublished).toBe(0);
  });

  it('keeps a batch unpublished when the queue refuses one of its jobs, and relays it whole next time', async () => {
    const subscribed = await team('Refused');
    await new SqlWebhookEndpointRepository(db.dataSource).save(
      subscribed,
      'https://merchant.example/h',
      ['shipment.created'],
      'c',
      new Date(),
    );
    const shipmentId = await created(subscribed);
    let refuse = true;
    const refusing = {
      enqueue: (q: string, name: string, data: unknown, options?: object) =>
        q === BILLING_QUEUE && refuse ? Promise.reject(new Error('Redis unreachable')) : queue.enqueue(q, name, data, options),
    };
    const flaky = new RelayOutboxUseCase(new SqlOutbox(db.dataSource), refusing);
    await expect(flaky.execute()).rejects.toThrow('Redis unreachable');
    const [{ unpublished }] = await db.dataSource.query(
      'SELECT count(*)::int AS unpublished FROM outbox_events WHERE published_at IS NULL',
    );
    expect(unpublished).toBe(1);
    refuse = false;
    expect(await flaky.execute()).toBe(1);
    await waitFor(() => fannedOut().includes(shipmentId), 5_000);
  });

  it('counts a shipment into carrier performance once per final status, and for no other status', async () => {
    const teamId = await team('Delivering');
    const [delivered, returned, moving] = [randomUUID(), randomUUID(), randomUUID()];
    const changed = (shipmentId: string, status: string) =>
      db.dataSource.query(
        `INSERT INTO outbox_events (team_id, aggregate_id, type, payload) VALUES ($1, $2, 'shipment.status_changed', $3)`,
        [teamId, shipmentId, { shipment_id: shipmentId, status, occurred_at: '2026-11-20T09:00:00.000Z', kinds: [] }],
      );
    await changed(delivered, 'DELIVERED');
    await changed(returned, 'RETURNED');
    await changed(moving, 'OUT_FOR_DELIVERY');
    expect(await relay.execute()).toBe(3);
    await waitFor(() => received.get(DELIVERY_OUTCOME_JOB.queue)!.length >= 2, 5_000);
    expect(received.get(DELIVERY_OUTCOME_JOB.queue)).toEqual([
      { shipmentId: delivered, occurredAt: '2026-11-20T09:00:00.000Z' },
      { shipmentId: returned, occurredAt: '2026-11-20T09:00:00.000Z' },
    ]);
  });
});
