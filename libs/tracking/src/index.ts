export * from './application/get-tracking/get-tracking.use-case';
export * from './application/ports/tracking.repository.port';
export * from './application/record-test-event/record-test-event.use-case';
export * from './application/sync-tracking/sync-tracking.use-case';
export * from './application/sync-tracking/tracking-poll-policy';
export * from './persistence/sql-tracking.repository';
export * from './tracking.module';
export * from './http/tracking-http.module';
