export * from './verify-address/verify-address.use-case';
