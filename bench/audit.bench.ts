/**
 * Access and audit costs (docs/adr/0082-scoped-keys-and-audit.md):
 * - the scope check at the edge: CPU µs per request of the access gate for a key with scopes and
 *   allowed address ranges, beside the same gate for a full-access key (the baseline, same run);
 * - `GET /audit-events/verify` over one team's chain of AUDIT_BENCH_EVENTS events (default
 *   1,000,000) on PostgreSQL: the verify use case walking the chain, three runs.
 *
 *   node -r ./bench/support/register.js bench/audit.bench.ts
 *
 * Env: BENCH_POSTGRES_URL (postgres://postgres@127.0.0.1:5432/postgres; a scratch database is
 * created there and dropped), AUDIT_BENCH_EVENTS (1000000), AUDIT_BENCH_GATE_CALLS (200000).
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { AUDIT_GENESIS_HASH, auditEventHash, AuditEventRecord, Principal } from '@lgw/kernel';
import { openDatabase } from '@lgw/database';
import { SqlAuditEventRepository } from '@lgw/access/persistence/sql-audit-event.repository';
import { VerifyAuditChainUseCase } from '@lgw/access/application/verify-audit-chain/verify-audit-chain.use-case';
import { apiAccessGate } from '@lgw/http-api';
import { intEnv } from './support/bench-env';

// Plain JavaScript of the bench support, loaded as CommonJS.
const { scratchPostgres } = require('./support/scratch-postgres') as { scratchPostgres(): Promise<{ url: string; drop(): Promise<void> }> };

const EVENTS = intEnv('AUDIT_BENCH_EVENTS', 1_000_000);
const GATE_CALLS = intEnv('AUDIT_BENCH_GATE_CALLS', 200_000);
const INSERT_BATCH = 10_000;

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** CPU µs per call of the access gate for one principal, on a route that needs `shipments:read`. */
async function gateMicros(principal: Principal): Promise<number> {
  const gate = apiAccessGate({
    authenticator: { execute: async () => principal },
    rateLimiter: { consume: async () => ({ allowed: true, limit: 1e9, remaining: 1e9, resetMs: 60_000 }) },
    defaultLimit: 60,
    consoleLimit: 120,
  } as never);
  const request = {
    id: 'req-1',
    url: '/api/v1/shipments/8f0e1c52-0c62-4b7e-9d3a-2f1b2c3d4e5f',
    method: 'GET',
    ip: '10.1.2.3',
    headers: { authorization: 'Bearer lgw_live_x' },
    routeOptions: { url: '/api/v1/shipments/:id' },
  };
  const reply = { header: () => reply, code: () => reply, send: () => reply };
  for (let i = 0; i < 20_000; i++) await gate(request as never, reply as never); // warm-up
  const started = process.cpuUsage();
  for (let i = 0; i < GATE_CALLS; i++) {
    if (!(await gate(request as never, reply as never))) throw new Error('the gate refused the bench request');
  }
  const used = process.cpuUsage(started);
  return (used.user + used.system) / GATE_CALLS;
}

async function main() {
  console.log(`load average at start: ${load()}`);
  const base = { teamId: randomUUID(), accountId: randomUUID(), mode: 'live' as const, keyId: 'k1', rateLimitPerMinute: 1e9 };
  const full = await gateMicros({ ...base, scopes: ['*'] });
  const scoped = await gateMicros({
    ...base,
    keyId: 'k2',
    scopes: ['labels:read', 'pickups:write', 'shipments:read', 'webhooks:read'],
    allowedIps: ['192.168.0.0/16', '10.0.0.0/8'],
  });
  console.log(
    JSON.stringify({
      bench: 'access gate, CPU µs per request',
      full_access_key: +full.toFixed(2),
      scoped_key_with_ip_ranges: +scoped.toFixed(2),
      scope_check_us: +(scoped - full).toFixed(2),
      calls: GATE_CALLS,
    }),
  );

  const scratch = await scratchPostgres();
  // A PostgreSQL database: the data directory is never used.
  const db = await openDatabase({ databaseUrl: scratch.url, dataDir: os.tmpdir() });
  try {
    const q = db.dataSource;
    const teamId = randomUUID();
    await q.query('INSERT INTO teams (id, name) VALUES ($1, $2)', [teamId, 'Audit Bench']);
    const populateStarted = Date.now();
    let previous = AUDIT_GENESIS_HASH;
    const at0 = Date.UTC(2026, 0, 1);
    for (let from = 1; from <= EVENTS; from += INSERT_BATCH) {
      const cols: unknown[][] = Array.from({ length: 10 }, () => []);
      for (let seq = from; seq < Math.min(from + INSERT_BATCH, EVENTS + 1); seq++) {
        const event: AuditEventRecord = {
          id: randomUUID(),
          teamId,
          seq,
          at: new Date(at0 + seq * 1000),
          actorType: 'api_key',
          actorId: 'key-1',
          actorName: 'warehouse',
          action: seq % 3 === 0 ? 'shipment.cancelled' : 'webhook_endpoint.updated',
          targetType: 'shipment',
          targetId: `t-${seq}`,
          ip: '10.1.2.3',
          requestId: `req-${seq}`,
          changes: { status: { from: 'LABEL_GENERATED', to: 'CANCELLED' } },
        };
        const hash = auditEventHash(previous, event);
        for (const [i, value] of [
          event.id,
          seq,
          event.at,
          event.action,
          event.targetId,
          event.requestId,
          JSON.stringify(event.changes),
          previous,
          hash,
        ].entries())
          cols[i].push(value);
        previous = hash;
      }
      await q.query(
        `INSERT INTO audit_events (id, team_id, seq, at, actor_type, actor_id, actor_name, action, target_type, target_id, ip,
                                   request_id, changes, prev_hash, hash)
         SELECT id, $1, seq, at, 'api_key', 'key-1', 'warehouse', action, 'shipment', target_id, '10.1.2.3', request_id, changes::jsonb, prev_hash, hash
           FROM unnest($2::uuid[], $3::bigint[], $4::timestamptz[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
             AS u(id, seq, at, action, target_id, request_id, changes, prev_hash, hash)`,
        [teamId, ...cols.slice(0, 9)],
      );
    }
    await q.query('ANALYZE audit_events');
    console.log(`populated ${EVENTS} chained events in ${((Date.now() - populateStarted) / 1000).toFixed(1)} s`);

    // What reading the chain alone costs (no hashing): the floor under verify.
    const repository = new SqlAuditEventRepository(q);
    const readStarted = Date.now();
    let read = 0;
    for await (const page of repository.chain(teamId, 10_000)) read += page.length;
    console.log(
      JSON.stringify({ bench: 'audit chain read alone', events: read, seconds: +((Date.now() - readStarted) / 1000).toFixed(2) }),
    );

    const verify = new VerifyAuditChainUseCase(repository);
    for (let run = 1; run <= 3; run++) {
      const started = Date.now();
      const verdict = await verify.execute({ teamId });
      if (!verdict.ok || verdict.events_checked !== EVENTS) throw new Error(`chain not verified: ${JSON.stringify(verdict)}`);
      console.log(
        JSON.stringify({
          bench: 'audit chain verify',
          run,
          events: verdict.events_checked,
          seconds: +((Date.now() - started) / 1000).toFixed(2),
        }),
      );
    }
  } finally {
    await db.close();
    await scratch.drop();
  }
  console.log(`load average at end: ${load()}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
