export * from './filesystem-document.store';
export * from './typeorm-shipment-document.repository';
export * from './postgres-document.store';
