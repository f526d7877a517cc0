export * from './application/process-batch/batch-job';
export * from './application/process-batch/process-batch.use-case';
export * from './application/recover-batches/recover-batches.use-case';
export * from './domain/batch-csv-format';
export * from './fulfilment.module';
export * from './http/fulfilment-http.module';
