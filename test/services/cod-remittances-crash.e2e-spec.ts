import { RunningCarrierSandbox, startCarrierSandbox } from '@lgw/carrier-sandbox';
import { CARRIERS } from '@lgw/carriers';
import { ratesBody } from '../support/fixtures';
import { apiCall, createTeam, until } from '../support/gateway-client';
import { GatewayChild, GatewayProcesses, startGatewayProcesses } from '../support/gateway-processes';
import { freePort } from '../support/private-redis';

type Json = any;

/** A carrier of the registry with a level that collects cash on the domestic lane the fixtures book. */
const CARRIER = CARRIERS.find((c) => c.descriptor.service_levels.some((l) => l.cash_on_delivery && l.lanes.includes('domestic')))!
  .descriptor.code;

/**
 * The production shape (api and worker processes, PostgreSQL, BullMQ): the worker is killed with
 * SIGKILL after it recorded a payout and before it saved where the carrier's feed stands. A new
 * worker reads the payout again and the next one too: each is recorded exactly once.
 */
describe('a worker killed in the middle of a payout import', () => {
  let sandbox: RunningCarrierSandbox;
  let gw: GatewayProcesses;
  /** The worker that took over from the killed one. */
  let recovered: GatewayChild | undefined;

  beforeAll(async () => {
    sandbox = await startCarrierSandbox({ port: 0, host: '127.0.0.1', autoAdvanceSeconds: 0 });
    gw = await startGatewayProcesses({
      sandboxUrl: sandbox.url,
      port: await freePort(),
      env: {
        LGW_FAULT_POINT: 'cod.after-payout-recorded',
        COD_REMITTANCE_POLL_INTERVAL_MS: '200',
        // The killed worker's tick and its schedule lock are taken back once the lock expires:
        // 10 s here (renewed every 5 s while a tick runs, checked every 2 s) instead of 30 s, the
        // same recovery in a third of the wait, twice per run.
        QUEUE_LOCK_DURATION_MS: '10000',
        QUEUE_STALLED_INTERVAL_MS: '2000',
      },
    });
    await gw.startApi({ LGW_FAULT_POINT: '' });
  }, 120_000);

  afterAll(async () => {
    await gw?.close();
    await sandbox?.close();
  });

  it('completes the import exactly once', async () => {
    expect(gw.mode).toBe('services');
    const team = await createTeam(gw, 'COD Crash', 100_000);
    const call = (path: string, init?: { method?: string; body?: Json }) => apiCall(gw.url, team.key, path, init);
    const booked: Json[] = [];
    for (const cod of [11.11, 22.22, 33.33]) {
      const body = ratesBody({ cod_amount: cod });
      const quote = (await call('/rates', { method: 'POST', body })).body.quotes.find((q: Json) => q.carrier.code === CARRIER);
      const res = await call('/shipments', { method: 'POST', body: { quote_id: quote.quote_id, ...body } });
      expect(res.status).toBe(201);
      booked.push(res.body);
    }
    const pay = async (items: Json[], reference: string) => {
      const res = await fetch(`${sandbox.url}/sandbox/v1/carriers/${CARRIER}/remittances`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ items, reference }),
      });
      expect(res.status).toBe(201);
    };
    await pay(
      booked.slice(0, 2).map((s) => ({ tracking_number: s.tracking_number, amount_sar: s.cod.amount_sar })),
      'CRASH-PAYOUT-1',
    );
    await pay([{ tracking_number: booked[2].tracking_number, amount_sar: 33.33 }], 'CRASH-PAYOUT-2');

    // The worker dies right after recording the first payout.
    const exit = await Promise.race([gw.worker!.exited, new Promise<never>((_, r) => setTimeout(() => r(new Error('no crash')), 30_000))]);
    expect(exit.signal).toBe('SIGKILL');
    const mid = (await call('/cod/remittances')).body;
    expect(mid.remittances.map((r: Json) => r.carrier_reference)).toEqual(['CRASH-PAYOUT-1']);

    recovered = gw.spawnWorker({ LGW_FAULT_POINT: '' });
    // The killed worker's tick holds its lock until BullMQ finds it stalled (QUEUE_LOCK_DURATION_MS
    // above), and a schedule's ticks never overlap: the new worker's first import comes after that.
    const done = await until('both payouts imported', 90_000, async () => {
      const body = (await call('/cod/remittances')).body;
      return body.total === 2 ? body : undefined;
    });
    expect(done.remittances.map((r: Json) => r.carrier_reference).sort()).toEqual(['CRASH-PAYOUT-1', 'CRASH-PAYOUT-2']);
    const first = done.remittances.find((r: Json) => r.carrier_reference === 'CRASH-PAYOUT-1');
    expect(first).toMatchObject({ amount_sar: 33.33, item_count: 2, status: 'RECONCILED' });
    // The next runs read nothing new and record nothing again.
    await new Promise((r) => setTimeout(r, 1500));
    const after = (await call('/cod/remittances')).body;
    expect(after.total).toBe(2);
    const summary = (await call('/cod/summary')).body;
    expect(summary.remitted_sar).toBe(66.66);
    for (const s of booked) expect((await call(`/shipments/${s.id}`)).body.cod.status).toBe('REMITTED');
  }, 180_000);

  it("completes a team connection's payout import exactly once (docs/adr/0091)", async () => {
    const team = await createTeam(gw, 'COD Crash Own Account', 100_000);
    const call = (path: string, init?: { method?: string; body?: Json }) => apiCall(gw.url, team.key, path, init);
    const opened = (await (
      await fetch(`${sandbox.url}/sandbox/v1/carriers/${CARRIER}/accounts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
    ).json()) as Json;
    const connected = await call('/carrier-connections', { method: 'POST', body: { carrier: CARRIER, credentials: opened.credentials } });
    expect(connected.status).toBe(201);
    const booked: Json[] = [];
    for (const cod of [44.44, 55.55]) {
      const body = ratesBody({ cod_amount: cod });
      const quote = (await call('/rates', { method: 'POST', body })).body.quotes.find((q: Json) => q.carrier.code === CARRIER);
      const res = await call('/shipments', { method: 'POST', body: { quote_id: quote.quote_id, ...body } });
      expect(res.status).toBe(201);
      booked.push(res.body);
    }
    // The worker that recovered stops as a deployment stops it; one that dies at the fault point takes over.
    recovered!.signal('SIGTERM');
    await recovered!.exitWithin(30_000);
    const dying = gw.spawnWorker({ LGW_FAULT_POINT: 'cod.after-payout-recorded' });
    for (const [i, s] of booked.entries()) {
      // Paid to the account each shipment was booked with: this team's.
      const res = await fetch(`${sandbox.url}/sandbox/v1/carriers/${CARRIER}/remittances`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          items: [{ tracking_number: s.tracking_number, amount_sar: s.cod.amount_sar }],
          reference: `CRASH-OWN-${i + 1}`,
        }),
      });
      expect(((await res.json()) as Json).payouts).toEqual([{ account_id: opened.account_id, item_count: 1 }]);
    }
    const exit = await Promise.race([dying.exited, new Promise<never>((_, r) => setTimeout(() => r(new Error('no crash')), 60_000))]);
    expect(exit.signal).toBe('SIGKILL');
    expect((await call('/cod/remittances')).body.remittances.map((r: Json) => r.carrier_reference)).toEqual(['CRASH-OWN-1']);

    gw.spawnWorker({ LGW_FAULT_POINT: '' });
    const done = await until('both payouts of the account imported', 90_000, async () => {
      const body = (await call('/cod/remittances')).body;
      return body.total === 2 ? body : undefined;
    });
    expect(done.remittances.map((r: Json) => r.carrier_reference).sort()).toEqual(['CRASH-OWN-1', 'CRASH-OWN-2']);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await call('/cod/remittances')).body.total).toBe(2);
    expect((await call('/cod/summary')).body.remitted_sar).toBe(99.99);
    for (const s of booked) expect((await call(`/shipments/${s.id}`)).body.cod.status).toBe('REMITTED');
  }, 240_000);
});
