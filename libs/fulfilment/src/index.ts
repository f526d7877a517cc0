export * from './domain/batch-csv-format';
export * from './fulfilment.module';
export * from './http/fulfilment-http.module';
export * from './jobs/batch.jobs';
