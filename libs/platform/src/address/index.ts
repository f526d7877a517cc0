export * from './spl-address.client';
export * from './cached-address-directory';
