export * from './quote.view';
export * from './parcels-fingerprint';
export * from './get-rates/get-rates.command';
export * from './get-rates/get-rates.use-case';
