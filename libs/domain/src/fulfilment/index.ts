export * from './batch-csv-format';
export * from './batch-row-rules';
