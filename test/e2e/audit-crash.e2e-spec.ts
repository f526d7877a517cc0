import { RunningCarrierSandbox, startCarrierSandbox } from '@lgw/carrier-sandbox';
import { GatewayProcesses, startGatewayProcesses } from '../support/gateway-processes';
import { SERVICES_MODE } from '../support/test-mode';
import { freePort } from '../support/private-services';
import { CARRIER_CODES } from '../support/carriers';
import { apiCall } from '../support/gateway-client';

/**
 * kill -9 of a real gateway process between a change and its audit row (docs/adr/0082-scoped-keys-and-audit.md):
 * the change and its record are one transaction, so after restart each change is there with its
 * audit event, or neither is, and the chain still verifies. Embedded mode kills the all-in-one
 * process (PGlite on disk); services mode the api process on PostgreSQL.
 */
type Json = any;

/** Changes a team makes that reach no carrier, each with the audit action it records. */
const CHANGES: ReadonlyArray<{
  readonly action: string;
  readonly send: (call: Call, round: string) => Promise<Reply>;
  readonly present: (call: Call, round: string) => Promise<boolean>;
}> = [
  {
    action: 'api_key.created',
    send: (call, round) => call('/api-keys', { method: 'POST', body: { name: `printer ${round}`, scopes: ['labels:read'] } }),
    present: async (call, round) => (await call('/api-keys')).body.keys.some((k: Json) => k.name === `printer ${round}`),
  },
  {
    action: 'shipping_rule.created',
    send: (call, round) =>
      call('/shipping-rules', {
        method: 'POST',
        body: {
          name: `rule ${round}`,
          priority: 1,
          enabled: true,
          conditions: { cod: true },
          action: { prefer: [{ carrier: CARRIER_CODES[0] }] },
        },
      }),
    present: async (call, round) => (await call('/shipping-rules')).body.shipping_rules.some((r: Json) => r.name === `rule ${round}`),
  },
  {
    action: 'webhook_endpoint',
    send: (call, round) => call('/webhooks/config', { method: 'POST', body: { url: `https://127.0.0.1:9/${round}` } }),
    present: async (call, round) => (await call('/webhooks/config')).body?.url === `https://127.0.0.1:9/${round}`,
  },
];

interface Reply {
  readonly status: number;
  readonly body: Json;
}
type Call = (path: string, init?: { method?: string; body?: Json }) => Promise<Reply>;

describe(`audit rows survive kill -9 with their change (${SERVICES_MODE ? 'api on PostgreSQL' : 'embedded all-in-one'})`, () => {
  let sandbox: RunningCarrierSandbox;
  let gw: GatewayProcesses;
  let apiKey: string;

  const call: Call = (path, init = {}) => apiCall(gw.url, apiKey, path, init);
  const auditedActions = async (): Promise<string[]> =>
    ((await call('/audit-events?limit=200')).body.events as Json[]).map((e) => e.action as string);
  const countOf = (actions: readonly string[], prefix: string) => actions.filter((a) => a.startsWith(prefix)).length;

  beforeAll(async () => {
    sandbox = await startCarrierSandbox({ port: 0, host: '127.0.0.1', autoAdvanceSeconds: 0 });
    gw = await startGatewayProcesses({
      sandboxUrl: sandbox.url,
      port: await freePort(),
      env: { RATE_LIMIT_PER_MINUTE: '100000', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' },
    });
    await gw.startApi();
    const team = await fetch(`${gw.url}/admin/v1/teams`, {
      method: 'POST',
      headers: { authorization: `Bearer ${gw.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Audit Crash Trading' }),
    }).then((r) => r.json() as Promise<Json>);
    apiKey = team.api_key;
  }, 180_000);

  afterAll(async () => {
    await gw?.close();
    await sandbox?.close();
  });

  for (const faultPoint of ['audit.before-append', 'audit.after-append']) {
    it(`dies at ${faultPoint}: after restart neither the change nor its audit event`, async () => {
      // Each restart is armed again: reading what the last crash left writes nothing, so only the next change dies.
      const settled = async (change: (typeof CHANGES)[number], before: readonly string[]) => {
        expect(await change.present(call, faultPoint)).toBe(false);
        expect(countOf(await auditedActions(), change.action)).toBe(countOf(before, change.action));
        expect((await call('/audit-events/verify')).body).toMatchObject({ ok: true, first_broken_id: null });
      };
      await gw.startApi({ LGW_FAULT_POINT: faultPoint });
      let previous: { change: (typeof CHANGES)[number]; before: string[] } | undefined;
      for (const change of CHANGES) {
        if (previous) await settled(previous.change, previous.before);
        const before = await auditedActions();
        const answer = change.send(call, faultPoint).catch(() => undefined);
        const exit = await gw.apiExit(30_000);
        expect(exit.signal).toBe('SIGKILL');
        expect(await answer).toBeUndefined();
        previous = { change, before };
        await gw.startApi(change === CHANGES[CHANGES.length - 1] ? {} : { LGW_FAULT_POINT: faultPoint });
      }
      await settled(previous!.change, previous!.before);
    }, 240_000);
  }

  it('without a crash every change is there with exactly one audit event, and the chain verifies', async () => {
    for (const change of CHANGES) {
      const before = await auditedActions();
      const answer = await change.send(call, 'calm');
      expect([200, 201]).toContain(answer.status);
      expect(await change.present(call, 'calm')).toBe(true);
      expect(countOf(await auditedActions(), change.action)).toBe(countOf(before, change.action) + 1);
    }
    expect((await call('/audit-events/verify')).body).toMatchObject({ ok: true, first_broken_id: null });
  }, 60_000);
});
