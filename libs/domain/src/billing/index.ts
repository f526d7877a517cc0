export * from './billing-period';
export * from './billing-line';
export * from './billing-charges';
export * from './invoice-totals';
export * from './invoice-id';
export * from './zatca-qr';
export * from './cash-on-delivery';
