'use strict';
/**
 * The recipient's tracking page (docs/adr/0083) under 200 concurrent readers: each connection
 * reads one of 200 shipments' pages (`GET /t/{token}`, Arabic HTML) in a closed loop. Goal: p95
 * under 100 ms. The per-link and per-address budgets are raised for the run (every reader comes
 * from 127.0.0.1 and reads far faster than a person), so what is measured is the page, not 429s.
 * Beside it, in the same run, a bare node:http server answering the same bytes. The readers are
 * wrk's (one thread, in C): a load generator in Node took one of the machine's two cores from the
 * server it measured (docs/performance.md).
 *
 * BENCH_APP=api serves the page from the api process alone, as deployed (deploy/base/api.yaml), its
 * carriers in a sandbox process; the default, all-in-one, runs the worker's pollers and jobs in the
 * same process and event loop.
 *
 *   npm run build && node bench/recipient-page.bench.js
 *   (BENCH_DATABASE_URL / BENCH_REDIS_URL for production mode; BENCH_SECONDS, BENCH_READERS, BENCH_APP)
 */
const os = require('node:os');
const { startGateway, startSandbox, freePort, createTeam, startBareServer, wrk, reportRows, bookOne } = require('./support/harness');

const READERS = Number(process.env.BENCH_READERS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);

async function main() {
  console.log(
    `load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const env = { RECIPIENT_PAGE_PER_TOKEN_PER_MINUTE: '100000000', RECIPIENT_PAGE_PER_ADDRESS_PER_MINUTE: '100000000' };
  if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  if (process.env.BENCH_REDIS_URL) env.REDIS_URL = process.env.BENCH_REDIS_URL;
  const app = process.env.BENCH_APP ?? 'all-in-one';
  const sandbox = app === 'api' ? await startSandbox(await freePort()) : undefined;
  if (sandbox) env.SANDBOX_PORT = String(sandbox.port);
  const gateway = await startGateway({ app, env }).catch((error) => {
    sandbox?.stop();
    throw error;
  });
  console.log(`app: ${app}${sandbox ? ' (carriers in a sandbox process)' : ''}`);
  try {
    const { apiKey } = await createTeam(gateway.base);
    const paths = [];
    for (let i = 0; i < READERS; i++) {
      const shipment = await bookOne(gateway.base, apiKey);
      paths.push(new URL(shipment.tracking_url).pathname);
    }
    const sample = await fetch(`${gateway.base}${paths[0]}`);
    const bytes = Buffer.from(await sample.arrayBuffer());
    if (sample.status !== 200) throw new Error(`the page answered ${sample.status}`);

    await wrk({ url: gateway.base, paths, seconds: 3, connections: READERS });
    const page = {
      label: `GET /t/{token}, ${READERS} readers`,
      ...(await wrk({ url: gateway.base, paths, seconds: SECONDS, connections: READERS })),
    };

    const bare = await startBareServer(bytes, sample.headers.get('content-type'));
    let baseline;
    try {
      baseline = { label: 'bare node:http, same bytes', ...(await wrk({ url: bare.base, seconds: SECONDS, connections: READERS })) };
    } finally {
      bare.stop();
    }
    const rows = [page, baseline];
    console.table(rows);
    console.log(
      `page bytes: ${bytes.length}; p95 goal < 100 ms: ${page.p95_ms < 100 && page.non_2xx === 0 && !page.socket_errors ? 'met' : 'NOT met'} (p95 ${page.p95_ms} ms)`,
    );
    console.log(
      `load average after: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    reportRows(rows);
  } finally {
    await gateway.stop();
    sandbox?.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
