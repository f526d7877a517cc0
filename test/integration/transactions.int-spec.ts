import { Database } from '@lgw/database';
import { openTestDatabase, SERVICES_MODE } from '../support/test-mode';

describe(`transactions (${SERVICES_MODE ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  let db: Database;
  let close: () => Promise<void>;

  beforeAll(async () => {
    // On disk, as `npm start` runs it.
    ({ db, close } = await openTestDatabase());
    await db.dataSource.query('CREATE TABLE tx_probe (id serial PRIMARY KEY, n integer NOT NULL)');
  });
  afterAll(() => close());

  it('runs the migrations', async () => {
    const rows = await db.dataSource.query('SELECT name FROM migrations');
    expect(rows.length).toBeGreaterThan(0);
  });

  it('keeps exactly the committed rows of 20 concurrent transactions, half rolled back', async () => {
    const work = Array.from({ length: 20 }, (_, n) =>
      db.dataSource
        .transaction(async (em) => {
          await em.query('INSERT INTO tx_probe (n) VALUES ($1)', [n]);
          // Yield so the transactions would interleave if the connection were shared.
          await new Promise((r) => setTimeout(r, 2 + (n % 5)));
          await em.query('INSERT INTO tx_probe (n) VALUES ($1)', [n + 100]);
          if (n % 2 === 1) throw new Error('roll back');
        })
        .then(
          () => 'committed',
          () => 'rolled back',
        ),
    );
    const outcomes = await Promise.all(work);
    expect(outcomes.filter((o) => o === 'committed')).toHaveLength(10);
    const rows: Array<{ n: number }> = await db.dataSource.query('SELECT n FROM tx_probe ORDER BY n');
    const expected = Array.from({ length: 20 }, (_, n) => n)
      .filter((n) => n % 2 === 0)
      .flatMap((n) => [n, n + 100])
      .sort((x, y) => x - y);
    expect(rows.map((r) => r.n)).toEqual(expected);
  });
});
