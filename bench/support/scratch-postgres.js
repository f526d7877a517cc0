'use strict';
/**
 * A throwaway PostgreSQL database for a benchmark, on the server of BENCH_POSTGRES_URL
 * (default the machine's, postgres://postgres@127.0.0.1:5432/postgres); `drop()` removes it
 * whatever is still connected.
 */
const { randomBytes } = require('node:crypto');
const { Client } = require('pg');

async function scratchPostgres() {
  const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `lgw_bench_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

module.exports = { scratchPostgres };
