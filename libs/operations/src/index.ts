export * from './application/purge-expired/purge-expired.use-case';
export * from './application/recover-carrier-intents/recover-carrier-intents.use-case';
export * from './application/redrive-outbox/redrive-outbox.use-case';
export * from './application/relay-outbox/relay-outbox.use-case';
export * from './http/operations-http.module';
export * from './operations.module';
