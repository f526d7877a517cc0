/** A backing service the gateway cannot work without for the request at hand. */
export type Dependency = 'database' | 'redis';

/**
 * SQLSTATEs that say the database is away rather than the query wrong: class 08 (connection
 * exceptions), 57P01-57P03 (administrator/crash shutdown, cannot connect now) and 53300 (too
 * many connections).
 */
const PG_UNAVAILABLE_CODES = /^(08\w{3}|57P0[123]|53300)$/;
/** Socket failures of either driver. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
/** node-postgres (pg, pg-pool) messages for a connection that failed or was cut. */
const PG_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
];
/** ioredis messages while the connection is down, and Redis answers that mean "not now". */
const REDIS_MESSAGES = [
  /^Connection is closed\.?$/,
  /^Stream isn't writeable and enableOfflineQueue options is false/,
  /^Command timed out$/,
  /^Reached the max retries per request limit/,
  /^(LOADING|MASTERDOWN|TRYAGAIN|CLUSTERDOWN|READONLY) /,
  /^(enqueue to|schedule on|unschedule on) '.+' timed out$/,
];

/**
 * The one place that tells a lost database or Redis from any other failure, by the shape of
 * the drivers' errors (TypeORM wraps pg's in `driverError`; causes and aggregated connection
 * attempts are looked through). Returns which dependency, or undefined for anything else.
 */
export function dependencyFailureOf(error: unknown, depth = 0): Dependency | undefined {
  if (depth > 4 || error === null || typeof error !== 'object') return undefined;
  const e = error as { name?: unknown; message?: unknown; code?: unknown; driverError?: unknown; cause?: unknown; errors?: unknown };
  const name = typeof e.name === 'string' ? e.name : '';
  const message = typeof e.message === 'string' ? e.message : '';
  const code = typeof e.code === 'string' ? e.code : '';
  if (name === 'MaxRetriesPerRequestError' || REDIS_MESSAGES.some((re) => re.test(message))) return 'redis';
  if (PG_UNAVAILABLE_CODES.test(code) || PG_MESSAGES.some((re) => re.test(message))) return 'database';
  for (const inner of [e.driverError, e.cause, ...(Array.isArray(e.errors) ? e.errors : [])]) {
    const found = dependencyFailureOf(inner, depth + 1);
    if (found) return found;
  }
  // ioredis fails commands with its own messages above, never with a bare socket error: such an
  // error comes from pg connecting.
  if (NETWORK_CODES.has(code)) return 'database';
  return undefined;
}
