import { Client } from 'pg';
import { bootTestApp, TestApp } from '../support/test-app';

/** Needs PostgreSQL: part of `npm run test:services` only. The connection budget rests on this. */
describe('DATABASE_POOL_SIZE', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await bootTestApp({ env: { DATABASE_POOL_SIZE: '3' } });
  });
  afterAll(() => t.close());

  it('caps the connections one process opens, however many queries wait', async () => {
    const url = t.env.DATABASE_URL;
    const database = new URL(url).pathname.slice(1);
    const observer = new Client({ connectionString: url });
    await observer.connect();
    try {
      const busy = Array.from({ length: 8 }, () => t.runtime.database.dataSource.query('SELECT pg_sleep(0.3)'));
      await new Promise((r) => setTimeout(r, 150));
      const [{ n }] = (
        await observer.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database])
      ).rows;
      await Promise.all(busy);
      expect(n).toBe(3);
    } finally {
      await observer.end();
    }
  });
});
