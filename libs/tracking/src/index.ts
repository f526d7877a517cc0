export * from './application/ports/tracking.repository.port';
export * from './application/sync-tracking/sync-tracking.use-case';
export * from './application/sync-tracking/tracking-poll-policy';
export * from './http/tracking-http.module';
export * from './persistence/sql-tracking.repository';
export * from './tracking.module';
