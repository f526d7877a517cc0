import type { Pool, QueryResultRow } from 'pg';
import type { DataSource } from 'typeorm';

/**
 * A hot single-statement read as a named (prepared) statement on the driver's pg pool: the
 * server parses and plans it once per connection instead of on every call. Embedded PGlite
 * spends most of a primary-key read planning it (537 → 227 µs per query measured through its
 * socket); PostgreSQL saves the parse too. The statement must not change shape at run time (a
 * fixed text per name). Outside a transaction only, like DataSource.query; falls back to it
 * when the driver is not node-postgres.
 */
export async function preparedQuery<T extends QueryResultRow>(
  dataSource: DataSource,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  const pool = (dataSource.driver as unknown as { master?: Pool }).master;
  if (!pool || typeof pool.query !== 'function') return dataSource.query(text, values);
  const result = await pool.query<T>({ name, text, values });
  return result.rows;
}
