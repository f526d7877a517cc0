'use strict';
/**
 * GET /invoices/current at 10,000 ledger lines of one team (one month), next to a bare
 * node:http server returning the same bytes, in the same run. The lines are written straight
 * into the ledger table (one INSERT … generate_series) while the gateway is stopped: booking
 * 10,000 shipments through the API would also render 10,000 labels, which measures Chromium,
 * not the invoice read. The read path measured is the one clients use.
 * Usage: npm run build && node bench/invoices.bench.js  (BENCH_DATABASE_URL for production mode)
 */
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { startGateway, createTeam, startBareServer, run, summary, ROOT } = require('./support/harness');

const LINES = Number(process.env.BENCH_LINES ?? 10_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '1,4').split(',').map(Number);

async function seedLedger(env, teamId) {
  const { openDatabase } = require(join(ROOT, 'dist/libs/database/src'));
  const { billingPeriodOf } = require(join(ROOT, 'dist/libs/kernel/src'));
  const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const period = billingPeriodOf(new Date());
    // Causes in the proportions of a busy month: mostly shipments, some COD, a few credits.
    await db.dataSource.query(
      `INSERT INTO billing_lines (team_id, shipment_id, tracking_number, cause, source_event_id, period_start,
         occurred_at, amount_halalas, vat_halalas, description_en, description_ar)
       SELECT $1, gen_random_uuid(), 'SAHM' || lpad(i::text, 10, '0'), c.cause, i::text, $2,
              $3::timestamptz + make_interval(secs => i), c.amount, round(c.amount * 0.15), c.cause || ' SAHM' || lpad(i::text, 10, '0'),
              'شحنة SAHM' || lpad(i::text, 10, '0')
         FROM generate_series(1, $4) AS i,
              LATERAL (SELECT CASE WHEN i % 10 = 0 THEN 'cod_fee' WHEN i % 50 = 1 THEN 'cancellation_credit' ELSE 'shipment' END AS cause,
                              CASE WHEN i % 50 = 1 THEN -2233 ELSE 1500 + i % 3000 END AS amount) AS c`,
      [teamId, period.start, period.startsAt, LINES],
    );
  } finally {
    await db.close();
  }
}

async function main() {
  const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'lgw-bench-invoices-')) };
  if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const setup = await startGateway({ app: 'all-in-one', env });
  let team;
  try {
    team = await createTeam(setup.base);
  } finally {
    await setup.stop();
  }
  await seedLedger(env, team.teamId);

  const gateway = await startGateway({ app: 'all-in-one', env });
  try {
    const headers = { authorization: `Bearer ${team.apiKey}` };
    const url = `${gateway.base}/api/v1/invoices/current`;
    const sample = await fetch(url, { headers });
    const bytes = Buffer.from(await sample.arrayBuffer());
    const invoice = JSON.parse(bytes.toString('utf8'));
    if (sample.status !== 200 || invoice.line_items.length !== LINES) {
      throw new Error(`expected ${LINES} lines, got ${sample.status} ${invoice.line_items?.length}`);
    }
    const bare = await startBareServer(bytes, sample.headers.get('content-type'));
    const results = [];
    try {
      await run({ url, headers, duration: 2, connections: 1 });
      for (const connections of CONNECTIONS) {
        results.push({
          connections,
          gateway: summary('GET /api/v1/invoices/current', await run({ url, headers, duration: DURATION, connections })),
          bare: summary('bare node:http, same bytes', await run({ url: bare.base, duration: DURATION, connections })),
        });
      }
    } finally {
      bare.stop();
    }
    console.log(
      JSON.stringify(
        {
          mode: env.DATABASE_URL ? 'postgres' : 'embedded',
          lines: invoice.line_items.length,
          response_mb: +(bytes.length / 1048576).toFixed(2),
          total_sar: invoice.total_sar,
          results,
        },
        null,
        2,
      ),
    );
  } finally {
    await gateway.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
