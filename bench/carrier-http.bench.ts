/**
 * One carrier exchange (a booking's POST, a 0.5 KB JSON answer) through the adapters' `sendHttp`
 * (node:http, keep-alive agents) against global fetch, the transport it replaced, in the same run
 * on the same local server: CPU µs per exchange of this process (client and server together, the
 * server the same for both) and the wall time, 8 exchanges in flight, best of three rounds each.
 *
 *   node -r ./bench/support/register.js bench/carrier-http.bench.ts   (BENCH_EXCHANGES, default 5000)
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { sendHttp } from '../libs/carriers/src/shared/carrier-http';

const EXCHANGES = Number(process.env.BENCH_EXCHANGES ?? 5000);
const IN_FLIGHT = 8;
const answer = JSON.stringify({ awb: '5000000123', label_url: 'x'.repeat(480) });
const body = JSON.stringify({ shipper: 'Riyadh', consignee: 'Jeddah', weight: 1.2 });
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(answer));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/shipments`;
  const headers = { 'content-type': 'application/json' };
  const variants: Record<string, () => Promise<number>> = {
    'sendHttp (node:http)': async () =>
      (await sendHttp({ method: 'POST', url, headers, body, signal: AbortSignal.timeout(5_000) })).body.length,
    'global fetch': async () => {
      const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(5_000), redirect: 'manual' });
      return Buffer.from(await res.arrayBuffer()).length;
    },
  };
  console.log(`carrier-http: ${EXCHANGES} exchanges per round, ${IN_FLIGHT} in flight, load average ${load()}`);
  const rows: string[] = [];
  for (const [name, exchange] of Object.entries(variants)) {
    for (let i = 0; i < 500; i++) await exchange(); // warm: connections open, code optimised
    let best = { cpuUs: Infinity, ms: Infinity };
    for (let round = 0; round < 3; round++) {
      const cpu = process.cpuUsage();
      const started = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (next++ < EXCHANGES) await exchange();
        }),
      );
      const used = process.cpuUsage(cpu);
      const cpuUs = (used.user + used.system) / EXCHANGES;
      if (cpuUs < best.cpuUs) best = { cpuUs, ms: performance.now() - started };
    }
    rows.push(`| ${name} | ${best.cpuUs.toFixed(0)} | ${((EXCHANGES / best.ms) * 1000).toFixed(0)} |`);
  }
  console.log(['', '| transport | CPU µs per exchange | exchanges/s |', '|---|---|---|', ...rows].join('\n'));
  console.log(`load average at the end ${load()}`);
  server.close();
  server.closeAllConnections();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
