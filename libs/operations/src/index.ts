export * from './application/purge-expired/purge-expired.use-case';
export * from './application/relay-outbox/relay-outbox.use-case';
export * from './http/operations-http.module';
export * from './jobs/housekeeping.jobs';
export * from './jobs/outbox.jobs';
export * from './operations.module';
