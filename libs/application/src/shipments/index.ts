export * from './shipment.record';
export * from './shipment.view';
export * from './create-shipment/create-shipment.command';
export * from './create-shipment/create-shipment.use-case';
export * from './list-shipments/list-shipments.use-case';
export * from './get-shipment/get-shipment.use-case';
export * from './cancel-shipment/cancel-shipment.use-case';
export * from './update-destination/update-destination.use-case';
