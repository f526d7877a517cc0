export * from './queue-logger';
export * from './job-defaults';
export * from './in-process/in-process-job-queue';
export * from './bullmq/redis-connection';
export * from './bullmq/bullmq-job-queue';
export * from './bullmq/bullmq-job-worker';
export * from './create-job-queue';
