'use strict';
/**
 * Baseline of the second kind: a bare node:http server that does the I/O an endpoint needs —
 * the same Redis commands through ioredis, the same SQL through pg — and answers the same
 * bytes. Run as its own process by the hot-paths bench; configured by the environment:
 *   PORT, BODY_B64, CT, REDIS_URL (the gateway's own limiter class on the bench team's limit,
 *   RATE_LIMIT, default 10,000,000 a minute: whatever Redis calls the gateway makes per request),
 *   QUOTE_DOCS_B64 (JSON array of stored-quote documents: each request SETs them with PX, one
 *   pipeline), DATABASE_URL + SQL + SQL_PARAMS_B64 (one query per request through a pg pool).
 */
const http = require('node:http');
const { randomUUID } = require('node:crypto');

const body = Buffer.from(process.env.BODY_B64, 'base64');
const ct = process.env.CT;

// The gateway's own limiter, from the build (same key shape, same calls).
const { RedisRateLimiter } = require('../../dist/libs/platform/src/rate-limit/redis-rate-limiter');

function redisSteps() {
  if (!process.env.REDIS_URL) return [];
  const Redis = require('ioredis');
  const redis = new Redis(process.env.REDIS_URL, { enableAutoPipelining: true });
  const limiter = new RedisRateLimiter(redis);
  const bucket = `key:baseline-${randomUUID()}`;
  const limit = Number(process.env.RATE_LIMIT ?? 10_000_000);
  const steps = [() => limiter.consume(bucket, limit)];
  if (process.env.QUOTE_DOCS_B64) {
    const docs = JSON.parse(Buffer.from(process.env.QUOTE_DOCS_B64, 'base64').toString('utf8'));
    steps.push(async () => {
      const pipeline = redis.pipeline();
      for (const doc of docs) pipeline.set(`lgw:quote:${randomUUID()}`, JSON.stringify(doc), 'PX', 15 * 60_000);
      await pipeline.exec();
    });
  }
  return steps;
}

function sqlStep() {
  if (!process.env.DATABASE_URL || !process.env.SQL) return null;
  const { Pool } = require('pg');
  const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const params = JSON.parse(Buffer.from(process.env.SQL_PARAMS_B64 ?? 'W10=', 'base64').toString('utf8'));
  return () => pool.query(process.env.SQL, params);
}

const [limit, ...after] = redisSteps();
const sql = sqlStep();

async function work() {
  if (limit) await limit();
  for (const step of after) await step();
  if (sql) await sql();
}

http
  .createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      work().then(
        () => {
          res.writeHead(200, { 'content-type': ct, 'content-length': body.length });
          res.end(body);
        },
        (error) => {
          res.writeHead(500);
          res.end(String(error));
        },
      );
    });
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
