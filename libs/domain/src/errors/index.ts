export * from './error-code';
export * from './error-catalogue';
export * from './domain-error';
