'use strict';
/**
 * A month of e-invoices: BENCH_TEAMS teams (10,000 by default) with BENCH_LINES ledger lines
 * each, half VAT-registered (standard invoices, cleared) and half not (simplified, reported),
 * issued by two concurrent issuers through POST /admin/v1/invoices/issue, one team per call:
 * each call builds, stamps, chains and submits the team's invoice to the sandbox's Fatoora
 * simulator. Reports the total time, the per-invoice latency (p50/p99/max) and the gateway's
 * RSS at the start, the peak and the end. Teams, profiles and lines are written straight into
 * the database while the gateway is stopped (booking through the API would measure carriers
 * and Chromium, not e-invoicing).
 * Usage: npm run build && node bench/einvoicing.bench.js  (BENCH_TEAMS, BENCH_LINES, BENCH_DATABASE_URL)
 */
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { startGateway, ADMIN_TOKEN, ROOT, freePort, nearestRank } = require('./support/harness');
const { spawnApp, waitUntil } = require('./support/stack');
const { rssMb } = require('./support/process-memory');

const TEAMS = Number(process.env.BENCH_TEAMS ?? 10_000);
const LINES = Number(process.env.BENCH_LINES ?? 20);
const ISSUERS = Number(process.env.BENCH_ISSUERS ?? 2);

async function seed(env) {
  const { openDatabase } = require(join(ROOT, 'dist/libs/database/src'));
  const { billingPeriodOf } = require(join(ROOT, 'dist/libs/kernel/src'));
  const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const period = billingPeriodOf(new Date());
    await db.dataSource.query(
      `INSERT INTO teams (id, name) SELECT gen_random_uuid(), 'bench e-invoicing ' || i FROM generate_series(1, $1) AS i`,
      [TEAMS],
    );
    await db.dataSource.query(
      `INSERT INTO einvoice_billing_profiles (team_id, legal_name_ar, legal_name_en, vat_number, address)
       SELECT id, 'شركة ' || name, name, '300000000000003',
              '{"street":"King Fahd Road","building_number":"2322","district":"Al Olaya","city":"Riyadh","postal_code":"12214","country":"SA"}'::jsonb
         FROM (SELECT id, name, row_number() OVER (ORDER BY id) AS n FROM teams WHERE name LIKE 'bench e-invoicing %') t WHERE n % 2 = 0`,
    );
    await db.dataSource.query(
      `INSERT INTO billing_lines (team_id, shipment_id, tracking_number, cause, source_event_id, period_start,
         occurred_at, amount_halalas, vat_halalas, description_en, description_ar)
       SELECT t.id, gen_random_uuid(), 'SAHM' || lpad(i::text, 10, '0'), CASE WHEN i % 10 = 0 THEN 'cod_fee' ELSE 'shipment' END,
              t.id::text || '-' || i, $1, $2::timestamptz + make_interval(secs => i), 1500 + i * 7, round((1500 + i * 7) * 0.15),
              'Shipment SAHM' || lpad(i::text, 10, '0'), 'شحنة SAHM' || lpad(i::text, 10, '0')
         FROM teams t, generate_series(1, $3) AS i WHERE t.name LIKE 'bench e-invoicing %'`,
      [period.start, period.startsAt, LINES],
    );
    const rows = await db.dataSource.query(`SELECT id FROM teams WHERE name LIKE 'bench e-invoicing %' ORDER BY id`);
    return rows.map((r) => r.id);
  } finally {
    await db.close();
  }
}

async function main() {
  // The sandbox (and its Fatoora simulator, which keeps every cleared invoice) runs as its own
  // process, so the gateway's memory is measured alone.
  const sandboxPort = await freePort();
  const sandbox = spawnApp('carrier-sandbox', { SANDBOX_PORT: String(sandboxPort), HOST: '127.0.0.1' });
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  await waitUntil(async () => (await fetch(`${sandboxUrl}/sandbox/v1/health`)).ok, 'the carrier sandbox');
  const env = {
    DATA_DIR: mkdtempSync(join(tmpdir(), 'lgw-bench-einvoicing-')),
    EINVOICE_RETRY_EVERY_MS: '5000',
    SANDBOX_URL: sandboxUrl,
  };
  if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const setup = await startGateway({ app: 'all-in-one', env });
  await setup.stop();
  const teams = await seed(env);

  const gateway = await startGateway({ app: 'all-in-one', env });
  const headers = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };
  try {
    const onboarding = await fetch(`${gateway.base}/admin/v1/einvoicing/onboarding`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ otp: '123345' }),
    });
    if (onboarding.status !== 201) throw new Error(`onboarding failed: ${onboarding.status} ${await onboarding.text()}`);
    const rss = { start: rssMb(gateway.pid), peak: 0, end: 0, every_1000: [] };
    const latencies = [];
    const statuses = {};
    let next = 0;
    const started = process.hrtime.bigint();
    const issuer = async () => {
      while (next < teams.length) {
        const teamId = teams[next++];
        const t0 = process.hrtime.bigint();
        const res = await fetch(`${gateway.base}/admin/v1/invoices/issue`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ team_id: teamId }),
        });
        const body = await res.json();
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
        if (res.status !== 201) throw new Error(`issue failed: ${res.status} ${JSON.stringify(body)}`);
        for (const d of body.documents) statuses[d.status] = (statuses[d.status] ?? 0) + 1;
        if (latencies.length % 100 === 0) rss.peak = Math.max(rss.peak, rssMb(gateway.pid));
        if (latencies.length % 1000 === 0) rss.every_1000.push(rssMb(gateway.pid));
      }
    };
    await Promise.all(Array.from({ length: ISSUERS }, issuer));
    const totalMs = Number(process.hrtime.bigint() - started) / 1e6;
    rss.end = rssMb(gateway.pid);
    rss.peak = Math.max(rss.peak, rss.end);
    const sorted = [...latencies].sort((a, b) => a - b);
    console.log(
      JSON.stringify(
        {
          bench: 'einvoicing',
          teams: TEAMS,
          lines_per_team: LINES,
          issuers: ISSUERS,
          total_seconds: +(totalMs / 1000).toFixed(1),
          per_invoice_ms: {
            p50: +nearestRank(sorted, 0.5).toFixed(1),
            p99: +nearestRank(sorted, 0.99).toFixed(1),
            max: +sorted[sorted.length - 1].toFixed(1),
          },
          statuses,
          rss_mb: rss,
          sandbox_rss_mb: rssMb(sandbox.pid),
          target: 'total < 15 min for 10,000 teams, RSS flat',
        },
        null,
        2,
      ),
    );
  } finally {
    await gateway.stop();
    await sandbox.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
