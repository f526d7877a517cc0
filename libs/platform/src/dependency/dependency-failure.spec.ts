import { createServer } from 'node:net';
import Redis from 'ioredis';
import { Client, Pool } from 'pg';
import { dependencyFailureOf } from './dependency-failure';

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('dependencyFailureOf', () => {
  let port: number;
  beforeAll(async () => {
    port = await closedPort();
  });

  it('classifies what ioredis rejects commands with while Redis is away', async () => {
    const failFast = new Redis({ port, host: '127.0.0.1', enableOfflineQueue: false, retryStrategy: () => null });
    failFast.on('error', () => undefined);
    expect(dependencyFailureOf(await rejection(failFast.get('k')))).toBe('redis');
    failFast.disconnect();

    const oneRetry = new Redis({ port, host: '127.0.0.1', maxRetriesPerRequest: 1, retryStrategy: () => 10 });
    oneRetry.on('error', () => undefined);
    expect(dependencyFailureOf(await rejection(oneRetry.get('k')))).toBe('redis');
    oneRetry.disconnect();

    const closed = new Redis({ port, host: '127.0.0.1', lazyConnect: true });
    closed.disconnect();
    expect(dependencyFailureOf(await rejection(closed.get('k')))).toBe('redis');
  });

  it('classifies what node-postgres rejects with when the database is away', async () => {
    const client = new Client({ host: '127.0.0.1', port, user: 'postgres' });
    expect(dependencyFailureOf(await rejection(client.connect()))).toBe('database');

    const pool = new Pool({ host: '127.0.0.1', port, user: 'postgres', connectionTimeoutMillis: 200 });
    expect(dependencyFailureOf(await rejection(pool.query('SELECT 1')))).toBe('database');
    await pool.end();
  });

  it('looks through TypeORM driver errors and causes, by SQLSTATE', () => {
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    expect(dependencyFailureOf(Object.assign(new Error('query failed'), { driverError: shutdown }))).toBe('database');
    expect(dependencyFailureOf(new Error('wrapped', { cause: { code: '08006', message: 'connection failure' } }))).toBe('database');
    expect(dependencyFailureOf(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe('database');
    expect(dependencyFailureOf(new Error('LOADING Redis is loading the dataset in memory'))).toBe('redis');
  });

  it('leaves every other failure alone', () => {
    const uniqueViolation = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
    expect(dependencyFailureOf(Object.assign(new Error('query failed'), { driverError: uniqueViolation }))).toBeUndefined();
    expect(dependencyFailureOf(new TypeError('x is undefined'))).toBeUndefined();
    expect(dependencyFailureOf(Object.assign(new Error('Body is not valid JSON'), { statusCode: 400 }))).toBeUndefined();
    expect(dependencyFailureOf(undefined)).toBeUndefined();
    expect(dependencyFailureOf('Connection is closed.')).toBeUndefined();
  });
});
