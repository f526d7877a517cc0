import { CARRIERS } from '@lgw/carriers';
import { book } from '../support/booking';
import { batchCsv, uploadBatch, validRow, waitForBatch } from '../support/batch-csv';
import { eventually } from '../support/eventually';
import { JEDDAH, ratesBody, RIYADH } from '../support/fixtures';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The service levels a fulfilment batch may ship on, as the registry declares them. */
const FULFILMENT_SERVICES = CARRIERS.filter((c) => c.descriptor.integration_type === 'csv_batch').flatMap((c) =>
  c.descriptor.service_levels.filter((s) => s.lanes.includes('domestic')).map((s) => ({ carrier: c.descriptor.code, service: s.code })),
);

describe('shipping rules (DESIGN §7 "Rules and pieces")', () => {
  let t: TestApp;
  let team: TestTeam;
  let other: TestTeam;

  beforeAll(async () => {
    t = await bootTestApp({ worker: true, env: { TRACKING_POLL_INTERVAL_MS: '200' } });
    team = await t.createTeam('Rules Team');
    other = await t.createTeam('Other Rules Team');
    for (const tm of [team, other]) await t.admin('PUT', `/teams/${tm.teamId}/rate-limit`, { per_minute: 100_000 });
  }, 120_000);
  afterAll(() => t?.close());

  const createRule = (key: string, body: unknown) => t.api('/shipping-rules', { method: 'POST', key, body });
  const rates = async (key: string, overrides: Record<string, unknown> = {}) => {
    const res = await t.api('/rates', { method: 'POST', key, body: ratesBody(overrides) });
    expect(res.status).toBe(200);
    return res.body.quotes as any[];
  };
  const pairs = (quotes: any[]) => quotes.map((q) => `${q.carrier.code}/${q.service.code}`);
  const clearRules = async (key: string) => {
    for (const rule of (await t.api('/shipping-rules', { key })).body.shipping_rules) {
      expect((await t.api(`/shipping-rules/${rule.id}`, { method: 'DELETE', key })).status).toBe(204);
    }
  };

  describe('CRUD', () => {
    afterEach(() => clearRules(team.apiKey));

    it('creates, reads, lists in priority order, replaces and deletes a rule; another team sees none of it', async () => {
      const body = {
        name: 'COD south',
        priority: 20,
        enabled: true,
        conditions: { destination_cities: ['Abha', 'جازان'], cod: true, weight_kg: { min: 0.5, max: 20 } },
        action: { exclude: [{ carrier: CARRIERS[0].descriptor.code }] },
      };
      const created = await createRule(team.apiKey, body);
      expect(created.status).toBe(201);
      expect(created.body).toEqual({ id: expect.stringMatching(UUID), ...body, created_at: expect.any(String) });
      const first = await createRule(team.apiKey, { ...body, name: 'first', priority: 5 });
      expect(first.status).toBe(201);

      expect((await t.api(`/shipping-rules/${created.body.id}`, { key: team.apiKey })).body).toEqual(created.body);
      const listed = (await t.api('/shipping-rules', { key: team.apiKey })).body.shipping_rules;
      expect(listed.map((r: any) => r.name)).toEqual(['first', 'COD south']);

      const replaced = await t.api(`/shipping-rules/${created.body.id}`, {
        method: 'PUT',
        key: team.apiKey,
        body: { ...body, priority: 1, enabled: false },
      });
      expect(replaced.status).toBe(200);
      expect(replaced.body).toMatchObject({ id: created.body.id, priority: 1, enabled: false });

      // Another team, and the team's own test scope, see nothing and change nothing.
      for (const key of [other.apiKey, team.testApiKey]) {
        expect((await t.api(`/shipping-rules/${created.body.id}`, { key })).status).toBe(404);
        expect((await t.api(`/shipping-rules/${created.body.id}`, { method: 'PUT', key, body })).status).toBe(404);
        expect((await t.api(`/shipping-rules/${created.body.id}`, { method: 'DELETE', key })).status).toBe(404);
        expect((await t.api('/shipping-rules', { key })).body.shipping_rules).toEqual([]);
      }
      expect((await t.api(`/shipping-rules/not-a-uuid`, { key: team.apiKey })).status).toBe(404);

      const deleted = await t.api(`/shipping-rules/${created.body.id}`, { method: 'DELETE', key: team.apiKey });
      expect(deleted.status).toBe(204);
      expect((await t.api(`/shipping-rules/${created.body.id}`, { key: team.apiKey })).status).toBe(404);

      // Every change is in the team's audit trail, with what changed and the request that carried it.
      const trail = (await t.api('/audit-events?limit=100', { key: team.apiKey })).body.events.filter(
        (e: any) => e.target.id === created.body.id,
      );
      expect(trail.map((e: any) => e.action).sort()).toEqual(['shipping_rule.created', 'shipping_rule.deleted', 'shipping_rule.updated']);
      const byAction = Object.fromEntries(trail.map((e: any) => [e.action, e]));
      expect(byAction['shipping_rule.created'].changes.after).toMatchObject({ name: 'COD south', priority: 20 });
      expect(byAction['shipping_rule.updated'].changes).toMatchObject({
        before: { priority: 20, enabled: true },
        after: { priority: 1, enabled: false },
      });
      expect(byAction['shipping_rule.updated'].request_id).toBe(replaced.headers.get('x-service-request-id'));
      expect(byAction['shipping_rule.deleted']).toMatchObject({ actor: { type: 'api_key' }, target: { type: 'shipping_rule' } });
      expect((await t.api('/audit-events/verify', { key: team.apiKey })).body).toMatchObject({ ok: true });
    });

    it('refuses a bad rule with 422 listing every problem, each with an Arabic reason, and saves nothing', async () => {
      const carrier = CARRIERS[0].descriptor;
      const res = await createRule(team.apiKey, {
        name: '',
        priority: 'high',
        conditions: { weight_kg: { min: 30, max: 20 }, declared_value_sar: { min: 500, max: 100 } },
        action: { prefer: [{ carrier: 'no-such-carrier' }, { carrier: carrier.code, service: 'no-such-service' }] },
      });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('E_VALIDATION');
      const errors = res.body.error.details.errors as Array<{ field: string; reason: string; reason_ar: string }>;
      expect(errors.map((e) => e.field)).toEqual([
        'name',
        'priority',
        'conditions.weight_kg',
        'conditions.declared_value_sar',
        'action.prefer.0.carrier',
        'action.prefer.1.service',
      ]);
      for (const e of errors) expect(e.reason_ar).toMatch(/[\u0600-\u06FF]/);

      const empty = await createRule(team.apiKey, {
        name: 'x',
        priority: 1,
        conditions: {},
        action: { prefer: [{ carrier: carrier.code }] },
      });
      expect(empty.status).toBe(422);
      expect(empty.body.error.details.errors.map((e: any) => e.field)).toEqual(['conditions']);
      const noAction = await createRule(team.apiKey, { name: 'x', priority: 1, conditions: { cod: true }, action: { prefer: [] } });
      expect(noAction.status).toBe(422);
      expect(noAction.body.error.details.errors.map((e: any) => e.field)).toEqual(['action']);
      // A field a rule does not have is refused, never dropped (a client would believe it took effect).
      const unknown = await createRule(team.apiKey, {
        name: 'x',
        priority: 1,
        conditions: { cod: true, colour: 'red' },
        action: { prefer: [] },
        colour: 'red',
      });
      expect(unknown.status).toBe(422);
      expect(unknown.body.error.details.field).toBe('colour');
      expect((await t.api('/shipping-rules', { key: team.apiKey })).body.shipping_rules).toEqual([]);
    });
  });

  describe('POST /rates', () => {
    afterEach(() => clearRules(team.apiKey));

    it('without rules answers as before: nothing recommended, no rule_id', async () => {
      const quotes = await rates(team.apiKey);
      expect(quotes.length).toBeGreaterThan(1);
      for (const q of quotes) expect({ recommended: q.recommended, rule_id: q.rule_id }).toEqual({ recommended: false, rule_id: null });
    });

    it('for each carrier quoted: a rule preferring it puts its services first and recommended; one excluding it drops them', async () => {
      const baseline = await rates(team.apiKey);
      const carriers = [...new Set(baseline.map((q) => q.carrier.code))];
      expect(carriers.length).toBeGreaterThan(1);
      for (const code of carriers) {
        const mine = baseline.filter((q) => q.carrier.code === code);
        const others = baseline.filter((q) => q.carrier.code !== code);
        const preferred = await createRule(team.apiKey, {
          name: `prefer ${code}`,
          priority: 1,
          conditions: { destination_cities: ['جدة'] },
          action: { prefer: [{ carrier: code }] },
        });
        expect(preferred.status).toBe(201);
        const ruled = await rates(team.apiKey);
        expect(pairs(ruled)).toEqual([...pairs(mine), ...pairs(others)]);
        for (const q of ruled) {
          expect({ quote: `${q.carrier.code}`, recommended: q.recommended, rule_id: q.rule_id }).toEqual({
            quote: q.carrier.code,
            recommended: q.carrier.code === code,
            rule_id: preferred.body.id,
          });
        }
        // Another destination does not match the rule: the answer is as without rules.
        const elsewhere = await rates(team.apiKey, { destination: { ...JEDDAH, city: 'Dammam', short_address: 'DAMA1234' } });
        expect(elsewhere.every((q) => q.rule_id === null && q.recommended === false)).toBe(true);

        // A rule of lower priority number wins; excluding the carrier drops its services only.
        const excluded = await createRule(team.apiKey, {
          name: `exclude ${code}`,
          priority: 0,
          conditions: { destination_countries: ['SA'], weight_kg: { max: 5 } },
          action: { exclude: [{ carrier: code }] },
        });
        const without = await rates(team.apiKey);
        expect(pairs(without)).toEqual(pairs(others));
        expect(without.every((q) => q.rule_id === excluded.body.id && q.recommended === false)).toBe(true);
        // A heavier request is outside the exclusion's weight: the preferring rule applies again.
        const heavy = await rates(team.apiKey, { parcels: [{ weight_kg: 6, length_cm: 30, width_cm: 20, height_cm: 10 }] });
        expect(heavy.every((q) => q.rule_id === preferred.body.id)).toBe(true);
        await clearRules(team.apiKey);
      }
    }, 120_000);

    it('prefers one service of a carrier and ranks preferred services in the order the rule lists them', async () => {
      const baseline = await rates(team.apiKey);
      const [a, b] = [baseline[baseline.length - 1], baseline[0]];
      const rule = await createRule(team.apiKey, {
        name: 'two preferred',
        priority: 3,
        conditions: { destination_countries: ['SA'] },
        action: {
          prefer: [
            { carrier: a.carrier.code, service: a.service.code },
            { carrier: b.carrier.code, service: b.service.code },
          ],
        },
      });
      const ruled = await rates(team.apiKey);
      expect(pairs(ruled).slice(0, 2)).toEqual(pairs([a, b]));
      expect(ruled.map((q) => q.recommended)).toEqual(ruled.map((_, i) => i < 2));
      expect(ruled.every((q) => q.rule_id === rule.body.id)).toBe(true);
      // Disabled, it no longer applies.
      await t.api(`/shipping-rules/${rule.body.id}`, {
        method: 'PUT',
        key: team.apiKey,
        body: {
          name: 'two preferred',
          priority: 3,
          enabled: false,
          conditions: { destination_countries: ['SA'] },
          action: rule.body.action,
        },
      });
      expect(pairs(await rates(team.apiKey))).toEqual(pairs(baseline));
    });

    it("applies a team's test-mode rules to its test keys only", async () => {
      const baseline = await rates(team.testApiKey);
      const code = baseline[0].carrier.code;
      const rule = await createRule(team.testApiKey, {
        name: 'test scope',
        priority: 1,
        conditions: { cod: false },
        action: { exclude: [{ carrier: code }] },
      });
      expect(rule.status).toBe(201);
      expect((await rates(team.testApiKey)).some((q) => q.carrier.code === code)).toBe(false);
      expect((await rates(team.apiKey)).some((q) => q.carrier.code === code)).toBe(true);
      await clearRules(team.testApiKey);
    });
  });

  describe('fulfilment batches', () => {
    afterEach(() => clearRules(team.apiKey));

    it("ships each order on the service the team's rules choose, and refuses an order a rule leaves no fulfilment carrier", async () => {
      expect(FULFILMENT_SERVICES.length).toBeGreaterThan(0);
      const chosen = FULFILMENT_SERVICES[FULFILMENT_SERVICES.length - 1];
      const prefer = await createRule(team.apiKey, {
        name: 'Riyadh orders',
        priority: 2,
        conditions: { destination_cities: ['الرياض'] },
        action: { prefer: [chosen] },
      });
      const exclude = await createRule(team.apiKey, {
        name: 'No fulfilment to Jeddah',
        priority: 1,
        conditions: { destination_cities: ['Jeddah'] },
        action: { exclude: FULFILMENT_SERVICES.map((s) => ({ carrier: s.carrier })) },
      });
      expect([prefer.status, exclude.status]).toEqual([201, 201]);
      const csv = batchCsv([
        validRow(1, { city: 'Riyadh' }),
        validRow(2, { city: 'Jeddah', short_address: 'JEDA1234' }),
        validRow(3, { city: 'Riyadh' }),
      ]);
      const submitted = await uploadBatch(t.url, team.apiKey, csv);
      expect(submitted.status).toBe(202);
      const done = await waitForBatch((path) => t.api(path, { key: team.apiKey }), submitted.body.id);
      expect(done).toMatchObject({ status: 'COMPLETED', row_count: 3, accepted_count: 2, rejected_count: 1 });
      const lines = (done.result_csv as string).trim().split(/\r?\n/).slice(1);
      expect(lines.map((l) => l.split(',').pop())).toEqual(['CREATED', 'REJECTED', 'CREATED']);
      const numbers = lines.filter((l) => l.endsWith('CREATED')).map((l) => l.split(',').slice(-2)[0]);
      const booked = await t.runtime.database.dataSource.query(
        'SELECT carrier_code, service_code FROM shipments WHERE team_id = $1 AND tracking_number = ANY($2::text[])',
        [team.teamId, numbers],
      );
      expect(booked).toEqual(numbers.map(() => ({ carrier_code: chosen.carrier, service_code: chosen.service })));
    }, 90_000);
  });

  describe('carrier performance', () => {
    /**
     * A hand-computed fixture on one lane (Riyadh → Jeddah) of the first service quoted in test
     * mode: 21 shipments booked; 3 booked four days ago, 18 one day ago; 3 whose estimate passed
     * two days ago; 1 with a failed attempt before delivery; 1 returned; 19 delivered, then a 20th.
     */
    it('counts final statuses into per-lane figures, and quotes show on_time_rate from 20 deliveries', async () => {
      const key = team.testApiKey;
      const testTeam = { ...team, apiKey: key };
      const first = (await rates(key))[0];
      const shipments: any[] = [];
      for (let i = 0; i < 21; i += 1) shipments.push(await book(t, testTeam, first.carrier.code));
      expect(new Set(shipments.map((s) => s.service.code))).toEqual(new Set([first.service.code]));
      const db = t.runtime.database.dataSource;
      const ids = (from: number, to: number) => shipments.slice(from, to).map((s) => s.id);
      await db.query(`UPDATE shipments SET created_at = now() - interval '4 days' WHERE id = ANY($1::uuid[])`, [ids(0, 3)]);
      await db.query(`UPDATE shipments SET created_at = now() - interval '1 day' WHERE id = ANY($1::uuid[])`, [ids(3, 21)]);
      await db.query(`UPDATE shipments SET estimated_delivery_at = now() - interval '2 days' WHERE id = ANY($1::uuid[])`, [ids(3, 6)]);
      const scan = async (id: string, body: Record<string, unknown>) => {
        const res = await t.api(`/test/shipments/${id}/events`, { method: 'POST', key, body });
        expect(res.status).toBe(201);
        return res.body;
      };
      for (const i of [6, 19]) await scan(shipments[i].id, { code: 'PICKED_UP' });
      await scan(shipments[6].id, { code: 'EXCEPTION', exception_type: 'FAILED_DELIVERY_ATTEMPT' });
      await scan(shipments[6].id, { code: 'OUT_FOR_DELIVERY' });
      await scan(shipments[19].id, { code: 'RETURN_TO_ORIGIN' });
      expect((await scan(shipments[19].id, { code: 'RETURNED' })).status).toBe('RETURNED');
      for (let i = 0; i < 19; i += 1) expect((await scan(shipments[i].id, { code: 'DELIVERED' })).status).toBe('DELIVERED');

      const rowOf = async () => {
        const res = await t.api('/analytics/carriers', { key });
        expect(res.status).toBe(200);
        return (res.body.rows as any[]).find((r) => r.carrier === first.carrier.code && r.service === first.service.code);
      };
      const row = await eventually('20 shipments counted', async () => {
        const r = await rowOf();
        return r?.shipments === 20 ? r : undefined;
      });
      // 16 of 19 on time; 18 of 19 at the first attempt; 1 return of 20; transit: 3 × 4 days, 16 × 1 day.
      expect(row).toEqual({
        carrier: first.carrier.code,
        service: first.service.code,
        origin_city: RIYADH.city,
        destination_city: JEDDAH.city,
        shipments: 20,
        delivered: 19,
        on_time_rate: Math.round((16 / 19) * 10_000) / 10_000,
        first_attempt_rate: Math.round((18 / 19) * 10_000) / 10_000,
        return_rate: 0.05,
        median_transit_days: 1,
        p90_transit_days: 4,
      });
      const lane = async (city: string) =>
        (await rates(key, { destination: { ...JEDDAH, city } })).find((q) => q.service.code === first.service.code);
      expect((await lane('Jeddah')).on_time_rate).toBeNull();

      await scan(shipments[20].id, { code: 'DELIVERED' });
      await eventually('the 20th delivery counted', async () => ((await rowOf())?.delivered === 20 ? true : undefined));
      // 17 of 20 (quotes read the lane's record as of a second ago at most); the lane is the same whatever the city's spelling.
      await eventually('the quote shows the 20th delivery', async () => ((await lane('Jeddah')).on_time_rate === 0.85 ? true : undefined));
      expect((await lane('جدة')).on_time_rate).toBe(0.85);
      expect((await lane('Dammam')).on_time_rate).toBeNull();
      // A status relayed again counts nothing twice.
      await db.query(
        `UPDATE outbox_events SET published_at = NULL WHERE aggregate_id = ANY($1::uuid[]) AND payload->>'status' = 'DELIVERED'`,
        [ids(0, 21)],
      );
      await eventually('relayed again', async () => {
        const left = await db.query(`SELECT count(*)::int AS n FROM outbox_events WHERE published_at IS NULL`);
        return left[0].n === 0 ? true : undefined;
      });
      // The jobs those events made have had time to run (each runs in milliseconds here).
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await rowOf()).toMatchObject({ shipments: 21, delivered: 20 });

      // The live scope, and another team, see none of it; a range before the deliveries has no rows.
      expect((await t.api('/analytics/carriers', { key: team.apiKey })).body.rows).toEqual([]);
      expect((await t.api('/analytics/carriers', { key: other.testApiKey })).body.rows).toEqual([]);
      expect((await t.api('/analytics/carriers?from=2020-01-01&to=2020-01-31', { key })).body.rows).toEqual([]);
      const bad = await t.api('/analytics/carriers?from=2026-02-30&to=yesterday', { key });
      expect(bad.status).toBe(422);
      expect(bad.body.error.details.errors.map((e: any) => e.field)).toEqual(['from', 'to']);
    }, 180_000);
  });
});
