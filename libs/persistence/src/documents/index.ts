export * from './filesystem-document.store';
export * from './sql-shipment-document.repository';
export * from './postgres-document.store';
