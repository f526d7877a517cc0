export * from './application/record-delivery-outcome/record-delivery-outcome.use-case';
export * from './application/ports/tracking.repository.port';
export * from './application/sync-tracking/sync-tracking.use-case';
export * from './http/tracking-http.module';
export * from './jobs/tracking.jobs';
export * from './persistence/sql-tracking.repository';
export * from './tracking.module';
