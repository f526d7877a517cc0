export * from './errors';
export * from './carrier/carrier-descriptor';
export * from './address/address';
export * from './shipment/shipment-status';
export * from './money';
export * from './rating';
