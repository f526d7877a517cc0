export * from './chargeable-weight';
export * from './rate-card';
export * from './rate-calculator';
export * from './rate-parcels';
export * from './lane';
