import { RunningCarrierSandbox, startCarrierSandbox } from '@lgw/carrier-sandbox';
import { CARRIERS } from '@lgw/carriers';
import { ratesBody } from '../support/fixtures';
import { apiCall, createTeam, until } from '../support/gateway-client';
import { GatewayProcesses, startGatewayProcesses } from '../support/gateway-processes';
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

  beforeAll(async () => {
    sandbox = await startCarrierSandbox({ port: 0, host: '127.0.0.1', autoAdvanceSeconds: 0 });
    gw = await startGatewayProcesses({
      sandboxUrl: sandbox.url,
      port: await freePort(),
      env: { LGW_FAULT_POINT: 'cod.after-payout-recorded', COD_REMITTANCE_POLL_INTERVAL_MS: '200' },
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

    gw.spawnWorker({ LGW_FAULT_POINT: '' });
    // The killed worker's tick holds its lock until BullMQ finds it stalled (30 s), and a schedule's
    // ticks never overlap: the new worker's first import comes after that.
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
});
