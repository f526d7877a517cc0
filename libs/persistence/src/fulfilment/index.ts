export * from './typeorm-fulfilment-batch.repository';
export * from './filesystem-batch-file.store';
export * from './postgres-batch-file.store';
