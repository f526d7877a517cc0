import pino, { Logger, LoggerOptions } from 'pino';

/**
 * Structured JSON logs. Credentials never reach a log line: the redaction list covers
 * every header and field that can carry an API key, admin token or webhook secret.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["x-admin-token"]',
  'headers.authorization',
  'authorization',
  'api_key',
  'apiKey',
  'secret',
  'password',
  '*.api_key',
  '*.secret',
  '*.password',
];

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    base: { service: 'logistics-gateway' },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
}

/**
 * Lines go to stdout asynchronously: a synchronous write per line cost one `writev` per request
 * on the hot paths (ADR 0058). Lines written while a write is in flight leave together; pino
 * flushes what is pending on a normal exit, `process.exit` included, so only a SIGKILL can cut
 * the last lines, as it cuts the process itself.
 */
export function createLogger(level = 'info'): Logger {
  return pino(loggerOptions(level), pino.destination({ dest: 1, sync: false }));
}
