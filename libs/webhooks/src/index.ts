export * from './adapters/webhook-http.sender';
export * from './application/ports/webhooks.port';
export * from './application/webhook-jobs';
export * from './domain/webhook-retry-policy';
export * from './http/webhooks-http.module';
export * from './jobs/webhook.jobs';
export * from './persistence/sql-webhook-endpoint.repository';
export * from './webhooks.module';
