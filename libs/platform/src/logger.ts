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

export function createLogger(level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino(loggerOptions(level));
}
