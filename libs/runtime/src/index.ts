export * from './composition/gateway-core.module';
export * from './composition/gateway-runtime';
export * from './composition/tokens';
export * from './composition/api-resource-links';
export * from './lifecycle/process-lifecycle';
export * from './logging/pino-nest-logger';
export * from './background-jobs/background-jobs.processor';
export * from './background-jobs/worker.module';
