import { createHash } from 'node:crypto';
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
  const pool = pgPoolOf(dataSource);
  if (!pool) return dataSource.query(text, values);
  const result = await pool.query<T>({ name, text, values });
  return result.rows;
}

const names = new Map<string, string>();

/**
 * A statement name for a text built at run time from a few fixed shapes: the prefix and a digest
 * of the text, so two shapes never share a name (a name must keep its text on a connection).
 * Remembered per text, since the same few texts come back on every call.
 */
export function statementName(prefix: string, text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    // Bounded all the same: a caller with unforeseen shapes costs a digest, not memory.
    if (names.size < 256) names.set(text, name);
  }
  return name;
}

/** Every column as the server writes it (text, or null): no type parsing. */
const AS_TEXT = { getTypeParser: () => (value: string) => value };

/**
 * A read whose rows come as arrays of the server's text, in the select list's order: no object
 * per row and no parsing of dates, numbers or JSON, for walks over a million rows that need the
 * stored text itself (the audit chain's hashes cover it). Outside a transaction only.
 */
export async function textRows(dataSource: DataSource, text: string, values: unknown[]): Promise<(string | null)[][]> {
  const pool = pgPoolOf(dataSource);
  if (!pool) throw new Error('textRows needs the node-postgres driver');
  const result = await pool.query<(string | null)[]>({ text, values, rowMode: 'array', types: AS_TEXT });
  return result.rows;
}

/** The node-postgres pool behind a TypeORM data source, or null for another driver. */
function pgPoolOf(dataSource: DataSource): Pool | null {
  const pool = (dataSource.driver as unknown as { master?: Pool }).master;
  return pool && typeof pool.query === 'function' ? pool : null;
}
