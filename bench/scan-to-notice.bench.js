'use strict';
/**
 * From a carrier's scan to the recipient's SMS (docs/adr/0086): shipments booked through the API on
 * the first quoted carrier, an OUT_FOR_DELIVERY scan posted to that carrier in the sandbox, and the
 * time until the sandbox's Unifonic simulator received the notice. Everything on the way is the
 * product's own path with its default settings: tracking's poll of the carrier (active shipments
 * every 2 s), the status change and its outbox event, the notice planned and sent by its job.
 * Goal (issue 41): p50 < 2 s.
 *
 *   npm run build && node bench/scan-to-notice.bench.js
 *   (BENCH_DATABASE_URL / BENCH_REDIS_URL for production mode; BENCH_SCANS, default 60;
 *   BENCH_CONCURRENCY scans in flight, default 4)
 */
const os = require('node:os');
const { startGateway, createTeam, reportRows, ADDRESSES } = require('./support/harness');

const SCANS = Number(process.env.BENCH_SCANS ?? 60);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function json(res) {
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${res.url} answered ${res.status}: ${text}`);
  return JSON.parse(text);
}

/** One shipment to a recipient of its own, so the simulator's messages are told apart. */
async function bookTo(base, headers, phone) {
  const body = { ...ADDRESSES, destination: { ...ADDRESSES.destination, phone } };
  const rates = await json(await fetch(`${base}/api/v1/rates`, { method: 'POST', headers, body: JSON.stringify(body) }));
  return json(
    await fetch(`${base}/api/v1/shipments`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...body, quote_id: rates.quotes[0].quote_id }),
    }),
  );
}

async function smsTo(sandboxBase, phone) {
  return (await json(await fetch(`${sandboxBase}/sandbox/unifonic/messages?recipient=${phone}`))).messages;
}

/** Scan, then wait for the notice: milliseconds from the scan's post to the simulator's receipt. */
async function scanToNotice(sandboxBase, shipment) {
  const phone = shipment.destination.phone;
  const scannedAt = Date.now();
  await json(
    await fetch(`${sandboxBase}/sandbox/v1/carriers/${shipment.carrier.code}/shipments/${shipment.tracking_number}/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'OUT_FOR_DELIVERY', occurred_at: new Date(scannedAt).toISOString() }),
    }),
  );
  const deadline = scannedAt + 60_000;
  for (;;) {
    const messages = await smsTo(sandboxBase, phone);
    if (messages.length > 0) return Date.parse(messages[0].received_at) - scannedAt;
    if (Date.now() > deadline) throw new Error(`no notice to ${phone} within 60 s of its scan`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

async function main() {
  console.log(`load average before: ${load()}`);
  const env = {};
  if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  if (process.env.BENCH_REDIS_URL) env.REDIS_URL = process.env.BENCH_REDIS_URL;
  const gateway = await startGateway({ app: 'all-in-one', env });
  try {
    const { apiKey } = await createTeam(gateway.base);
    const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
    await json(
      await fetch(`${gateway.base}/api/v1/notification-settings`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ sms: true, email: false, events: ['out_for_delivery'], sender_name: 'Bench' }),
      }),
    );
    const stamp = String(Date.now() % 1e5).padStart(5, '0');
    const shipments = [];
    for (let i = 0; i < SCANS; i++) shipments.push(await bookTo(gateway.base, headers, `9665${stamp}${String(i).padStart(3, '0')}`));
    // Labels and the first polls settle before the clock starts.
    await new Promise((r) => setTimeout(r, 5_000));

    const latencies = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < shipments.length) latencies.push(await scanToNotice(gateway.sandboxBase, shipments[next++]));
      }),
    );
    latencies.sort((a, b) => a - b);
    const result = {
      scans: latencies.length,
      carrier: shipments[0].carrier.code,
      p50_ms: percentile(latencies, 0.5),
      p90_ms: percentile(latencies, 0.9),
      max_ms: latencies[latencies.length - 1],
      mode: process.env.BENCH_DATABASE_URL ? 'postgres+redis' : 'embedded',
    };
    console.log(JSON.stringify(result, null, 2));
    console.log(`load average after: ${load()}`);
    console.log(`p50 goal < 2,000 ms: ${result.p50_ms < 2_000 ? 'met' : 'NOT met'}`);
    reportRows([{ label: 'scan → SMS notice', ...result }]);
  } finally {
    await gateway.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
