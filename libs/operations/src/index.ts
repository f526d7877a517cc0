export * from './application/ports/retention.port';
export * from './application/purge-expired/purge-expired.use-case';
export * from './application/recover-carrier-intents/recover-carrier-intents.use-case';
export * from './application/redrive-outbox/redrive-outbox.use-case';
export * from './application/relay-outbox/relay-outbox.use-case';
export * from './http/health.http.controller';
export * from './persistence/sql-retention';
