'use strict';
/**
 * Webhook delivery: status events across many teams, from the outbox to a local HTTPS receiver.
 * Measures events delivered per second and event-to-delivery latency (p50/p99: from the
 * outbox row's created_at, carried as the body's timestamp, to the receiver reading the
 * request), then the same with one team's endpoint hanging (it never answers; the sender's
 * 15 s timeout ends each attempt): the other teams' p99 must not move by more than 20 %.
 *
 * Production shape: the all-in-one process on PostgreSQL (a scratch database on
 * BENCH_DATABASE_URL's server) and a private Redis started here. Events are inserted straight
 * into outbox_events at a steady rate for one shipment per team: booking 5,000 shipments
 * would measure carrier calls and label rendering, not webhooks. Every delivery's signature is
 * verified with the standardwebhooks library, as a receiver would.
 *
 * Usage: npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/webhooks.bench.js
 * Options: BENCH_EVENTS (5000), BENCH_TEAMS (50), BENCH_RATE events/s (250), BENCH_REDIS_PORT (7520).
 */
const { execFileSync, spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { mkdtempSync, readFileSync, rmSync } = require('node:fs');
const https = require('node:https');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { Client } = require('pg');
const { Webhook } = require('standardwebhooks');
const { startGateway, ADMIN_TOKEN, nearestRank } = require('./support/harness');

const EVENTS = Number(process.env.BENCH_EVENTS ?? 5000);
const TEAMS = Number(process.env.BENCH_TEAMS ?? 50);
const RATE = Number(process.env.BENCH_RATE ?? 250);
const REDIS_PORT = Number(process.env.BENCH_REDIS_PORT ?? 7520);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function startReceiver(dir) {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const state = { hanging: new Set(), deliveries: [], secrets: new Map(), verified: 0, badSignatures: 0 };
  const server = https.createServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const team = req.url.slice(1);
      if (state.hanging.has(team)) return; // never answers
      const receivedAt = Date.now();
      const body = Buffer.concat(chunks).toString('utf8');
      const secret = state.secrets.get(team);
      if (secret && state.deliveries.length % 10 === 0) {
        try {
          new Webhook(secret).verify(body, req.headers);
          state.verified++;
        } catch {
          state.badSignatures++;
        }
      }
      const parsed = JSON.parse(body);
      state.deliveries.push({
        team,
        id: req.headers['webhook-id'],
        type: parsed.type,
        receivedAt,
        eventAt: Date.parse(parsed.timestamp),
        status: parsed.data?.shipment?.status,
      });
      res.writeHead(204);
      res.end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, state, url: `https://127.0.0.1:${server.address().port}`, ca: join(dir, 'cert.pem') }),
    ),
  );
}

async function json(base, method, path, key, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const parsed = await res.json().catch(() => undefined);
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(parsed)}`);
  return parsed;
}

const ADDRESS = {
  city: 'Riyadh',
  country: 'SA',
  postal_code: '12211',
  additional_number: '4321',
  short_address: 'RRRD2929',
  phone: '966512345678',
};
const SHIPPING = {
  origin: ADDRESS,
  destination: { ...ADDRESS, city: 'Jeddah', short_address: 'JEDA1234' },
  parcels: [{ weight_kg: 1, length_cm: 20, width_cm: 20, height_cm: 10 }],
};

/** Inserts `count` status events at `rate`/s, round-robin over the teams; returns when the last is in. */
async function produce(db, shipments, count, rate, marker) {
  const tick = 50;
  const perTick = Math.max(1, Math.round((rate * tick) / 1000));
  const started = Date.now();
  let sent = 0;
  while (sent < count) {
    const n = Math.min(perTick, count - sent);
    const teams = [];
    const aggregates = [];
    const payloads = [];
    for (let i = 0; i < n; i++) {
      const s = shipments[(sent + i) % shipments.length];
      teams.push(s.teamId);
      aggregates.push(s.id);
      payloads.push(
        JSON.stringify({
          shipment_id: s.id,
          previous_status: 'PICKED_UP',
          status: 'IN_TRANSIT',
          bench: marker,
          kinds: ['shipment.status_updated'],
        }),
      );
    }
    await db.query(
      `INSERT INTO outbox_events (team_id, aggregate_id, type, payload)
       SELECT t, a, 'shipment.status_changed', p::jsonb FROM unnest($1::uuid[], $2::uuid[], $3::text[]) AS u(t, a, p)`,
      [teams, aggregates, payloads],
    );
    sent += n;
    const due = started + (sent / rate) * 1000;
    if (due > Date.now()) await sleep(due - Date.now());
  }
  return { started, finished: Date.now() };
}

async function measure(label, receiver, db, shipments, excludeTeam) {
  const before = receiver.state.deliveries.length;
  const expected = excludeTeam
    ? EVENTS - shipments.filter((s) => s.team === excludeTeam).length * Math.ceil(EVENTS / shipments.length)
    : EVENTS;
  const window = await produce(db, shipments, EVENTS, RATE, label);
  const deadline = Date.now() + 180_000;
  const mine = () => receiver.state.deliveries.slice(before).filter((d) => d.type === 'shipment.status_updated' && d.team !== excludeTeam);
  while (mine().length < expected && Date.now() < deadline) await sleep(100);
  const got = mine();
  const latencies = got.map((d) => d.receivedAt - d.eventAt).sort((a, b) => a - b);
  const last = Math.max(...got.map((d) => d.receivedAt));
  return {
    label,
    events: EVENTS,
    delivered_to_measured_teams: got.length,
    expected,
    unique_ids: new Set(got.map((d) => d.id)).size,
    produce_seconds: ((window.finished - window.started) / 1000).toFixed(1),
    delivered_per_sec: Math.round(got.length / ((last - window.started) / 1000)),
    p50_ms: latencies.length === 0 ? NaN : nearestRank(latencies, 0.5),
    p99_ms: latencies.length === 0 ? NaN : nearestRank(latencies, 0.99),
    max_ms: latencies[latencies.length - 1],
  };
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'lgw-bench-webhooks-'));
  const redis = spawn('redis-server', ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
    detached: true,
  });
  const dbName = `lgw_bench_${randomBytes(5).toString('hex')}`;
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${dbName}`;
  const receiver = await startReceiver(dir);
  let gateway;
  const db = new Client({ connectionString: dbUrl.toString() });
  try {
    gateway = await startGateway({
      env: {
        DATABASE_URL: dbUrl.toString(),
        REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`,
        WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
        NODE_EXTRA_CA_CERTS: receiver.ca,
        TRACKING_POLL_INTERVAL_MS: '60000',
      },
    });
    await db.connect();
    const shipments = [];
    for (let i = 0; i < TEAMS; i++) {
      const team = await json(gateway.base, 'POST', '/admin/v1/teams', ADMIN_TOKEN, { name: `bench ${i}` });
      await json(gateway.base, 'PUT', `/admin/v1/teams/${team.team.id}/rate-limit`, ADMIN_TOKEN, { per_minute: 1_000_000 });
      const config = await json(gateway.base, 'POST', '/api/v1/webhooks/config', team.api_key, {
        url: `${receiver.url}/t${i}`,
        events: ['shipment.status_updated'],
      });
      receiver.state.secrets.set(`t${i}`, config.secret);
      const rates = await json(gateway.base, 'POST', '/api/v1/rates', team.api_key, SHIPPING);
      const booked = await json(gateway.base, 'POST', '/api/v1/shipments', team.api_key, {
        quote_id: rates.quotes[0].quote_id,
        ...SHIPPING,
      });
      shipments.push({ teamId: team.team.id, team: `t${i}`, id: booked.id });
    }
    // Let the bookings' own events (labels) drain before measuring.
    let seen = -1;
    while (seen !== receiver.state.deliveries.length) {
      seen = receiver.state.deliveries.length;
      await sleep(3000);
    }
    const results = [await measure('all endpoints healthy', receiver, db, shipments)];
    receiver.state.hanging.add('t0');
    results.push(await measure('team t0 hanging (other teams measured)', receiver, db, shipments, 't0'));
    const healthy = results[0];
    const hanging = results[1];
    console.table(results);
    console.log(
      JSON.stringify({
        events: EVENTS,
        teams: TEAMS,
        rate_per_sec: RATE,
        signatures_verified: receiver.state.verified,
        bad_signatures: receiver.state.badSignatures,
        p99_change_with_hanging_team: `${(((hanging.p99_ms - healthy.p99_ms) / healthy.p99_ms) * 100).toFixed(1)} %`,
      }),
    );
  } finally {
    await db.end().catch(() => undefined);
    if (gateway) await gateway.stop();
    receiver.server.closeAllConnections();
    receiver.server.close();
    process.kill(-redis.pid, 'SIGKILL');
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
