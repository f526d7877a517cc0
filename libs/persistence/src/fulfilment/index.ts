export * from './sql-fulfilment-batch.repository';
export * from './filesystem-batch-file.store';
export * from './postgres-batch-file.store';
