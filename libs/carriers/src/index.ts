export * from './registry/carrier-catalogue';
