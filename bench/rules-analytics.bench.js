'use strict';
/**
 * Shipping rules and carrier performance (docs/adr/0084), on the built gateway with PostgreSQL
 * and Redis (the production shape):
 *  1. POST /rates for a team with 20 enabled rules beside the same request for a team with
 *     none, taking turns: the api's CPU µs per request (from /proc, so neighbours on the machine
 *     do not count) and the ratio. Target: within 10 % of no rules.
 *  2. GET /analytics/carriers for a team whose tables hold a year of 1,000,000 shipments
 *     (6 carriers × 2 services × 40 lanes, summed by day, week and month): p50/p99 over 30 days and over the year.
 *     Target: p99 < 200 ms.
 * Usage: npm run build && node bench/rules-analytics.bench.js
 * Env: BENCH_POSTGRES_URL (postgres://postgres@127.0.0.1:5432/postgres: a scratch database is
 * made there and dropped), BENCH_REDIS_URL (redis://127.0.0.1:6379), BENCH_SECONDS (5),
 * BENCH_ROUNDS (3), BENCH_SHIPMENTS (1000000).
 */
const { loadavg } = require('node:os');
const { randomBytes } = require('node:crypto');
const { Client } = require('pg');
const { startGateway, startSandbox, createTeam, freePort, wrk, cpuMicros, RATES_BODY } = require('./support/harness');
const { scratchPostgres } = require('./support/scratch-postgres');

const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SHIPMENTS = Number(process.env.BENCH_SHIPMENTS ?? 1_000_000);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function api(base, key, method, path, body) {
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Twenty rules as a merchant writes them: most about other lanes and weights, one that applies. */
function twentyRules(carriers) {
  const cities = ['Dammam', 'Abha', 'Tabuk', 'Hail', 'Jazan', 'Najran', 'Taif', 'Khobar', 'Buraidah', 'Yanbu'];
  const rules = [];
  for (let i = 0; i < 19; i++) {
    const carrier = carriers[i % carriers.length];
    rules.push({
      name: `rule ${i + 1}`,
      priority: i + 1,
      enabled: true,
      conditions: { destination_cities: [cities[i % cities.length]], weight_kg: { min: 0, max: 30 + i } },
      action: i % 2 === 0 ? { prefer: [{ carrier: carrier.code }] } : { exclude: [{ carrier: carrier.code }] },
    });
  }
  rules.push({
    name: 'Jeddah first',
    priority: 20,
    enabled: true,
    conditions: { destination_cities: ['Jeddah'], cod: false },
    action: { prefer: [{ carrier: carriers[carriers.length - 1].code }] },
  });
  return rules;
}

async function populateAnalytics(db, teamId) {
  // One year of daily sums: 6 carriers × 2 services × 40 lanes × 365 days, SHIPMENTS shipments in all.
  const cells = 6 * 2 * 40 * 365;
  const perCell = SHIPMENTS / cells;
  await db.query(
    `INSERT INTO carrier_performance_lanes (team_id, carrier_code, service_code, origin_city_key, destination_city_key,
       origin_city, destination_city)
     SELECT $1, 'c' || c, 's' || s, 'riyadh', 'city' || l, 'Riyadh', 'City ' || l
       FROM generate_series(1, 6) c, generate_series(1, 2) s, generate_series(1, 40) l`,
    [teamId],
  );
  await db.query(
    `INSERT INTO carrier_performance_sums (team_id, grain, period, lane_id, shipments, delivered, on_time, first_attempt, returned)
     SELECT $1, 'D', current_date - d, l.id, n, n - r, (n - r) * 9 / 10, (n - r) * 8 / 10, r
       FROM carrier_performance_lanes l, generate_series(0, 364) d,
            -- random() per row: the outer columns make the subquery run for each one
            LATERAL (SELECT greatest(1, round($2::float8 * (0.5 + random()) + 0 * (l.id + d))::int) AS n) k,
            LATERAL (SELECT n / 20 AS r) rr
      WHERE l.team_id = $1`,
    [teamId, perCell],
  );
  await db.query(
    `INSERT INTO carrier_performance_transit_sums (team_id, grain, period, lane_id, transit_days, deliveries)
     SELECT team_id, 'D', period, lane_id, t, greatest(1, delivered / 3)
       FROM carrier_performance_sums, generate_series(1, 3) t WHERE team_id = $1 AND grain = 'D'`,
    [teamId],
  );
  // The weekly (from Sunday) and monthly sums the writer keeps beside the daily ones (ADR 0084).
  for (const [grain, period] of [
    ['W', '(period - extract(dow FROM period)::int)'],
    ['M', "date_trunc('month', period)::date"],
  ]) {
    await db.query(
      `INSERT INTO carrier_performance_sums (team_id, grain, period, lane_id, shipments, delivered, on_time, first_attempt, returned)
       SELECT team_id, '${grain}', ${period}, lane_id, sum(shipments), sum(delivered), sum(on_time), sum(first_attempt), sum(returned)
         FROM carrier_performance_sums WHERE team_id = $1 AND grain = 'D' GROUP BY team_id, ${period}, lane_id`,
      [teamId],
    );
    await db.query(
      `INSERT INTO carrier_performance_transit_sums (team_id, grain, period, lane_id, transit_days, deliveries)
       SELECT team_id, '${grain}', ${period}, lane_id, transit_days, sum(deliveries)
         FROM carrier_performance_transit_sums WHERE team_id = $1 AND grain = 'D' GROUP BY team_id, ${period}, lane_id, transit_days`,
      [teamId],
    );
  }
  // As autovacuum leaves tables that live for months: statistics and visibility maps up to date.
  for (const table of ['carrier_performance_lanes', 'carrier_performance_sums', 'carrier_performance_transit_sums']) {
    await db.query(`VACUUM ANALYZE ${table}`);
  }
  const [{ total }] = (
    await db.query("SELECT sum(shipments)::bigint AS total FROM carrier_performance_sums WHERE team_id = $1 AND grain = 'D'", [teamId])
  ).rows;
  return Number(total);
}

async function main() {
  console.log(`load average at start: ${load()}`);
  const scratch = await scratchPostgres();
  // The api alone (no worker beside it in the process whose CPU is read), its carriers in a sandbox process.
  const sandbox = await startSandbox(await freePort());
  const gateway = await startGateway({
    app: 'api',
    env: {
      DATABASE_URL: scratch.url,
      REDIS_URL,
      QUEUE_PREFIX: `lgw-bench-${randomBytes(4).toString('hex')}`,
      SANDBOX_URL: `http://127.0.0.1:${sandbox.port}`,
      NODE_ENV: 'production',
    },
  });
  const db = new Client({ connectionString: scratch.url });
  await db.connect();
  try {
    const plain = await createTeam(gateway.base);
    const ruled = await createTeam(gateway.base);
    const { carriers } = await api(gateway.base, ruled.apiKey, 'GET', '/carriers');
    for (const rule of twentyRules(carriers)) await api(gateway.base, ruled.apiKey, 'POST', '/shipping-rules', rule);
    const sample = await api(gateway.base, ruled.apiKey, 'POST', '/rates', JSON.parse(RATES_BODY));
    if (!sample.quotes.some((q) => q.rule_id)) throw new Error('the 20 rules did not shape the sample quotes');

    const perRequest = { none: [], twenty: [] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const [label, team] of [
        ['none', plain],
        ['twenty', ruled],
      ]) {
        const before = cpuMicros(gateway.pid);
        const out = await wrk({
          url: `${gateway.base}/api/v1/rates`,
          auth: `Bearer ${team.apiKey}`,
          body: RATES_BODY,
          seconds: SECONDS,
          connections: 16,
        });
        const used = cpuMicros(gateway.pid) - before;
        const requests = out.requests_per_sec * SECONDS;
        if (out.non_2xx > 0) throw new Error(`${label}: ${out.non_2xx} answers were not 2xx`);
        perRequest[label].push(used / requests);
        console.log(
          JSON.stringify({
            bench: 'POST /rates',
            rules: label === 'none' ? 0 : 20,
            round: round + 1,
            ...out,
            api_cpu_us_per_request: Math.round(used / requests),
          }),
        );
      }
    }
    const none = median(perRequest.none);
    const twenty = median(perRequest.twenty);
    console.log(
      JSON.stringify({
        bench: 'POST /rates CPU per request (median of rounds)',
        no_rules_us: Math.round(none),
        twenty_rules_us: Math.round(twenty),
        ratio: +(twenty / none).toFixed(3),
        target: '≤ 1.10',
      }),
    );

    const started = Date.now();
    const total = await populateAnalytics(db, plain.teamId);
    console.log(`analytics tables: ${total} shipments of one team in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const day = (back) => new Date(Date.now() + 3 * 3_600_000 - back * 86_400_000).toISOString().slice(0, 10);
    for (const [label, from] of [
      ['30 days', day(29)],
      ['365 days', day(364)],
    ]) {
      const path = `/api/v1/analytics/carriers?from=${from}&to=${day(0)}`;
      const check = await api(gateway.base, plain.apiKey, 'GET', path.slice('/api/v1'.length));
      // The answer measured is the right one: its shipments are the daily sums' over the range.
      const [{ expected }] = (
        await db.query(
          "SELECT sum(shipments)::bigint AS expected FROM carrier_performance_sums WHERE team_id = $1 AND grain = 'D' AND period BETWEEN $2::date AND $3::date",
          [plain.teamId, from, day(0)],
        )
      ).rows;
      const answered = check.rows.reduce((n, r) => n + r.shipments, 0);
      if (answered !== Number(expected)) throw new Error(`${label}: the answer counts ${answered} shipments, the daily sums ${expected}`);
      const out = await wrk({ url: `${gateway.base}${path}`, auth: `Bearer ${plain.apiKey}`, seconds: SECONDS * 2, connections: 4 });
      console.log(
        JSON.stringify({
          bench: 'GET /analytics/carriers',
          range: label,
          rows: check.rows.length,
          shipments: answered,
          ...out,
          target_p99_ms: 200,
        }),
      );
    }
  } finally {
    await db.end();
    await gateway.stop();
    sandbox.stop();
    await scratch.drop();
  }
  console.log(`load average at end: ${load()}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
