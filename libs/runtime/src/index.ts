export * from './background-jobs/worker.module';
export * from './composition/gateway-runtime';
export * from './http/create-api-app';
export * from './lifecycle/process-lifecycle';
export * from './logging/pino-nest-logger';
