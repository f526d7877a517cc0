import { randomBytes } from 'node:crypto';
import { RunningCarrierSandbox, startCarrierSandbox } from '@lgw/carrier-sandbox';
import { ratesBody } from '../support/fixtures';
import { GatewayProcesses, startGatewayProcesses } from '../support/gateway-processes';
import { lacks } from '../support/carriers';
import { PICKUP_CARRIERS as COLLECTING, pickupSlotFor } from '../support/pickups';
import { SERVICES_MODE } from '../support/test-mode';
import { eventually } from '../support/eventually';
import { freePort } from '../support/private-services';
import { apiCall } from '../support/gateway-client';

/**
 * The collecting carriers recovery can ask: one without a look-up of collections by reference
 * (lacks pickup_lookup) cannot tell recovery what it booked before the crash (docs/adr/0080-aramex.md).
 */
const PICKUP_CARRIERS = COLLECTING.filter(({ code }) => !lacks(code, 'pickup_lookup'));

/**
 * kill -9 of a real gateway process before and after the carrier booked a collection
 * (docs/adr/0013-carrier-intents.md). Embedded mode kills the all-in-one process (PGlite on
 * disk); services mode kills the api process while a worker keeps running on PostgreSQL and
 * Redis. After restart, before any client retry: every collection the carrier holds is one
 * gateway pickup with its shipments PICKUP_SCHEDULED, no gateway pickup lacks a carrier
 * confirmation, and a request the carrier never saw moved nothing. Then every key answers.
 */
const LEASE_MS = 2000;
type Json = any;

interface SentPickup {
  readonly round: 'before' | 'after';
  readonly carrier: string;
  readonly key: string;
  readonly body: Json;
}

describe(`pickups survive kill -9 (${SERVICES_MODE ? 'api + worker on PostgreSQL and Redis' : 'embedded all-in-one'})`, () => {
  let sandbox: RunningCarrierSandbox;
  let gw: GatewayProcesses;
  let apiKey: string;
  const sent: SentPickup[] = [];
  /** Shipments per carrier waiting for a collection, one per round. */
  const waiting = new Map<string, string[]>();

  const call = (path: string, init: { method?: string; body?: Json; key?: string } = {}) => apiCall(gw.url, apiKey, path, init);
  const carrierPickups = async (carrier: string): Promise<Json[]> =>
    ((await (await fetch(`${sandbox.url}/sandbox/v1/carriers/${carrier}/pickups`)).json()) as Json).pickups;

  const crashAt = async (faultPoint: string, round: SentPickup['round']) => {
    await gw.startApi({ LGW_FAULT_POINT: faultPoint });
    const requests = PICKUP_CARRIERS.map(({ code }) => ({
      round,
      carrier: code,
      key: `pickup-${round}-${code}-${randomBytes(3).toString('hex')}`,
      body: { carrier: code, ...pickupSlotFor(code), shipment_ids: [waiting.get(code)!.shift()!] },
    }));
    sent.push(...requests);
    const answers = requests.map((r) => call('/pickups', { method: 'POST', body: r.body, key: r.key }).catch(() => undefined));
    const exit = await gw.apiExit(30_000);
    expect(exit.signal).toBe('SIGKILL');
    await Promise.all(answers);
  };

  /** Carrier and gateway agree on every collection; problems listed. */
  const consistency = async (): Promise<string[]> => {
    const problems: string[] = [];
    const gateway: Json[] = (await call('/pickups?limit=100')).body.pickups;
    for (const { code } of PICKUP_CARRIERS) {
      const held = (await carrierPickups(code)).filter((p) => !p.cancelled);
      for (const collection of held) {
        const mine = gateway.filter((p) => p.id === collection.reference);
        if (mine.length !== 1) problems.push(`${code} ${collection.confirmation_number}: ${mine.length} gateway pickups`);
        else if (mine[0].confirmation_number !== collection.confirmation_number || mine[0].status !== 'SCHEDULED')
          problems.push(`${code} ${collection.confirmation_number}: recorded as ${mine[0].confirmation_number} ${mine[0].status}`);
      }
      for (const pickup of gateway.filter((p) => p.carrier === code && p.status === 'SCHEDULED')) {
        if (!held.some((c) => c.reference === pickup.id)) problems.push(`${code} pickup ${pickup.id}: no collection at the carrier`);
      }
    }
    return problems;
  };

  beforeAll(async () => {
    expect(PICKUP_CARRIERS.length).toBeGreaterThan(0);
    sandbox = await startCarrierSandbox({ port: 0, host: '127.0.0.1', autoAdvanceSeconds: 0 });
    gw = await startGatewayProcesses({
      sandboxUrl: sandbox.url,
      port: await freePort(),
      env: { IDEMPOTENCY_LEASE_MS: String(LEASE_MS), INTENT_RECOVERY_AFTER_MS: String(LEASE_MS), RATE_LIMIT_PER_MINUTE: '100000' },
    });
    await gw.startApi();
    const team = await fetch(`${gw.url}/admin/v1/teams`, {
      method: 'POST',
      headers: { authorization: `Bearer ${gw.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Pickup Crash Trading' }),
    }).then((r) => r.json() as Promise<Json>);
    apiKey = team.api_key;
    for (let i = 0; i < 2; i++) {
      const rated = await call('/rates', { method: 'POST', body: ratesBody() });
      expect(rated.status).toBe(200);
      for (const { code } of PICKUP_CARRIERS) {
        const quote = rated.body.quotes.find((q: Json) => q.carrier.code === code);
        const booked = await call('/shipments', { method: 'POST', body: { quote_id: quote.quote_id, ...ratesBody() } });
        expect(booked.status).toBe(201);
        waiting.set(code, [...(waiting.get(code) ?? []), booked.body.id]);
      }
    }
  }, 120_000);

  afterAll(async () => {
    await gw?.close();
    await sandbox?.close();
  });

  it('dies before and after the carrier booked the collection', async () => {
    await crashAt('pickup.before-carrier-call', 'before');
    await crashAt('pickup.after-carrier-call', 'after');
    // The after round left collections at the carrier that the gateway has not recorded (the
    // first request to reach its point killed the process; the others died wherever they were).
    let held = 0;
    for (const { code } of PICKUP_CARRIERS) held += (await carrierPickups(code)).length;
    expect(held).toBeGreaterThanOrEqual(1);
  }, 120_000);

  it('after restart, recovery settles each to one pickup without any client retry', async () => {
    await gw.startApi();
    let problems: string[] = ['not checked'];
    await eventually(
      'carrier and gateway agreeing on collections',
      async () => {
        problems = await consistency();
        return problems.length === 0 ? true : undefined;
      },
      30_000,
    ).catch(() => undefined);
    expect(problems).toEqual([]);
    let recovered = 0;
    for (const request of sent) {
      const shipment = (await call(`/shipments/${request.body.shipment_ids[0]}`)).body;
      const atCarrier = (await carrierPickups(request.carrier)).some(
        (p) => !p.cancelled && p.tracking_numbers.includes(shipment.tracking_number),
      );
      // Recorded from the carrier's word when the carrier booked it; never moved when it did not.
      expect({ key: request.key, status: shipment.status }).toEqual({
        key: request.key,
        status: atCarrier ? 'PICKUP_SCHEDULED' : expect.stringMatching(/^(CREATED|LABEL_GENERATED)$/),
      });
      if (atCarrier) recovered++;
      if (request.round === 'before') expect(atCarrier).toBe(false);
    }
    // Not vacuous: at least one collection was recorded by recovery alone.
    expect(recovered).toBeGreaterThanOrEqual(1);
  }, 60_000);

  it('every Idempotency-Key then answers the real outcome, replayed on the next retry', async () => {
    for (const request of sent) {
      const answer = await eventually(`an answer for ${request.key}`, async () => {
        const res = await call('/pickups', { method: 'POST', body: request.body, key: request.key });
        return res.status === 409 && res.body.error.code === 'E_IDEMPOTENCY_IN_PROGRESS' ? undefined : res;
      });
      expect({ key: request.key, status: answer.status, error: answer.body?.error }).toEqual({
        key: request.key,
        status: 201,
        error: undefined,
      });
      const held = (await carrierPickups(request.carrier)).filter((p) => p.reference === answer.body.id);
      expect(held).toHaveLength(1);
      expect(held[0]).toMatchObject({ confirmation_number: answer.body.confirmation_number, cancelled: false });
      const again = await call('/pickups', { method: 'POST', body: request.body, key: request.key });
      expect(again.body.id).toBe(answer.body.id);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
    }
    expect(await consistency()).toEqual([]);
    // One collection per request in the end: the before round ran afresh, the after round was recovered.
    for (const { code } of PICKUP_CARRIERS) expect((await carrierPickups(code)).filter((p) => !p.cancelled)).toHaveLength(2);
  }, 60_000);
});
