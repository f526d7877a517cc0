'use strict';
/**
 * National Address verification (docs/adr/0052): POST /addresses/verify p99 with a cold cache
 * (every request a new building: one call to the address service each) and a warm one (the
 * same buildings again: cache hits), then POST /shipments throughput with verification on
 * (ADDRESS_VERIFICATION=on, destinations spread over real buildings of the sandbox register)
 * and off. The goal: verification must not halve booking throughput.
 * Usage: npm run build && node bench/address-verify.bench.js
 * Production mode (PostgreSQL + Redis) when BENCH_DATABASE_URL / BENCH_REDIS_URL are set.
 */
const { startGateway, startSandbox, createTeam, prepareQuotes, run, summary, reportRows, ADDRESSES } = require('./support/harness');

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);

/** Buildings that exist in the sandbox register, spread over its cities and districts. */
async function registerSample(sandboxBase, count) {
  const buildings = [];
  while (buildings.length < count) {
    const res = await fetch(`${sandboxBase}/sandbox/spl/samples?count=1000&offset=${buildings.length}`);
    const { addresses } = await res.json();
    if (addresses.length === 0) break;
    buildings.push(...addresses);
  }
  return buildings.slice(0, count);
}

async function verifyRun(base, headers, buildings, label) {
  let next = 0;
  const result = await run({
    url: `${base}/api/v1/addresses/verify`,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: 'POST',
        headers,
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({ address: { short_address: buildings[next++ % buildings.length].ShortAddress } }),
        }),
      },
    ],
  });
  return { ...summary(label, result), distinct_addresses: Math.min(next, buildings.length) };
}

async function bookingRun(base, headers, buildings, label) {
  const ids = await prepareQuotes(base, headers, Number(process.env.BENCH_QUOTES ?? 1500) * SECONDS);
  let next = 0;
  const result = await run({
    url: `${base}/api/v1/shipments`,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: 'POST',
        headers,
        setupRequest: (req) => {
          const n = next++;
          const b = buildings[n % buildings.length];
          const destination = { ...ADDRESSES.destination, city: b.City, short_address: b.ShortAddress };
          return { ...req, body: JSON.stringify({ ...ADDRESSES, destination, quote_id: ids[n % ids.length] }) };
        },
      },
    ],
  });
  if (next > ids.length) console.error(`warning: quotes ran out in "${label}"; raise BENCH_QUOTES`);
  return summary(label, result);
}

async function withGateway(sandboxPort, extraEnv, work) {
  const env = { SANDBOX_PORT: String(sandboxPort), ...extraEnv };
  if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  if (process.env.BENCH_REDIS_URL) env.REDIS_URL = process.env.BENCH_REDIS_URL;
  // A fresh cache prefix per gateway: "cold" means cold, even against a Redis kept between runs.
  env.ADDRESS_CACHE_PREFIX = `lgw:bench:address:${Date.now()}:${Math.random().toString(36).slice(2)}:`;
  const gateway = await startGateway({ app: 'api', env });
  try {
    const { apiKey } = await createTeam(gateway.base);
    return await work(gateway.base, { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' });
  } finally {
    await gateway.stop();
  }
}

async function main() {
  const sandboxPort = 20000 + Math.floor(Math.random() * 20000);
  const sandbox = await startSandbox(sandboxPort);
  const production = Boolean(process.env.BENCH_DATABASE_URL);
  const mode = production ? 'postgres+redis' : 'embedded';
  try {
    const buildings = await registerSample(`http://127.0.0.1:${sandboxPort}`, Number(process.env.BENCH_ADDRESSES ?? 50_000));
    const verify = await withGateway(sandboxPort, { ADDRESS_VERIFICATION: 'on' }, async (base, headers) => {
      const cold = await verifyRun(base, headers, buildings, 'POST /addresses/verify, cold cache');
      // The same buildings again, the first ones the cold run asked for: every answer cached.
      const warm = await verifyRun(
        base,
        headers,
        buildings.slice(0, Math.max(1, Math.min(cold.distinct_addresses, 1000))),
        'POST /addresses/verify, warm cache',
      );
      return { cold, warm };
    });
    const on = await withGateway(sandboxPort, { ADDRESS_VERIFICATION: 'on' }, (base, headers) =>
      bookingRun(base, headers, buildings.slice(0, 1000), 'POST /shipments, verification on'),
    );
    const off = await withGateway(sandboxPort, { ADDRESS_VERIFICATION: 'off' }, (base, headers) =>
      bookingRun(base, headers, buildings.slice(0, 1000), 'POST /shipments, verification off'),
    );
    const ratio = off.requests_per_sec > 0 ? Math.round((on.requests_per_sec / off.requests_per_sec) * 100) / 100 : null;
    console.log(JSON.stringify({ mode, connections: CONNECTIONS, verify, bookings: { on, off, on_over_off: ratio } }, null, 2));
    reportRows([
      {
        figure: `POST /addresses/verify p99, cold cache (${mode}, ${CONNECTIONS} conn)`,
        value: verify.cold.p99_ms,
        target: '—',
        baselines: '—',
        ratio: '—',
        met: verify.cold.non_2xx === 0,
      },
      {
        figure: `POST /addresses/verify p99, warm cache (${mode}, ${CONNECTIONS} conn)`,
        value: verify.warm.p99_ms,
        target: 'below the cold p99',
        baselines: `cold ${verify.cold.p99_ms} ms`,
        ratio: verify.cold.p99_ms > 0 ? Math.round((verify.warm.p99_ms / verify.cold.p99_ms) * 100) / 100 : '—',
        met: verify.warm.non_2xx === 0 && verify.warm.p99_ms <= verify.cold.p99_ms,
      },
      {
        figure: `POST /shipments bookings/s with verification on (${mode}, ${CONNECTIONS} conn)`,
        value: on.requests_per_sec,
        target: '≥ half of the bookings/s with it off',
        baselines: `off ${off.requests_per_sec}/s`,
        ratio: ratio ?? '—',
        met: ratio !== null && ratio >= 0.5 && on.non_2xx === 0,
      },
    ]);
  } finally {
    sandbox.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
