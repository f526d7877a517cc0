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
 *   BENCH_CONCURRENCY scans in flight, default 4). Two series: scans at the carrier, found by
 *   tracking's poll (a live key), and scans handed to the gateway as a push (a test key).
 */
const os = require('node:os');
const { startGateway, createTeam, reportRows, nearestRank, ADDRESSES } = require('./support/harness');

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

/**
 * Scan, then wait for the status change (GET /shipments/{id}) and the notice: milliseconds from
 * the scan's post to each, the notice at the simulator's receipt.
 */
async function scanToNotice(base, headers, sandboxBase, shipment, pushed) {
  const phone = shipment.destination.phone;
  // A courier's scan comes when it comes, not just after the poll that found the previous one
  // (a closed loop would always scan right after a poll and wait a whole interval).
  await new Promise((r) => setTimeout(r, Math.random() * 3_000));
  const scannedAt = Date.now();
  const scan = { code: 'OUT_FOR_DELIVERY', occurred_at: new Date(scannedAt).toISOString() };
  // Polled: the scan at the carrier, found by tracking's next poll. Pushed: the scan handed to the
  // gateway, as a carrier's push is (the test-mode event endpoint applies it at once).
  const url = pushed
    ? `${base}/api/v1/test/shipments/${shipment.id}/events`
    : `${sandboxBase}/sandbox/v1/carriers/${shipment.carrier.code}/shipments/${shipment.tracking_number}/events`;
  await json(
    await fetch(url, { method: 'POST', headers: pushed ? headers : { 'content-type': 'application/json' }, body: JSON.stringify(scan) }),
  );
  const deadline = scannedAt + 60_000;
  let statusMs = null;
  for (;;) {
    if (statusMs === null) {
      const current = await json(await fetch(`${base}/api/v1/shipments/${shipment.id}`, { headers }));
      if (current.status === 'OUT_FOR_DELIVERY') statusMs = Date.now() - scannedAt;
    }
    const messages = await smsTo(sandboxBase, phone);
    if (messages.length > 0)
      return { statusMs: statusMs ?? Date.now() - scannedAt, noticeMs: Date.parse(messages[0].received_at) - scannedAt };
    if (Date.now() > deadline) throw new Error(`no notice to ${phone} within 60 s of its scan`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * SCANS shipments of one scope (a live key's: polled at the sandbox carrier; a test key's: pushed)
 * to recipients of their own, then one scan each, CONCURRENCY at a time.
 */
async function measure(gateway, apiKey, series, pushed) {
  const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
  await json(
    await fetch(`${gateway.base}/api/v1/notification-settings`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ sms: true, email: false, events: ['out_for_delivery'], sender_name: 'Bench' }),
    }),
  );
  const stamp = String(Date.now() % 1e4).padStart(4, '0');
  const shipments = [];
  for (let i = 0; i < SCANS; i++) shipments.push(await bookTo(gateway.base, headers, `9665${series}${stamp}${String(i).padStart(3, '0')}`));
  // Labels and the first polls settle before the clock starts.
  await new Promise((r) => setTimeout(r, 5_000));
  const measured = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < shipments.length)
        measured.push(await scanToNotice(gateway.base, headers, gateway.sandboxBase, shipments[next++], pushed));
    }),
  );
  const sorted = (pick) => measured.map(pick).sort((a, b) => a - b);
  const notices = sorted((m) => m.noticeMs);
  const statuses = sorted((m) => m.statusMs);
  return {
    scans: measured.length,
    carrier: shipments[0].carrier.code,
    p50_ms: nearestRank(notices, 0.5),
    p90_ms: nearestRank(notices, 0.9),
    max_ms: notices[notices.length - 1],
    scan_to_status_p50_ms: nearestRank(statuses, 0.5),
    scan_to_status_p90_ms: nearestRank(statuses, 0.9),
  };
}

async function main() {
  console.log(`load average before: ${load()}`);
  const env = {};
  if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  if (process.env.BENCH_REDIS_URL) env.REDIS_URL = process.env.BENCH_REDIS_URL;
  const gateway = await startGateway({ app: 'all-in-one', env });
  try {
    const { apiKey, testApiKey } = await createTeam(gateway.base);
    const result = {
      polled: await measure(gateway, apiKey, 1, false),
      pushed: await measure(gateway, testApiKey, 2, true),
      mode: process.env.BENCH_DATABASE_URL ? 'postgres+redis' : 'embedded',
    };
    console.log(JSON.stringify(result, null, 2));
    console.log(`load average after: ${load()}`);
    for (const how of ['polled', 'pushed']) console.log(`${how}: p50 goal < 2,000 ms: ${result[how].p50_ms < 2_000 ? 'met' : 'NOT met'}`);
    reportRows([
      { label: 'scan at the carrier (polled) → SMS notice', ...result.polled },
      { label: 'scan pushed to the gateway → SMS notice', ...result.pushed },
    ]);
  } finally {
    await gateway.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
